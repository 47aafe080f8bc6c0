package dev.isola.appserver.testapps.split.ejb;

import jakarta.ejb.Remove;
import jakarta.ejb.Stateful;

import java.util.ArrayList;
import java.util.List;

@Stateful
public class BasketBean implements Basket {
    private final List<String> items = new ArrayList<>();

    @Override
    public void add(String item) {
        items.add(item);
    }

    @Override
    public List<String> items() {
        return new ArrayList<>(items);
    }

    @Remove
    @Override
    public List<String> checkout() {
        return items();
    }
}

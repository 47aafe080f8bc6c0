package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.Remove;
import jakarta.ejb.Stateful;

import java.util.ArrayList;
import java.util.List;

@Stateful
public class CartBean implements Cart {
    private final List<String> items = new ArrayList<>();

    @Override
    public void add(String item) {
        items.add(item);
    }

    @Override
    public List<String> items() {
        return List.copyOf(items);
    }

    @Remove
    @Override
    public List<String> checkout() {
        return List.copyOf(items);
    }
}

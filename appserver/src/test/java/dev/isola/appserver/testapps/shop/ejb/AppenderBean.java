package dev.isola.appserver.testapps.shop.ejb;

import jakarta.ejb.Stateless;

import java.util.List;

@Stateless
public class AppenderBean implements Appender {
    @Override
    public List<String> append(List<String> list, String item) {
        list.add(item);
        return list;
    }
}

package dev.isola.appserver.testapps.shop.ejb;

import jakarta.ejb.Stateless;

import java.util.List;

@Stateless
public class CatalogBean implements Catalog {
    @Override
    public List<String> items() {
        return List.of("fish", "dog", "cat");
    }
}

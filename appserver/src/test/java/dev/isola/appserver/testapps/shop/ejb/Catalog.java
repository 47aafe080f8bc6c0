package dev.isola.appserver.testapps.shop.ejb;

import jakarta.ejb.Local;

import java.util.List;

@Local
public interface Catalog {
    List<String> items();
}

package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.Local;

import java.util.List;

@Local
public interface Cart {
    void add(String item);

    List<String> items();

    List<String> checkout();
}

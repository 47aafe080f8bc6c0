package dev.isola.appserver.testapps.split.ejb;

import jakarta.ejb.Local;

import java.util.List;

/** A local view of a stateful bean: one basket per reference. */
@Local
public interface Basket {
    void add(String item);

    List<String> items();

    /** Ends the session ({@code @Remove}). */
    List<String> checkout();
}

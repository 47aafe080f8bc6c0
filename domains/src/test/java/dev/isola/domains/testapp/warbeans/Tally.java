package dev.isola.domains.testapp.warbeans;

import jakarta.ejb.Local;

/** The local view of the tally a WAR packages. */
@Local
public interface Tally {

    /** Adds {@code amount} and returns the sum so far, with the module the bean runs in. */
    String add(int amount);
}

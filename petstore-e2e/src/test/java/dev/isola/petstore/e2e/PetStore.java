package dev.isola.petstore.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The Pet Store deployed to one domain, reached over HTTP: browsers for it and a way to wait for
 * what the order processor does on its own time.
 *
 * @param domain the domain's name
 * @param origin {@code http://127.0.0.1:<port>}, the domain's web sub-server
 */
record PetStore(String domain, String origin, List<Browser> browsers) {

    PetStore(String domain, String origin) {
        this(domain, origin, new ArrayList<>());
    }

    /** A new browser (its own cookies, so its own HTTP session), closed with the fixture. */
    Browser browser() {
        Browser b = new Browser(origin);
        synchronized (browsers) {
            browsers.add(b);
        }
        return b;
    }

    void close() {
        synchronized (browsers) {
            browsers.forEach(Browser::close);
            browsers.clear();
        }
    }

    /** Polls {@code condition} (the order processor works on its own time) up to a bound only a broken server reaches. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited 60 s for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }
}

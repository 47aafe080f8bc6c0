package dev.isola.loadtests.gatling;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the shoppers of one Pet Store achieved during a run, beyond what Gatling counts as
 * requests: orders placed, orders refused because another shopper bought the last pet in
 * between (a correct answer of the Pet Store), and shoppers who found every pet they looked
 * for sold out. The Pet Store's stock only goes down (about 400 of the cheap pets the shoppers
 * buy in a new database), so a long run or many runs against one database end in "sold out";
 * the summary says so, since such shoppers no longer check out.
 */
final class OrderTally {

    private final AtomicLong placed = new AtomicLong();
    private final AtomicLong lostTheLastPet = new AtomicLong();
    private final AtomicLong soldOut = new AtomicLong();

    void placed() {
        placed.incrementAndGet();
    }

    void lostTheLastPet() {
        lostTheLastPet.incrementAndGet();
    }

    void soldOut() {
        soldOut.incrementAndGet();
    }

    /** One line for the console, with a warning when shoppers found nothing to buy. */
    String summary(String store) {
        String line = store + ": " + placed + " orders placed, " + lostTheLastPet + " refused (another shopper bought the last pet first), "
                + soldOut + " shoppers found every pet sold out";
        return soldOut.get() == 0 ? line
                : line + "\nWARNING: " + store + " is sold out of the pets the shoppers buy, so " + soldOut + " shoppers did not check out;"
                        + " restart the Pet Store with a new database for a full Shopper load";
    }
}

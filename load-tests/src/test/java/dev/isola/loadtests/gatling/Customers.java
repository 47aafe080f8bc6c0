package dev.isola.loadtests.gatling;

import java.util.Iterator;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The customers of one Pet Store during one run: a feeder of new customers whose user ids are
 * unique even across runs against the same database (a prefix from the start time, then a
 * counter), and the accounts made so far, which returning customers sign on to. An account is
 * handed to one virtual user at a time and comes back when that user has signed off.
 */
final class Customers {

    /** A password that the Pet Store accepts: 8 characters or more, different from the user id. */
    static final String PASSWORD = "gatling-pets-4-all";

    private final String prefix;
    private final AtomicLong counter = new AtomicLong();
    private final Queue<String> signedOff = new ConcurrentLinkedQueue<>();
    private final double returningShare;

    /**
     * @param returningShare the share of customers who sign on to an existing account when
     *                       there is one free, rather than creating a new one
     */
    Customers(double returningShare) {
        this.returningShare = returningShare;
        // "lt" + 8 base-36 digits of the start time: a letter first, 10 characters, unique per run
        // for a few thousand years; with "-" and the counter the id stays within the 20 allowed.
        this.prefix = "lt" + Long.toString(System.currentTimeMillis(), 36);
    }

    /** Endless session attributes {@code userId}, {@code password}, {@code email}, {@code returning} for the next customer. */
    Iterator<Map<String, Object>> feeder() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Map<String, Object> next() {
                String returning = ThreadLocalRandom.current().nextDouble() < returningShare ? signedOff.poll() : null;
                String userId = returning != null ? returning : prefix + "-" + counter.incrementAndGet();
                return Map.of("userId", userId, "password", PASSWORD, "email", userId + "@example.com", "returning", returning != null);
            }
        };
    }

    /** Makes {@code userId}'s account available to a later returning customer. */
    void signedOff(String userId) {
        signedOff.add(userId);
    }
}

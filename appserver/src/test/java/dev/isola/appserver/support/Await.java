package dev.isola.appserver.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for something the server does on its own time (a message-driven bean processing a
 * message): polls the condition until it holds, or fails after a generous bound that only a
 * broken server reaches.
 */
public final class Await {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    private Await() {
    }

    public static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + LIMIT.toSeconds() + " s for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }
}

package dev.isola.petstore.order;

import dev.isola.petstore.validation.InvalidInputException;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs a transaction again when the database rolled it back for a reason that goes away by
 * itself: SQLState class {@code 40} (transaction rollback), which covers deadlocks and lock
 * timeouts. Under concurrent checkouts Derby can time out allocating the next range of identity
 * values ({@code 40XL1} from its sequence updater) although nothing is wrong with the order; the
 * whole transaction has then been rolled back, so it is safe, and what a customer would do by
 * pressing the button again, to run it once more. The number of attempts is bounded, so a
 * database that keeps refusing still gives the customer an error page instead of a hanging
 * request; any other failure, and every {@link CheckoutException} or {@link InvalidInputException}
 * (a decision about the order, not a transient fault), is passed on at once.
 *
 * <p>The caller must not be in a transaction itself (the attempt has to start and end its own),
 * which is why the {@code NOT_SUPPORTED} shopping cart retries the order bean's {@code REQUIRED}
 * {@code placeOrder}.
 */
public final class TransientRollbackRetry {
    private static final System.Logger LOG = System.getLogger(TransientRollbackRetry.class.getName());

    /** One run of the transaction. */
    @FunctionalInterface
    public interface Attempt<T> {
        T run() throws InvalidInputException, CheckoutException;
    }

    /** What the retry waits between attempts; a test passes one that records instead of sleeping. */
    @FunctionalInterface
    public interface Pause {
        void pause(long millis) throws InterruptedException;
    }

    /** SQLState class for "transaction rollback" (SQL standard; Derby's 40001, 40XL1, 40XL2). */
    static final String ROLLBACK_CLASS = "40";

    private final int maxAttempts;
    private final long baseBackoffMillis;
    private final Pause pause;

    /**
     * @param maxAttempts       how many times at most the transaction runs, at least 1
     * @param baseBackoffMillis the wait before the second attempt; each further attempt waits
     *                          twice as long, with random jitter so that the transactions that
     *                          collided do not collide again
     */
    public TransientRollbackRetry(int maxAttempts, long baseBackoffMillis, Pause pause) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, not " + maxAttempts);
        }
        if (baseBackoffMillis < 0) {
            throw new IllegalArgumentException("baseBackoffMillis must not be negative, not " + baseBackoffMillis);
        }
        this.maxAttempts = maxAttempts;
        this.baseBackoffMillis = baseBackoffMillis;
        this.pause = pause;
    }

    /** The retry the shopping cart uses: up to 4 attempts, 20 ms, 40 ms, 80 ms (with jitter) apart. */
    public static TransientRollbackRetry forCheckout() {
        return new TransientRollbackRetry(4, 20, Thread::sleep);
    }

    public <T> T run(Attempt<T> attempt) throws InvalidInputException, CheckoutException {
        for (int number = 1; ; number++) {
            try {
                return attempt.run();
            } catch (RuntimeException e) {
                if (number >= maxAttempts || !isTransientRollback(e)) {
                    throw e;
                }
                long backoff = baseBackoffMillis << (number - 1);
                LOG.log(System.Logger.Level.INFO, "attempt {0} of {1} was rolled back by the database ({2}); trying again",
                        number, maxAttempts, e.getMessage());
                try {
                    pause.pause(backoff + ThreadLocalRandom.current().nextLong(backoff + 1));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Whether {@code failure} was caused by an {@link SQLException} of SQLState class 40. */
    public static boolean isTransientRollback(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException s = sql; s != null; s = s.getNextException()) {
                    String state = s.getSQLState();
                    if (state != null && state.startsWith(ROLLBACK_CLASS)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}

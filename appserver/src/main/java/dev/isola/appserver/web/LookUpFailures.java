package dev.isola.appserver.web;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How a realm that looks its users up elsewhere ({@link JdbcRealm}'s database, {@link LdapRealm}'s
 * directory) goes through that store's failures: each failure is logged once per kind, not at
 * every sign-in it refuses, until a look-up succeeds again (which is logged too); and after the
 * store could not be reached, sign-ins are refused at once for a pause instead of each waiting
 * for a connection timeout. Why the pause: a storm of sign-ins against a dead store would
 * otherwise hold every request thread of the domain that long, pages that need no sign-in
 * included.
 */
final class LookUpFailures {

    private final Logger log;
    private final String store;
    private final long pauseNanos;
    private final LongSupplier nanoTime;
    /** The kind of failure last logged, until a look-up succeeds. */
    private volatile String lastFailure;
    /** Until when (in {@code nanoTime}'s terms) sign-ins are refused without asking the store. */
    private volatile long unreachableUntil;

    /**
     * @param log              where the failures go: the realm's logger, which the lines name as their source too
     * @param store            the store as the log lines name it: {@code the users' database (datasource java:global/jdbc/users)}
     * @param unreachablePause how long sign-ins are refused at once after the store could not be reached
     * @param nanoTime         the clock ({@link System#nanoTime} but in tests)
     */
    LookUpFailures(Logger log, String store, Duration unreachablePause, LongSupplier nanoTime) {
        this.log = log;
        this.store = store;
        this.pauseNanos = unreachablePause.toNanos();
        this.nanoTime = nanoTime;
        this.unreachableUntil = nanoTime.getAsLong();
    }

    /** Whether sign-ins are to be refused without asking the store: it could not be reached less than the pause ago. */
    boolean pausing() {
        return nanoTime.getAsLong() - unreachableUntil < 0;
    }

    /** The store could not be reached: the pause starts, and {@code why} is logged with it unless {@code kind} was the last logged. */
    void unreachable(String kind, String why) {
        unreachableUntil = nanoTime.getAsLong() + pauseNanos;
        failed(kind, why + " (asked again " + Duration.ofNanos(pauseNanos).toSeconds() + " s after each failure to reach it; sign-ins meanwhile"
                + " are refused at once)");
    }

    /**
     * Logs a failure unless one of the same kind was the last logged. The kind, not the message, decides: a message can differ
     * from one sign-in to the next (a pool's timeout names the threads waiting).
     */
    synchronized void failed(String kind, String why) {
        if (kind.equals(lastFailure)) {
            return;
        }
        lastFailure = kind;
        log.logp(Level.SEVERE, log.getName(), "authenticate", store + " " + why + " (logged once, until a look-up succeeds)");
    }

    /** A look-up succeeded: the store answers, which is logged once after a failure. */
    void succeeded() {
        if (lastFailure == null) {
            return;
        }
        synchronized (this) {
            if (lastFailure != null) {
                lastFailure = null;
                log.logp(Level.INFO, log.getName(), "authenticate", store + " answers again; users sign in");
            }
        }
    }
}

package dev.isola.domains.logging;

import java.util.logging.LogManager;

/**
 * A log manager that keeps logging while the JVM shuts down. The JDK's own resets itself
 * (closing every handler) in a shutdown hook of its own, which runs at the same time as the
 * hooks that undeploy applications and stop sub-servers, so their last lines were lost. This
 * one ignores a reset during shutdown; file handlers flush every record, so nothing is lost
 * when the process ends.
 *
 * <p>Selected with {@code -Djava.util.logging.manager=dev.isola.domains.logging.LastWordsLogManager},
 * which the specs of domain and admin isolates set.
 */
public final class LastWordsLogManager extends LogManager {

    public static final String PROPERTY = "java.util.logging.manager";

    @Override
    public void reset() {
        if (shuttingDown()) {
            return;
        }
        super.reset();
    }

    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}

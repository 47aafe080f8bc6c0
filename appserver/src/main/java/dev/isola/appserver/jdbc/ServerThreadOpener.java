package dev.isola.appserver.jdbc;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Opens a database that the server opens on first use (the default datasource, the JMS store)
 * on a platform thread of the server's own, and waits for it.
 *
 * <p>Why: the first use comes from whichever application thread needs the database first, and
 * an embedded Derby boot starts daemon threads that live as long as the database. A thread
 * inherits its creator's context class loader and inheritable thread locals, so Derby's threads
 * would keep the first application's class loader, and every class it loaded, after that
 * application is undeployed. The opening thread has the server's loader as its context and
 * inherits no thread locals.
 */
public final class ServerThreadOpener {

    private ServerThreadOpener() {
    }

    /**
     * Runs {@code open} on a new thread named {@code name}, with the server's class loader as its context, and returns
     * what it returns, or throws what it throws (unchecked exceptions and errors, rethrown as they are). Waits for it
     * even if the calling thread is interrupted (the database must not be left half open), and keeps the interrupt.
     */
    public static <T> T open(String name, Supplier<T> open) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread opener = Thread.ofPlatform().name(name).daemon().inheritInheritableThreadLocals(false).unstarted(() -> {
            try {
                result.set(open.get());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        opener.setContextClassLoader(ServerThreadOpener.class.getClassLoader());
        opener.start();
        boolean interrupted = false;
        while (true) {
            try {
                opener.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable thrown = failure.get();
        if (thrown instanceof RuntimeException e) {
            throw e;
        }
        if (thrown instanceof Error e) {
            throw e;
        }
        if (thrown != null) {
            throw new IllegalStateException(name + " failed", thrown);
        }
        return result.get();
    }
}

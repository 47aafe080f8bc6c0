package dev.isola.appserver.jdbc;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A database the server opens on its first use rather than at its start (the default datasource's
 * pool, the JMS store): opened once, by the first {@link #get()}, on a platform thread of the
 * server's own, and never again once {@link #close() closed}.
 *
 * <p>Why a thread of its own: the first use comes from whichever application thread needs the
 * database first, and an embedded Derby boot starts daemon threads that live as long as the
 * database. A thread inherits its creator's context class loader and inheritable thread locals, so
 * Derby's threads would keep the first application's class loader, and every class it loaded, after
 * that application is undeployed. The opening thread has the server's loader as its context and
 * inherits no thread locals.
 *
 * @param <T> what opening gives (a pool, a store)
 */
public final class OpenedOnFirstUse<T> {

    /** Thrown by {@link #get()} once {@link #close()} was called; callers say what is closed in their own terms. */
    public static final class ClosedException extends RuntimeException {
        ClosedException() {
            super("closed", null, false, false);
        }
    }

    private final String threadName;
    private final Supplier<T> open;
    private volatile T opened;
    /** Guarded by {@code this}. */
    private boolean closed;

    /** {@code open} runs on a thread named {@code threadName}, at the first {@link #get()}. */
    public OpenedOnFirstUse(String threadName, Supplier<T> open) {
        this.threadName = threadName;
        this.open = open;
    }

    /** One that was opened already (at the server's start): {@link #get()} returns {@code value}. */
    public static <T> OpenedOnFirstUse<T> alreadyOpen(T value) {
        OpenedOnFirstUse<T> first = new OpenedOnFirstUse<>("", () -> value);
        first.opened = value;
        return first;
    }

    /**
     * What opening gave, opening it now if this is the first use. A failure to open is thrown as it is (unchecked
     * exceptions and errors) and does not stick: the next call tries again.
     *
     * @throws ClosedException if it was closed before it was opened
     */
    public T get() {
        T value = opened;
        if (value != null) {
            return value;
        }
        synchronized (this) {
            if (closed) {
                throw new ClosedException();
            }
            if (opened == null) {
                opened = onServerThread(threadName, open);
            }
            return opened;
        }
    }

    /** What opening gave, if it has been opened; opens nothing. */
    public Optional<T> ifOpen() {
        return Optional.ofNullable(opened);
    }

    /** Work done on what this opens while it is not open (copying a database's files). */
    @FunctionalInterface
    public interface WhileNotOpened {
        void run() throws IOException;
    }

    /**
     * Runs {@code action} if this has not been opened, and keeps it from being opened until the
     * action ends (a first use meanwhile waits): for a backup that copies the files of a database
     * no one has open, which the first use would otherwise open, and write, halfway through.
     *
     * @return whether {@code action} ran; false if this is open (or was opened at the start)
     */
    public boolean ifNotOpened(WhileNotOpened action) throws IOException {
        if (opened != null) {
            return false;
        }
        synchronized (this) {
            if (opened != null) {
                return false;
            }
            action.run();
            return true;
        }
    }

    /** Marks it closed, so that it is never opened after this; returns what was open, for the caller to close. */
    public Optional<T> close() {
        synchronized (this) {
            closed = true;
            return Optional.ofNullable(opened);
        }
    }

    /**
     * Runs {@code open} on a new thread named {@code name}, with the server's class loader as its context, and returns
     * what it returns, or throws what it throws. Waits for it even if the calling thread is interrupted (the database
     * must not be left half open), and keeps the interrupt.
     */
    static <T> T onServerThread(String name, Supplier<T> open) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread opener = Thread.ofPlatform().name(name).daemon().inheritInheritableThreadLocals(false).unstarted(() -> {
            try {
                result.set(open.get());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        opener.setContextClassLoader(OpenedOnFirstUse.class.getClassLoader());
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

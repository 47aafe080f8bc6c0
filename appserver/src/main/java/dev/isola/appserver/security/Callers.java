package dev.isola.appserver.security;

import java.util.function.Supplier;

/**
 * The caller of the work a thread is doing: set where a call comes in (an HTTP request once
 * Tomcat has authenticated it, a call arriving over an EJB link, a bean running as
 * {@code @RunAs}) and read by the EJB container when a business method is called. It is held as
 * a supplier, so that a request's caller is looked up when a bean is called, after the web
 * application may have signed the user in ({@code HttpServletRequest.login}).
 */
public final class Callers {

    private static final ThreadLocal<Supplier<Caller>> CURRENT = new ThreadLocal<>();

    private Callers() {
    }

    /** The caller of this thread's work, or null when it has none (anonymous). */
    public static Caller current() {
        Supplier<Caller> supplier = CURRENT.get();
        return supplier == null ? null : supplier.get();
    }

    /** Makes {@code caller} the thread's caller until the returned scope is closed, which restores the one before. */
    public static Scope enter(Supplier<Caller> caller) {
        Supplier<Caller> previous = CURRENT.get();
        CURRENT.set(caller);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** {@link #enter(Supplier)} with a caller known now; null for none. */
    public static Scope enter(Caller caller) {
        return enter(caller == null ? null : () -> caller);
    }

    /** Ends what {@link #enter} began. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {

        /** A scope that changed nothing, for a caller who is current already. */
        Scope NONE = () -> { };

        @Override
        void close();
    }
}

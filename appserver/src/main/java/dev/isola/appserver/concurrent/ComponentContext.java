package dev.isola.appserver.concurrent;

import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;
import dev.isola.appserver.tx.LocalTransaction;
import dev.isola.appserver.tx.LocalTransactionManager;

import java.util.Objects;

/**
 * The application component context a managed task runs with, captured where it was handed over
 * (Jakarta Concurrency's "application" and "security" contexts): the component's {@code java:}
 * names, its class loader, and the signed-in caller its bean calls are made as.
 *
 * <p>A transaction is never part of it. A task runs outside the submitter's transaction, as the
 * specification asks, and may begin its own with {@code UserTransaction}; one it leaves open is
 * rolled back when it returns, so that a task cannot keep a connection and its locks for good.
 *
 * @param scopes the component's names, or null if it was captured on a thread of no component
 * @param loader the thread context class loader
 * @param caller the caller, or null for none (anonymous)
 */
record ComponentContext(Scopes scopes, ClassLoader loader, Caller caller) {

    private static final System.Logger LOG = System.getLogger(ComponentContext.class.getName());

    /** The context of the calling thread. */
    static ComponentContext capture() {
        return new ComponentContext(NamingScopes.current(), Thread.currentThread().getContextClassLoader(), Callers.current());
    }

    /**
     * Makes this context the calling thread's until the returned handle is closed, which puts back
     * what was there. Unless {@code keepTransaction}, the thread's transaction is suspended meanwhile.
     */
    Applied apply(LocalTransactionManager transactions, boolean keepTransaction, String task) {
        Thread thread = Thread.currentThread();
        ClassLoader previousLoader = thread.getContextClassLoader();
        LocalTransaction suspended = keepTransaction ? null : transactions.suspend();
        LocalTransaction before = transactions.currentTransaction();
        thread.setContextClassLoader(loader);
        NamingScopes.Restore names = NamingScopes.enter(scopes);
        Callers.Scope callerScope = Callers.enter(caller);
        return () -> {
            try {
                LocalTransaction left = transactions.currentTransaction();
                if (left != null && !Objects.equals(left, before)) {
                    rollBackLeftOpen(transactions, left, task);
                }
                if (suspended != null) {
                    try {
                        transactions.resume(suspended);
                    } catch (jakarta.transaction.InvalidTransactionException impossible) {
                        throw new IllegalStateException(impossible);
                    }
                }
            } finally {
                callerScope.close();
                names.close();
                thread.setContextClassLoader(previousLoader);
            }
        };
    }

    private static void rollBackLeftOpen(LocalTransactionManager transactions, LocalTransaction left, String task) {
        LOG.log(System.Logger.Level.WARNING, task + " returned with " + left + " still open; rolling it back "
                + "(a task must commit or roll back the transactions it begins)");
        try {
            transactions.rollback();
        } catch (jakarta.transaction.SystemException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "rolling back " + left + " failed: " + e);
            transactions.suspend();
        }
    }

    /** Ends what {@link #apply} began. */
    @FunctionalInterface
    interface Applied extends AutoCloseable {
        @Override
        void close();
    }
}

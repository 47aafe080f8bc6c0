package dev.isola.appserver.concurrent;

import dev.isola.appserver.concurrent.ContextPolicy.Treatment;
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
 * names, its class loader, and the signed-in caller its bean calls are made as. Which of them a
 * task gets, and what happens to the running thread's transaction, is the {@link ContextPolicy}'s.
 *
 * <p>A transaction is never propagated. Cleared (the default), a task runs outside the
 * submitter's transaction, as the specification asks, and may begin its own with
 * {@code UserTransaction}; one it leaves open is rolled back when it returns, so that a task
 * cannot keep a connection and its locks for good.
 *
 * @param policy       what is propagated, cleared or left unchanged
 * @param scopes       the component's names, or null if it was captured on a thread of no component
 * @param loader       the thread context class loader
 * @param caller       the caller, or null for none (anonymous)
 * @param serverLoader the class loader of a thread whose application context is cleared
 */
record ComponentContext(ContextPolicy policy, Scopes scopes, ClassLoader loader, Caller caller, ClassLoader serverLoader) {

    private static final System.Logger LOG = System.getLogger(ComponentContext.class.getName());

    /** The context of the calling thread, as {@code policy} will apply it. */
    static ComponentContext capture(ContextPolicy policy, ClassLoader serverLoader) {
        return new ComponentContext(policy, NamingScopes.current(), Thread.currentThread().getContextClassLoader(), Callers.current(), serverLoader);
    }

    /** This context with the transaction treated otherwise (a task's execution properties). */
    ComponentContext withTransaction(Treatment transaction) {
        return new ComponentContext(policy.withTransaction(transaction), scopes, loader, caller, serverLoader);
    }

    /**
     * Makes this context the calling thread's until the returned handle is closed, which puts back
     * what was there.
     */
    Applied apply(LocalTransactionManager transactions, String task) {
        Thread thread = Thread.currentThread();
        ClassLoader previousLoader = thread.getContextClassLoader();
        LocalTransaction suspended = policy.transaction() == Treatment.CLEARED ? transactions.suspend() : null;
        LocalTransaction before = transactions.currentTransaction();
        NamingScopes.Restore names = () -> { };
        switch (policy.application()) {
            case PROPAGATED -> {
                thread.setContextClassLoader(loader);
                names = NamingScopes.enter(scopes);
            }
            case CLEARED -> {
                thread.setContextClassLoader(serverLoader);
                names = NamingScopes.enter(null);
            }
            case UNCHANGED -> { }
        }
        Callers.Scope callerScope = switch (policy.security()) {
            case PROPAGATED -> Callers.enter(caller);
            case CLEARED -> Callers.enter((Caller) null);
            case UNCHANGED -> Callers.Scope.NONE;
        };
        NamingScopes.Restore namesToRestore = names;
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
                namesToRestore.close();
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

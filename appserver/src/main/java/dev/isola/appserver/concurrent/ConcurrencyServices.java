package dev.isola.appserver.concurrent;

import dev.isola.appserver.tx.LocalTransactionManager;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * What the applications' Jakarta Concurrency resources share in one server: the transaction
 * manager whose transactions a task runs outside of, and the timer thread that waits for delayed
 * and repeating tasks. The timer thread starts with the first such task, so a server whose
 * applications schedule nothing has none; it only hands due tasks to task threads.
 */
public final class ConcurrencyServices implements AutoCloseable {

    private final LocalTransactionManager transactions;
    private final ClassLoader serverLoader;
    private ScheduledThreadPoolExecutor timer;
    private boolean closed;

    public ConcurrencyServices(LocalTransactionManager transactions, ClassLoader serverLoader) {
        this.transactions = transactions;
        this.serverLoader = serverLoader;
    }

    /** The resources of a newly deployed application. */
    public ApplicationConcurrency forApplication(String application) {
        return new ApplicationConcurrency(application, this);
    }

    LocalTransactionManager transactions() {
        return transactions;
    }

    /** The loader of the server's threads, and of a task's thread whose application context is cleared. */
    ClassLoader serverLoader() {
        return serverLoader;
    }

    /**
     * A daemon platform thread of the server's: made on an application's thread, it takes nothing of
     * it (its class loader, its inheritable thread locals), since it may outlive the application.
     */
    Thread serverThread(String name, Runnable body) {
        Thread t = Thread.ofPlatform().name(name).daemon().inheritInheritableThreadLocals(false).unstarted(body);
        t.setContextClassLoader(serverLoader);
        return t;
    }

    /** Runs {@code action} on the timer thread in {@code delayNanos}; it must only hand work over. */
    synchronized ScheduledFuture<?> later(Runnable action, long delayNanos) {
        if (closed) {
            throw new java.util.concurrent.RejectedExecutionException("the server is stopping");
        }
        if (timer == null) {
            timer = new ScheduledThreadPoolExecutor(1, r -> serverThread("managed-task-timer", r));
            // a cancelled task leaves the queue at once, not when it would have been due: an undeployed
            // application's class loader is not held until then
            timer.setRemoveOnCancelPolicy(true);
        }
        return timer.schedule(action, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}

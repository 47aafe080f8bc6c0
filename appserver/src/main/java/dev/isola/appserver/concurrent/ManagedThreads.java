package dev.isola.appserver.concurrent;

import dev.isola.appserver.tx.LocalTransactionManager;
import jakarta.enterprise.concurrent.ManageableThread;
import jakarta.enterprise.concurrent.ManagedThreadFactory;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * An application's {@code java:comp/DefaultManagedThreadFactory}, one per lookup: as the
 * specification says, its threads run in the context of the component that looked it up (or had
 * it injected), captured then. They are daemon platform threads, {@link ManageableThread}s whose
 * {@code isShutdown} turns true, and which are interrupted, when the application is undeployed;
 * after that the factory makes no more.
 */
final class ManagedThreads implements ManagedThreadFactory {

    private final String application;
    private final ComponentContext context;
    private final LocalTransactionManager transactions;
    private final Set<Thread> live;
    private final BooleanSupplier undeployed;
    private final AtomicInteger numbers;

    ManagedThreads(String application, ComponentContext context, LocalTransactionManager transactions, Set<Thread> live,
                   BooleanSupplier undeployed, AtomicInteger numbers) {
        this.application = application;
        this.context = context;
        this.transactions = transactions;
        this.live = live;
        this.undeployed = undeployed;
        this.numbers = numbers;
    }

    @Override
    public Thread newThread(Runnable task) {
        Objects.requireNonNull(task, "task");
        refuseAfterUndeploy();
        Thread thread = new Managed(() -> {
            try (var applied = context.apply(transactions, false, "managed thread " + Thread.currentThread().getName())) {
                task.run();
            } finally {
                live.remove(Thread.currentThread());
            }
        }, application + "-managed-thread-" + numbers.incrementAndGet(), undeployed);
        thread.setDaemon(true);
        live.add(thread);
        return thread;
    }

    @Override
    public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
        refuseAfterUndeploy();
        ForkJoinWorkerThread thread = new ManagedWorker(pool, this);
        thread.setName(application + "-managed-fork-join-" + numbers.incrementAndGet());
        live.add(thread);
        return thread;
    }

    private void refuseAfterUndeploy() {
        if (undeployed.getAsBoolean()) {
            throw new IllegalStateException("application " + application + " is undeployed; its managed thread factory makes no more threads");
        }
    }

    private static final class Managed extends Thread implements ManageableThread {
        private final BooleanSupplier undeployed;

        Managed(Runnable body, String name, BooleanSupplier undeployed) {
            super(body, name);
            this.undeployed = undeployed;
        }

        @Override
        public boolean isShutdown() {
            return undeployed.getAsBoolean();
        }
    }

    /** A fork-join worker that runs every task of its pool in the factory's context. */
    private static final class ManagedWorker extends ForkJoinWorkerThread implements ManageableThread {
        private final ManagedThreads factory;

        ManagedWorker(ForkJoinPool pool, ManagedThreads factory) {
            super(null, pool, true);
            this.factory = factory;
        }

        @Override
        public void run() {
            try (var applied = factory.context.apply(factory.transactions, false, "managed fork-join worker " + getName())) {
                super.run();
            } finally {
                factory.live.remove(this);
            }
        }

        @Override
        public boolean isShutdown() {
            return factory.undeployed.getAsBoolean();
        }
    }
}

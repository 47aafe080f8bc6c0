package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ManageableThread;
import jakarta.enterprise.concurrent.ManagedThreadFactory;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * An application's {@code java:comp/DefaultManagedThreadFactory}, or one it defines with
 * {@code @ManagedThreadFactoryDefinition}; a new one at each lookup, since, as the specification
 * says, its threads run in the context of the component that looked it up (or had it injected),
 * captured then. They are daemon platform threads, {@link ManageableThread}s whose
 * {@code isShutdown} turns true, and which are interrupted, when the application is undeployed
 * (virtual ones when the definition asks, which are not {@code ManageableThread}s, as the
 * specification allows); after that the factory makes no more.
 */
final class ManagedThreads implements ManagedThreadFactory {

    /** How the threads of one factory definition are made, and what they share with the application. */
    record Kind(String application, String jndiName, String namePrefix, int priority, boolean virtual, Set<Thread> live, BooleanSupplier undeployed, AtomicInteger numbers) { }

    private final Kind kind;
    private final ComponentContext context;
    private final ApplicationContextService contexts;

    ManagedThreads(Kind kind, ApplicationContextService contexts) {
        this.kind = kind;
        this.contexts = contexts;
        this.context = contexts.capture();
    }

    String jndiName() {
        return kind.jndiName();
    }

    @Override
    public Thread newThread(Runnable task) {
        Objects.requireNonNull(task, "task");
        refuseAfterUndeploy();
        Runnable body = () -> {
            try (var applied = context.apply(contexts.transactions(), "managed thread " + Thread.currentThread().getName())) {
                task.run();
            } finally {
                kind.live().remove(Thread.currentThread());
            }
        };
        String name = kind.namePrefix() + kind.numbers().incrementAndGet();
        Thread thread;
        if (kind.virtual()) {
            thread = Thread.ofVirtual().name(name).unstarted(body);
        } else {
            thread = new Managed(body, name, kind.undeployed());
            thread.setDaemon(true);
            thread.setPriority(kind.priority());
        }
        kind.live().add(thread);
        return thread;
    }

    @Override
    public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
        refuseAfterUndeploy();
        ForkJoinWorkerThread thread = new ManagedWorker(pool, this);
        thread.setName(kind.namePrefix() + "fork-join-" + kind.numbers().incrementAndGet());
        thread.setPriority(kind.priority());
        kind.live().add(thread);
        return thread;
    }

    private void refuseAfterUndeploy() {
        if (kind.undeployed().getAsBoolean()) {
            throw new IllegalStateException("application " + kind.application() + " is undeployed; its managed thread factory makes no more threads");
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
            try (var applied = factory.context.apply(factory.contexts.transactions(), "managed fork-join worker " + getName())) {
                super.run();
            } finally {
                factory.kind.live().remove(this);
            }
        }

        @Override
        public boolean isShutdown() {
            return factory.kind.undeployed().getAsBoolean();
        }
    }
}

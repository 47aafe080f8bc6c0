package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedTaskListener;

import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * One run of a task handed to a managed executor: the task's body in the context of the
 * component that submitted it, and its {@link ManagedTaskListener} told of each step
 * (submitted, starting, aborted when cancelled, done), as the specification orders them.
 */
final class ManagedTaskFuture<V> extends FutureTask<V> {

    private static final System.Logger LOG = System.getLogger(ManagedTaskFuture.class.getName());

    private final TaskIdentity identity;
    private final ManagedExecutorService executor;
    private final Consumer<Future<?>> onEnd;

    ManagedTaskFuture(Callable<V> contextualBody, TaskIdentity identity, ManagedExecutorService executor, Consumer<Future<?>> onEnd) {
        super(contextualBody);
        this.identity = identity;
        this.executor = executor;
        this.onEnd = onEnd;
    }

    /** Tells the listener that the task was accepted; called once, before it can start. */
    void submitted() {
        ManagedTaskListener listener = identity.listener();
        if (listener != null) {
            tell("taskSubmitted", () -> listener.taskSubmitted(this, executor, identity.task()));
        }
    }

    @Override
    public void run() {
        ManagedTaskListener listener = identity.listener();
        if (listener != null && !isDone()) {
            tell("taskStarting", () -> listener.taskStarting(this, executor, identity.task()));
        }
        super.run();
    }

    @Override
    protected void done() {
        try {
            ManagedTaskListener listener = identity.listener();
            if (listener == null) {
                return;
            }
            Throwable failure = failure();
            if (isCancelled()) {
                tell("taskAborted", () -> listener.taskAborted(this, executor, identity.task(), (CancellationException) failure));
            }
            tell("taskDone", () -> listener.taskDone(this, executor, identity.task(), failure));
        } finally {
            onEnd.accept(this);
        }
    }

    private Throwable failure() {
        try {
            get();
            return null;
        } catch (CancellationException e) {
            return e;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }

    /** A listener that throws does not change the task's outcome: it is logged. */
    private void tell(String what, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.WARNING, "the listener of " + identity.describe() + " threw from " + what + ": " + e, e);
        }
    }

    @Override
    public String toString() {
        return identity.describe() + (isCancelled() ? " (cancelled)" : isDone() ? " (done)" : "");
    }
}

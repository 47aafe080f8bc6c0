package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ManagedExecutorService;

import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * One run of a task handed to a managed executor: the task's body in the context of the
 * component that submitted it, and its {@link jakarta.enterprise.concurrent.ManagedTaskListener} told of each step
 * (submitted, starting, aborted when cancelled, done), as the specification orders them.
 */
final class ManagedTaskFuture<V> extends FutureTask<V> {

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
        identity.tell("taskSubmitted", listener -> listener.taskSubmitted(this, executor, identity.task()));
    }

    @Override
    public void run() {
        if (!isDone()) {
            identity.tell("taskStarting", listener -> listener.taskStarting(this, executor, identity.task()));
        }
        super.run();
    }

    @Override
    protected void done() {
        try {
            if (identity.listener() == null) {
                return;
            }
            Throwable failure = failure();
            if (isCancelled()) {
                identity.tell("taskAborted", listener -> listener.taskAborted(this, executor, identity.task(), (CancellationException) failure));
            }
            identity.tell("taskDone", listener -> listener.taskDone(this, executor, identity.task(), failure));
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

    @Override
    public String toString() {
        return identity.describe() + (isCancelled() ? " (cancelled)" : isDone() ? " (done)" : "");
    }
}

package dev.isola.appserver.concurrent;

import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A task that runs once after a delay: the server's scheduler thread only waits for it, and hands
 * it to a task thread of its own when it is due.
 */
final class DelayedTask<V> implements ScheduledFuture<V> {

    private final ManagedTaskFuture<V> run;
    private final long dueNanos;
    private volatile ScheduledFuture<?> timer;

    DelayedTask(ManagedTaskFuture<V> run, long dueNanos) {
        this.run = run;
        this.dueNanos = dueNanos;
    }

    void timer(ScheduledFuture<?> timer) {
        this.timer = timer;
    }

    @Override
    public long getDelay(TimeUnit unit) {
        return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
        return run.cancel(mayInterruptIfRunning);
    }

    @Override
    public boolean isCancelled() {
        return run.isCancelled();
    }

    @Override
    public boolean isDone() {
        return run.isDone();
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
        return run.get();
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        return run.get(timeout, unit);
    }

    @Override
    public String toString() {
        return run.toString();
    }
}

package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.SkippedException;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A task that runs again and again: at a fixed rate, with a fixed delay, or when a
 * {@link jakarta.enterprise.concurrent.Trigger} says. One run at a time, each on a task thread
 * of its own, the next one timed only once the last has ended, so a slow run delays the next
 * rather than overlapping it.
 *
 * <p>What {@link #get} returns: for a fixed rate or delay, as the JDK's periodic tasks, nothing
 * until it ends (cancelled, or a run threw, which ends it); for a trigger, the outcome of the
 * latest run (waiting for the first), {@link SkippedException} when that run was skipped, and
 * the last run's outcome once the trigger has no next time.
 */
final class RepeatingTask<V> implements ScheduledFuture<V> {

    private static final System.Logger LOG = System.getLogger(RepeatingTask.class.getName());

    /** When the runs are. */
    interface Plan {
        /** The start of the next run, or null for no more; {@code last} is null before the first run. */
        Instant next(TaskExecution last, Instant scheduledAt);

        /** Whether the run due at {@code due} is skipped. */
        boolean skip(TaskExecution last, Instant due);

        /** A fixed rate or delay (JDK semantics for {@link #get}), not a trigger. */
        boolean periodic();
    }

    private final Callable<V> body;
    private final TaskIdentity identity;
    private final ManagedScheduledExecutorService executor;
    private final Plan plan;
    private final TaskThreads threads;
    private final Consumer<Future<?>> onEnd;
    private final Instant scheduledAt = Instant.now();
    private final CompletableFuture<V> end = new CompletableFuture<>();
    private volatile CompletableFuture<V> latest = new CompletableFuture<>();
    private volatile TaskExecution last;
    private volatile Instant nextStart;
    private volatile ScheduledFuture<?> timer;
    private Thread running;

    RepeatingTask(Callable<V> contextualBody, TaskIdentity identity, ManagedScheduledExecutorService executor, Plan plan, TaskThreads threads,
                  Consumer<Future<?>> onEnd) {
        this.body = contextualBody;
        this.identity = identity;
        this.executor = executor;
        this.plan = plan;
        this.threads = threads;
        this.onEnd = onEnd;
    }

    /** Times the first run. */
    void start() {
        scheduleNext();
    }

    private void scheduleNext() {
        if (end.isDone()) {
            return;
        }
        Instant next;
        try {
            next = plan.next(last, scheduledAt);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "the trigger of " + identity.describe() + " threw from getNextRunTime; the task ends: " + e, e);
            finish(new SkippedException("the trigger threw from getNextRunTime", e), false);
            return;
        }
        if (next == null) {
            finish(null, true);
            return;
        }
        nextStart = next;
        identity.tell("taskSubmitted", listener -> listener.taskSubmitted(this, executor, identity.task()));
        timer = threads.startLater(this::runOnce, Duration.between(Instant.now(), next).toNanos());
    }

    private void runOnce() {
        Instant due = nextStart;
        synchronized (this) {
            if (end.isDone()) {
                return;
            }
            running = Thread.currentThread();
        }
        try {
            boolean skip;
            Throwable skipCause = null;
            try {
                skip = plan.skip(last, due);
            } catch (RuntimeException e) {
                skip = true;
                skipCause = e;
            }
            if (skip) {
                Instant now = Instant.now();
                last = new TaskExecution(identity.name(), null, due, now, now);
                SkippedException skipped = skipCause == null ? new SkippedException("skipped: the trigger's skipRun returned true")
                        : new SkippedException("skipped: the trigger threw from skipRun", skipCause);
                publish(CompletableFuture.failedFuture(skipped));
                identity.tell("taskAborted", listener -> listener.taskAborted(this, executor, identity.task(), new CancellationException(skipped.getMessage())));
                identity.tell("taskDone", listener -> listener.taskDone(this, executor, identity.task(), skipped));
            } else {
                identity.tell("taskStarting", listener -> listener.taskStarting(this, executor, identity.task()));
                Instant start = Instant.now();
                V result = null;
                Throwable failure = null;
                try {
                    result = body.call();
                } catch (Throwable t) {
                    failure = t;
                }
                last = new TaskExecution(identity.name(), result, due, start, Instant.now());
                Throwable failed = failure;
                identity.tell("taskDone", listener -> listener.taskDone(this, executor, identity.task(), failed));
                if (failure != null) {
                    publish(CompletableFuture.failedFuture(failure));
                    if (plan.periodic()) {
                        finish(failure, false);
                        return;
                    }
                } else {
                    publish(CompletableFuture.completedFuture(result));
                }
            }
        } finally {
            synchronized (this) {
                running = null;
            }
        }
        scheduleNext();
    }

    /** The latest run's outcome: completes the future waited on, or replaces a completed one. */
    private void publish(CompletableFuture<V> outcome) {
        CompletableFuture<V> current = latest;
        boolean set = outcome.isCompletedExceptionally()
                ? current.completeExceptionally(outcome.exceptionNow())
                : current.complete(outcome.resultNow());
        if (!set) {
            latest = outcome;
        }
    }

    /** No more runs: the trigger said so ({@code normally}), a run failed, or the trigger threw. */
    private void finish(Throwable failure, boolean normally) {
        if (normally) {
            CompletableFuture<V> l = latest;
            if (l.isDone() && !l.isCompletedExceptionally()) {
                end.complete(l.resultNow());
            } else if (l.isDone()) {
                end.completeExceptionally(l.exceptionNow());
            } else {
                end.complete(null);
                l.complete(null);
            }
        } else {
            end.completeExceptionally(failure);
            latest.completeExceptionally(failure);
        }
        onEnd.accept(this);
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = end.cancel(false);
        if (!cancelled) {
            return false;
        }
        latest.cancel(false);
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
        boolean idle;
        synchronized (this) {
            idle = running == null;
            if (mayInterruptIfRunning && running != null) {
                running.interrupt();
            }
        }
        CancellationException cancellation = new CancellationException("cancelled");
        identity.tell("taskAborted", listener -> listener.taskAborted(this, executor, identity.task(), cancellation));
        if (idle) {
            // a run in progress tells taskDone itself when it returns
            identity.tell("taskDone", listener -> listener.taskDone(this, executor, identity.task(), cancellation));
        }
        onEnd.accept(this);
        return true;
    }

    @Override
    public boolean isCancelled() {
        return end.isCancelled();
    }

    @Override
    public boolean isDone() {
        return end.isDone();
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
        try {
            return outcome().get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof SkippedException skipped ? skipped : e;
        }
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        try {
            return outcome().get(timeout, unit);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof SkippedException skipped ? skipped : e;
        }
    }

    private CompletableFuture<V> outcome() {
        if (plan.periodic() || end.isCancelled()) {
            return end;
        }
        return latest;
    }

    @Override
    public long getDelay(TimeUnit unit) {
        Instant next = nextStart;
        return next == null ? 0 : unit.convert(Duration.between(Instant.now(), next).toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public String toString() {
        return identity.describe() + (isCancelled() ? " (cancelled)" : isDone() ? " (done)" : " (next at " + nextStart + ")");
    }
}

package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.Trigger;
import jakarta.enterprise.concurrent.ZonedTrigger;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An application's {@code java:comp/DefaultManagedExecutorService} and
 * {@code DefaultManagedScheduledExecutorService} (or one it defines with
 * {@code @ManagedExecutorDefinition} or {@code @ManagedScheduledExecutorDefinition}): each task
 * runs on a thread of the executor's ({@link ExecutorThreads}), in the context of the component
 * that submitted it ({@link ComponentContext}) as its context service propagates it, by default
 * outside the submitter's transaction. Tasks not due yet wait on the server's timer thread, which
 * only starts them.
 *
 * <p>The server owns its lifecycle, so {@code shutdown}, {@code shutdownNow}, {@code close} and the
 * other lifecycle methods throw {@link IllegalStateException}, as the specification says. When the
 * application is undeployed ({@link #terminate}) every task not yet done is cancelled, running
 * ones interrupted, and later submissions are refused: no task outlives its application and holds
 * on to its class loader.
 */
final class ManagedExecutor extends AbstractExecutorService implements ManagedScheduledExecutorService {

    private final String application;
    private final String name;
    private final ExecutorThreads threads;
    private final ApplicationContextService contextService;
    private final Set<Future<?>> live = ConcurrentHashMap.newKeySet();
    private volatile boolean terminated;

    /** @param name the executor's JNDI name, for messages */
    ManagedExecutor(String application, String name, ExecutorThreads threads, ApplicationContextService contextService) {
        this.application = application;
        this.name = name;
        this.threads = threads;
        this.contextService = contextService;
    }

    // ---- one-off tasks -----------------------------------------------------------------------

    @Override
    public void execute(Runnable command) {
        submit(command);
    }

    @Override
    public Future<?> submit(Runnable task) {
        return submit(task, null);
    }

    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        TaskIdentity identity = TaskIdentity.of(task);
        return start(Executors.callable(task, result), identity);
    }

    @Override
    public <T> Future<T> submit(Callable<T> task) {
        return start(task, TaskIdentity.of(task));
    }

    private <T> ManagedTaskFuture<T> start(Callable<T> body, TaskIdentity identity) {
        ManagedTaskFuture<T> future = new ManagedTaskFuture<>(contextual(body, identity), identity, this, live::remove);
        admit(future);
        future.submitted();
        threads.start(future);
        return future;
    }

    // ---- delayed and repeating tasks -----------------------------------------------------------

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        return schedule(Executors.callable(command), TaskIdentity.of(command), delay, unit);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        return schedule(callable, TaskIdentity.of(callable), delay, unit);
    }

    private <V> ScheduledFuture<V> schedule(Callable<V> body, TaskIdentity identity, long delay, TimeUnit unit) {
        Objects.requireNonNull(unit, "unit");
        // what is tracked is the delayed task, whose cancel also takes its timer off the timer thread's queue
        AtomicReference<DelayedTask<V>> tracked = new AtomicReference<>();
        ManagedTaskFuture<V> run = new ManagedTaskFuture<>(contextual(body, identity), identity, this, done -> live.remove(tracked.get()));
        DelayedTask<V> delayed = new DelayedTask<>(run, System.nanoTime() + unit.toNanos(delay));
        tracked.set(delayed);
        admit(delayed);
        run.submitted();
        delayed.timer(threads.startLater(run, unit.toNanos(delay)));
        return delayed;
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        long periodNanos = positive("period", period, unit);
        return repeat(Executors.callable(command), TaskIdentity.of(command),
                periodic(unit.toNanos(initialDelay), last -> last.scheduledStart().plusNanos(periodNanos)));
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        long delayNanos = positive("delay", delay, unit);
        return repeat(Executors.callable(command), TaskIdentity.of(command),
                periodic(unit.toNanos(initialDelay), last -> last.runEnd().plusNanos(delayNanos)));
    }

    /** A fixed rate or delay: the first run after {@code initialDelayNanos}, each next one when {@code nextAfter} says. */
    private static RepeatingTask.Plan periodic(long initialDelayNanos, Function<TaskExecution, Instant> nextAfter) {
        return new RepeatingTask.Plan() {
            @Override
            public Instant next(TaskExecution last, Instant scheduledAt) {
                return last == null ? scheduledAt.plusNanos(initialDelayNanos) : nextAfter.apply(last);
            }

            @Override
            public boolean skip(TaskExecution last, Instant due) {
                return false;
            }

            @Override
            public boolean periodic() {
                return true;
            }
        };
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, Trigger trigger) {
        return repeat(Executors.callable(command), TaskIdentity.of(command), triggered(trigger));
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, Trigger trigger) {
        return repeat(callable, TaskIdentity.of(callable), triggered(trigger));
    }

    /** The trigger's own methods run with no particular context, as the specification allows; a ZonedTrigger is asked in its zone. */
    private static RepeatingTask.Plan triggered(Trigger trigger) {
        Objects.requireNonNull(trigger, "trigger");
        return new RepeatingTask.Plan() {
            @Override
            public Instant next(TaskExecution last, Instant scheduledAt) {
                if (trigger instanceof ZonedTrigger zoned) {
                    ZoneId zone = zoned.getZoneId();
                    var next = zoned.getNextRunTime(last, scheduledAt.atZone(zone));
                    return next == null ? null : next.toInstant();
                }
                Date next = trigger.getNextRunTime(last, Date.from(scheduledAt));
                return next == null ? null : next.toInstant();
            }

            @Override
            public boolean skip(TaskExecution last, Instant due) {
                if (trigger instanceof ZonedTrigger zoned) {
                    return zoned.skipRun(last, due.atZone(zoned.getZoneId()));
                }
                return trigger.skipRun(last, Date.from(due));
            }

            @Override
            public boolean periodic() {
                return false;
            }
        };
    }

    private <V> ScheduledFuture<V> repeat(Callable<V> body, TaskIdentity identity, RepeatingTask.Plan plan) {
        RepeatingTask<V> task = new RepeatingTask<>(contextual(body, identity), identity, this, plan, threads, live::remove);
        admit(task);
        task.start();
        return task;
    }

    private static long positive(String what, long amount, TimeUnit unit) {
        Objects.requireNonNull(unit, "unit");
        if (amount <= 0) {
            throw new IllegalArgumentException("the " + what + " must be positive, not " + amount + " " + unit);
        }
        return unit.toNanos(amount);
    }

    // ---- completion stages ---------------------------------------------------------------------

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new ContextualFuture<>(this, contextService);
    }

    @Override
    public CompletableFuture<Void> runAsync(Runnable runnable) {
        Objects.requireNonNull(runnable, "runnable");
        CompletableFuture<Void> future = newIncompleteFuture();
        return future.completeAsync(() -> {
            runnable.run();
            return null;
        });
    }

    @Override
    public <U> CompletableFuture<U> supplyAsync(Supplier<U> supplier) {
        Objects.requireNonNull(supplier, "supplier");
        CompletableFuture<U> future = newIncompleteFuture();
        return future.completeAsync(supplier);
    }

    @Override
    public <U> CompletableFuture<U> completedFuture(U value) {
        CompletableFuture<U> future = newIncompleteFuture();
        future.complete(value);
        return future;
    }

    @Override
    public <U> CompletionStage<U> completedStage(U value) {
        return completedFuture(value).minimalCompletionStage();
    }

    @Override
    public <U> CompletableFuture<U> failedFuture(Throwable failure) {
        Objects.requireNonNull(failure, "failure");
        CompletableFuture<U> future = newIncompleteFuture();
        future.completeExceptionally(failure);
        return future;
    }

    @Override
    public <U> CompletionStage<U> failedStage(Throwable failure) {
        return this.<U>failedFuture(failure).minimalCompletionStage();
    }

    @Override
    public <T> CompletableFuture<T> copy(CompletableFuture<T> stage) {
        return copy((CompletionStage<T>) stage).toCompletableFuture();
    }

    @Override
    public <T> CompletionStage<T> copy(CompletionStage<T> stage) {
        Objects.requireNonNull(stage, "stage");
        CompletableFuture<T> copy = newIncompleteFuture();
        stage.whenComplete((value, failure) -> {
            if (failure != null) {
                copy.completeExceptionally(failure);
            } else {
                copy.complete(value);
            }
        });
        return copy;
    }

    @Override
    public ContextService getContextService() {
        return contextService;
    }

    // ---- lifecycle: the server's -----------------------------------------------------------------

    @Override
    public void shutdown() {
        throw lifecycle("shutdown");
    }

    @Override
    public List<Runnable> shutdownNow() {
        throw lifecycle("shutdownNow");
    }

    @Override
    public boolean isShutdown() {
        throw lifecycle("isShutdown");
    }

    @Override
    public boolean isTerminated() {
        throw lifecycle("isTerminated");
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        throw lifecycle("awaitTermination");
    }

    @Override
    public void close() {
        throw lifecycle("close");
    }

    private IllegalStateException lifecycle(String method) {
        return new IllegalStateException(method + " is not allowed on a managed executor: the server ends its tasks when application "
                + application + " is undeployed");
    }

    // ---- what the server does ----------------------------------------------------------------------

    /** Cancels every task not done yet (interrupting those running) and refuses new ones: the application is going. */
    void terminate() {
        terminated = true;
        for (Future<?> future : List.copyOf(live)) {
            future.cancel(true);
        }
        live.clear();
        threads.close();
    }

    String name() {
        return name;
    }

    /** The tasks submitted and not done yet (for tests and diagnostics). */
    int liveTasks() {
        return live.size();
    }

    private void admit(Future<?> future) {
        if (terminated) {
            throw refused();
        }
        live.add(future);
        if (terminated) {
            // undeployed while this was being admitted: do not leave it behind
            future.cancel(true);
            throw refused();
        }
    }

    private RejectedExecutionException refused() {
        return new RejectedExecutionException("application " + application + " is undeployed; its managed executor " + name + " takes no more tasks");
    }

    private <V> Callable<V> contextual(Callable<V> body, TaskIdentity identity) {
        Objects.requireNonNull(body, "task");
        ComponentContext captured = contextService.capture();
        ComponentContext context = identity.transaction().map(captured::withTransaction).orElse(captured);
        return () -> {
            try (ComponentContext.Applied applied = context.apply(contextService.transactions(), identity.describe())) {
                return body.call();
            }
        };
    }

    @Override
    public String toString() {
        return "managed executor " + name + " of application " + application;
    }
}

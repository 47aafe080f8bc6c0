package dev.isola.appserver.concurrent;

import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;
import dev.isola.appserver.tx.LocalTransaction;
import dev.isola.appserver.tx.LocalTransactionManager;
import jakarta.enterprise.concurrent.LastExecution;
import jakarta.enterprise.concurrent.ManagedExecutors;
import jakarta.enterprise.concurrent.ManagedTaskListener;
import jakarta.enterprise.concurrent.SkippedException;
import jakarta.enterprise.concurrent.Trigger;
import jakarta.transaction.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.naming.NamingException;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The managed executor of one application, against the server's real naming, caller and
 * transaction machinery: what a task sees, what listeners are told, how delayed, periodic and
 * trigger tasks run, and what an undeploy ends.
 */
class ManagedExecutorTest {

    private static final long WAIT = 30;

    private final LocalTransactionManager transactions = new LocalTransactionManager(Duration.ZERO);
    private final ConcurrencyServices services = new ConcurrencyServices(transactions, ManagedExecutorTest.class.getClassLoader());
    private final ApplicationConcurrency shop = services.forApplication("shop");
    private final ManagedExecutor executor = shop.executor();
    private final Namespace comp = new Namespace("java:comp (shop/web)");
    private final Scopes scopes = new Scopes(new Namespace("java:global"), new Namespace("java:app (shop)"), comp, comp);
    private final ClassLoader componentLoader = new URLClassLoader("shop-web", new URL[0], getClass().getClassLoader());
    private final Caller alice = new Caller("alice", Set.of("customers"), Set.of());
    private NamingScopes.Restore names;
    private Callers.Scope caller;
    private ClassLoader previousLoader;

    @BeforeEach
    void enterComponent() {
        comp.bindIfAbsent("env/greeting", new Binding.Value("hello from shop"));
        shop.bindDefaults(comp);
        names = NamingScopes.enter(scopes);
        caller = Callers.enter(alice);
        previousLoader = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(componentLoader);
    }

    @AfterEach
    void leave() {
        Thread.currentThread().setContextClassLoader(previousLoader);
        caller.close();
        names.close();
        shop.terminate();
        services.close();
    }

    /** What a task saw of its thread. */
    private record Seen(String greeting, ClassLoader loader, Caller caller, int transactionStatus, String thread) {
        static Seen now(LocalTransactionManager transactions) {
            String greeting;
            try {
                greeting = (String) JavaContext.lookupAbsolute("java:comp/env/greeting");
            } catch (NamingException e) {
                greeting = "not found: " + e.getMessage();
            }
            return new Seen(greeting, Thread.currentThread().getContextClassLoader(), Callers.current(), transactions.getStatus(),
                    Thread.currentThread().getName());
        }
    }

    @Test
    void aTaskRunsInTheSubmittersComponentContextOutsideItsTransaction() throws Exception {
        transactions.begin();
        try {
            Seen seen = executor.submit(() -> Seen.now(transactions)).get(WAIT, TimeUnit.SECONDS);
            assertEquals("hello from shop", seen.greeting());
            assertSame(componentLoader, seen.loader());
            assertEquals(alice, seen.caller());
            assertEquals(Status.STATUS_NO_TRANSACTION, seen.transactionStatus(), "a task never joins the submitter's transaction");
            assertTrue(seen.thread().startsWith("shop-managed-task-"), seen.thread());
            assertEquals(Status.STATUS_ACTIVE, transactions.getStatus(), "the submitter keeps its transaction");
        } finally {
            transactions.rollback();
        }
    }

    @Test
    void theDefaultsAreBoundInTheComponentsNamespace() throws Exception {
        assertSame(executor, JavaContext.lookupAbsolute("java:comp/DefaultManagedExecutorService"));
        assertSame(executor, JavaContext.lookupAbsolute("java:comp/DefaultManagedScheduledExecutorService"));
        assertSame(executor.getContextService(), JavaContext.lookupAbsolute("java:comp/DefaultContextService"));
        Object first = JavaContext.lookupAbsolute("java:comp/DefaultManagedThreadFactory");
        Object second = JavaContext.lookupAbsolute("java:comp/DefaultManagedThreadFactory");
        assertInstanceOf(jakarta.enterprise.concurrent.ManagedThreadFactory.class, first);
        assertFalse(first == second, "a thread factory captures the context of each lookup");
    }

    @Test
    void aTransactionATaskLeavesOpenIsRolledBack() throws Exception {
        LocalTransaction left = executor.submit(() -> {
            transactions.begin();
            return transactions.currentTransaction();
        }).get(WAIT, TimeUnit.SECONDS);
        assertEquals(Status.STATUS_ROLLEDBACK, left.getStatus());
    }

    @Test
    void theLifecycleIsTheServers() {
        assertThrows(IllegalStateException.class, executor::shutdown);
        assertThrows(IllegalStateException.class, executor::shutdownNow);
        assertThrows(IllegalStateException.class, executor::isShutdown);
        assertThrows(IllegalStateException.class, executor::isTerminated);
        assertThrows(IllegalStateException.class, () -> executor.awaitTermination(1, TimeUnit.SECONDS));
        IllegalStateException close = assertThrows(IllegalStateException.class, executor::close);
        assertTrue(close.getMessage().contains("application shop"), close.getMessage());
    }

    /** Records what a listener is told, in order. */
    private static final class Recorder implements ManagedTaskListener {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch done = new CountDownLatch(1);

        @Override
        public void taskSubmitted(Future<?> future, jakarta.enterprise.concurrent.ManagedExecutorService executor, Object task) {
            events.add("submitted");
        }

        @Override
        public void taskAborted(Future<?> future, jakarta.enterprise.concurrent.ManagedExecutorService executor, Object task, Throwable exception) {
            events.add("aborted " + exception.getClass().getSimpleName());
        }

        @Override
        public void taskDone(Future<?> future, jakarta.enterprise.concurrent.ManagedExecutorService executor, Object task, Throwable exception) {
            events.add("done " + (exception == null ? "ok" : exception.getClass().getSimpleName()));
            done.countDown();
        }

        @Override
        public void taskStarting(Future<?> future, jakarta.enterprise.concurrent.ManagedExecutorService executor, Object task) {
            events.add("starting");
        }
    }

    @Test
    void aListenerIsToldOfEachStepAndAFailure() throws Exception {
        Recorder ok = new Recorder();
        assertEquals("fine", executor.submit(ManagedExecutors.managedTask(() -> "fine", ok)).get(WAIT, TimeUnit.SECONDS));
        assertTrue(ok.done.await(WAIT, TimeUnit.SECONDS));
        assertEquals(List.of("submitted", "starting", "done ok"), ok.events);

        Recorder failing = new Recorder();
        Future<Object> failed = executor.submit(ManagedExecutors.managedTask(() -> {
            throw new IllegalArgumentException("no such pet");
        }, failing));
        ExecutionException e = assertThrows(ExecutionException.class, () -> failed.get(WAIT, TimeUnit.SECONDS));
        assertEquals("no such pet", e.getCause().getMessage());
        assertTrue(failing.done.await(WAIT, TimeUnit.SECONDS));
        assertEquals(List.of("submitted", "starting", "done IllegalArgumentException"), failing.events);
    }

    @Test
    void aDelayedTaskCancelledBeforeItIsDueNeverStarts() throws Exception {
        Recorder recorder = new Recorder();
        AtomicInteger runs = new AtomicInteger();
        ScheduledFuture<?> later = executor.schedule(ManagedExecutors.managedTask((Runnable) runs::incrementAndGet, recorder), 1, TimeUnit.HOURS);
        assertTrue(later.getDelay(TimeUnit.MINUTES) > 50);
        assertTrue(later.cancel(false));
        assertTrue(recorder.done.await(WAIT, TimeUnit.SECONDS));
        assertEquals(List.of("submitted", "aborted CancellationException", "done CancellationException"), recorder.events);
        assertThrows(CancellationException.class, later::get);
        assertEquals(0, runs.get());
        assertEquals(0, executor.liveTasks(), "a cancelled task is not kept");
    }

    @Test
    void aDelayedTaskRunsOnceInContext() throws Exception {
        ScheduledFuture<Seen> soon = executor.schedule(() -> Seen.now(transactions), 20, TimeUnit.MILLISECONDS);
        Seen seen = soon.get(WAIT, TimeUnit.SECONDS);
        assertEquals("hello from shop", seen.greeting());
        assertEquals(alice, seen.caller());
    }

    @Test
    void aFixedRateTaskRunsUntilCancelledAndAFailureEndsIt() throws Exception {
        CountDownLatch threeRuns = new CountDownLatch(3);
        ScheduledFuture<?> ticking = executor.scheduleAtFixedRate(threeRuns::countDown, 0, 5, TimeUnit.MILLISECONDS);
        assertTrue(threeRuns.await(WAIT, TimeUnit.SECONDS));
        assertFalse(ticking.isDone());
        ticking.cancel(false);
        assertThrows(CancellationException.class, () -> ticking.get(WAIT, TimeUnit.SECONDS));

        AtomicInteger runs = new AtomicInteger();
        ScheduledFuture<?> failing = executor.scheduleWithFixedDelay(() -> {
            if (runs.incrementAndGet() == 2) {
                throw new IllegalStateException("second run fails");
            }
        }, 0, 5, TimeUnit.MILLISECONDS);
        ExecutionException e = assertThrows(ExecutionException.class, () -> failing.get(WAIT, TimeUnit.SECONDS));
        assertEquals("second run fails", e.getCause().getMessage());
        assertEquals(2, runs.get(), "no run after the failing one");
        assertThrows(IllegalArgumentException.class, () -> executor.scheduleAtFixedRate(() -> { }, 0, 0, TimeUnit.SECONDS));
    }

    /** Three runs a few milliseconds apart, the second one skipped. */
    private static final class ThreeRuns implements Trigger {
        final List<Object> resultsSeen = Collections.synchronizedList(new ArrayList<>());

        @Override
        public Date getNextRunTime(LastExecution last, Date scheduled) {
            if (last != null) {
                resultsSeen.add(last.getResult());
            }
            return resultsSeen.size() >= 3 ? null : new Date(System.currentTimeMillis() + 5);
        }

        @Override
        public boolean skipRun(LastExecution last, Date due) {
            return resultsSeen.size() == 1;
        }
    }

    @Test
    void aTriggerDecidesWhenATaskRunsAndWhichRunsAreSkipped() throws Exception {
        ThreeRuns trigger = new ThreeRuns();
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch firstRun = new CountDownLatch(1);
        ScheduledFuture<Integer> task = executor.schedule(() -> {
            firstRun.countDown();
            return runs.incrementAndGet();
        }, trigger);
        assertTrue(firstRun.await(WAIT, TimeUnit.SECONDS));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT);
        while (!task.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(task.isDone(), "the trigger had no next time after three runs");
        assertEquals(2, runs.get(), "the second run was skipped");
        assertEquals("[1, null, 2]", trigger.resultsSeen.toString(), "a skipped run has no result");
        assertEquals(2, task.get(WAIT, TimeUnit.SECONDS), "the last run's result");
    }

    @Test
    void aSkippedRunIsReportedBySkippedException() throws Exception {
        Trigger alwaysSkip = new Trigger() {
            @Override
            public Date getNextRunTime(LastExecution last, Date scheduled) {
                return last == null ? new Date() : new Date(System.currentTimeMillis() + 3_600_000);
            }

            @Override
            public boolean skipRun(LastExecution last, Date due) {
                return true;
            }
        };
        ScheduledFuture<String> task = executor.schedule(() -> "never", alwaysSkip);
        assertThrows(SkippedException.class, () -> task.get(WAIT, TimeUnit.SECONDS));
        task.cancel(false);
    }

    @Test
    void completionStagesRunTheirActionsInContextOnManagedThreads() throws Exception {
        AtomicReference<Seen> dependent = new AtomicReference<>();
        CompletableFuture<Seen> supplied = executor.supplyAsync(() -> Seen.now(transactions));
        CompletableFuture<String> applied = supplied.thenApplyAsync(seen -> {
            dependent.set(Seen.now(transactions));
            return seen.greeting();
        });
        assertEquals("hello from shop", applied.get(WAIT, TimeUnit.SECONDS));
        assertEquals(alice, supplied.get().caller());
        assertEquals("hello from shop", dependent.get().greeting());
        assertTrue(dependent.get().thread().startsWith("shop-managed-task-"), dependent.get().thread());
        assertInstanceOf(ContextualFuture.class, applied, "dependent stages stay managed");
        assertEquals(7, executor.completedFuture(7).get());
        assertThrows(ExecutionException.class, () -> executor.failedFuture(new IllegalStateException("x")).get());
        CompletableFuture<String> outside = new CompletableFuture<>();
        CompletableFuture<String> copy = executor.copy(outside);
        outside.complete("copied");
        assertEquals("copied", copy.get(WAIT, TimeUnit.SECONDS));
    }

    @Test
    void undeployingEndsTasksAndThreadsAndRefusesMore() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        executor.submit(() -> {
            started.countDown();
            try {
                Thread.sleep(TimeUnit.HOURS.toMillis(1));
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        });
        ScheduledFuture<?> hourly = executor.scheduleAtFixedRate(() -> { }, 1, 1, TimeUnit.HOURS);
        jakarta.enterprise.concurrent.ManagedThreadFactory factory =
                (jakarta.enterprise.concurrent.ManagedThreadFactory) JavaContext.lookupAbsolute("java:comp/DefaultManagedThreadFactory");
        CountDownLatch threadInterrupted = new CountDownLatch(1);
        CountDownLatch threadStarted = new CountDownLatch(1);
        Thread thread = factory.newThread(() -> {
            threadStarted.countDown();
            try {
                Thread.sleep(TimeUnit.HOURS.toMillis(1));
            } catch (InterruptedException e) {
                threadInterrupted.countDown();
            }
        });
        thread.start();
        assertTrue(started.await(WAIT, TimeUnit.SECONDS));
        assertTrue(threadStarted.await(WAIT, TimeUnit.SECONDS));
        assertFalse(((jakarta.enterprise.concurrent.ManageableThread) thread).isShutdown());

        shop.terminate();

        assertTrue(interrupted.await(WAIT, TimeUnit.SECONDS), "the running task was interrupted");
        assertTrue(threadInterrupted.await(WAIT, TimeUnit.SECONDS), "the factory's thread was interrupted");
        assertTrue(hourly.isCancelled());
        assertTrue(((jakarta.enterprise.concurrent.ManageableThread) thread).isShutdown());
        RejectedExecutionException refused = assertThrows(RejectedExecutionException.class, () -> executor.submit(() -> "late"));
        assertTrue(refused.getMessage().contains("application shop is undeployed"), refused.getMessage());
        assertThrows(IllegalStateException.class, () -> factory.newThread(() -> { }));
        shop.terminate();
    }

    @Test
    void aThreadFactoryRunsItsThreadsInTheContextOfItsLookup() throws Exception {
        jakarta.enterprise.concurrent.ManagedThreadFactory factory =
                (jakarta.enterprise.concurrent.ManagedThreadFactory) JavaContext.lookupAbsolute("java:comp/DefaultManagedThreadFactory");
        AtomicReference<Seen> seen = new AtomicReference<>();
        Thread thread;
        // created from a thread of no component, run in the context of the lookup
        try (Callers.Scope nobody = Callers.enter((Caller) null); NamingScopes.Restore none = NamingScopes.enter(null)) {
            thread = factory.newThread(() -> seen.set(Seen.now(transactions)));
        }
        thread.start();
        thread.join(TimeUnit.SECONDS.toMillis(WAIT));
        assertEquals("hello from shop", seen.get().greeting());
        assertEquals(alice, seen.get().caller());
        assertTrue(thread.isDaemon());
        assertTrue(seen.get().thread().startsWith("shop-managed-thread-"), seen.get().thread());
    }

    @Test
    void invokeAllRunsEveryTaskInContext() throws Exception {
        List<Future<String>> results = executor.invokeAll(List.of(() -> Seen.now(transactions).greeting(), () -> Callers.current().name()));
        assertEquals("hello from shop", results.get(0).get());
        assertEquals("alice", results.get(1).get());
        assertSame(alice, Callers.current(), "the submitter's caller is unchanged");
    }
}

package dev.isola.mvm.invoke;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.invoke.workloads.Catalog;
import dev.isola.mvm.invoke.workloads.CatalogBean;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Calls through proxies over a pair of links whose ends are all in this process. */
@Timeout(60)
class InvokerTest {

    private Link requests;
    private Link replies;
    private InvocationServer server;
    private InvocationClient client;
    private Catalog catalog;

    /** Another interface, to route by target over the same pair. */
    public interface Greeter {
        String greet(String name);

        void take(Opaque value);
    }

    /** Not named by any interface, so the server refuses it. */
    record Opaque(String secret) implements Serializable {
    }

    record Smuggled(String payload) implements Serializable {
    }

    public interface Sneaky {
        void take(Object anything);
    }

    /** Named only as a component of {@link Report}, never by a signature itself. */
    public record Row(String label, long count) implements Serializable {
    }

    public record Report(String title, List<Row> rows) implements Serializable {
    }

    public interface Reports {
        Report report(Report template);
    }

    /** Holds the calls of the "gate" target until a test opens it: blocking without timing. */
    private final CountDownLatch gate = new CountDownLatch(1);

    @BeforeEach
    void connect() {
        Isolate me = Isolate.current();
        requests = Link.newLink(me, me);
        replies = Link.newLink(me, me);
        Targets targets = new Targets()
                .register("catalog", Catalog.class, new CatalogBean())
                .register("greeter", Greeter.class, new Greeter() {
                    @Override
                    public String greet(String name) {
                        return "hello " + name;
                    }

                    @Override
                    public void take(Opaque value) {
                    }
                })
                .register("gate", Greeter.class, new Greeter() {
                    @Override
                    public String greet(String name) {
                        try {
                            gate.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return "let through " + name;
                    }

                    @Override
                    public void take(Opaque value) {
                    }
                })
                .register("reports", Reports.class, template -> new Report(template.title() + " (copy)",
                        template.rows().stream().map(row -> new Row(row.label(), row.count() + 1)).toList()));
        server = InvocationServer.start(new LinkPair(replies, requests), targets, targets.allowedArguments().allow(Opaque.class));
        client = InvocationClient.open(new LinkPair(requests, replies), Duration.ofSeconds(20));
        catalog = client.proxy(Catalog.class, "catalog");
    }

    @AfterEach
    void disconnect() {
        client.close();
    }

    @Test
    void argumentsAndResultsTravelByValue() throws Exception {
        Catalog.Item item = new Catalog.Item("dog", 5, new ArrayList<>(List.of("pet")));
        Catalog.Item tagged = catalog.tag(item, "loyal");
        assertEquals(List.of("pet", "loyal"), tagged.tags());
        assertEquals(List.of("pet"), item.tags());
        Catalog.Item cat = catalog.find("cat");
        assertEquals(new Catalog.Item("cat", 100, List.of("pet")), cat);
        assertNotSame(catalog.find("cat"), cat);
    }

    @Test
    void recordComponentsTravelWithTheRecordBothWays() {
        Reports reports = client.proxy(Reports.class, "reports");
        Report copy = reports.report(new Report("daily", List.of(new Row("orders", 1), new Row("refunds", 2))));
        assertEquals(new Report("daily (copy)", List.of(new Row("orders", 2), new Row("refunds", 3))), copy);
    }

    @Test
    void manyCallsFromManyVirtualThreadsEachGetTheirOwnReply() throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Long>> calls = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                long n = i;
                calls.add(threads.submit(() -> catalog.slowAdd(n, 1000, ThreadLocalRandom.current().nextInt(20))));
            }
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(i + 1000L, calls.get(i).get());
            }
        }
        assertEquals(0, client.callsInFlight());
    }

    @Test
    void callsThatBlockDoNotHoldUpOthers() throws Exception {
        Greeter gated = client.proxy(Greeter.class, "gate");
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<String> first = threads.submit(() -> gated.greet("first"));
            Future<String> second = threads.submit(() -> gated.greet("second"));
            while (client.callsInFlight() < 2) {
                Thread.onSpinWait();
            }
            Catalog.Item cat = catalog.find("cat");
            assertEquals("cat", cat.name());
            assertTrue(!first.isDone() && !second.isDone(), "the blocked calls are still waiting while another call was answered");
            gate.countDown();
            assertEquals("let through first", first.get());
            assertEquals("let through second", second.get());
        }
    }

    @Test
    void aCallWaitsNoLongerThanItsTimeoutAndLaterCallsStillWork() throws Exception {
        InvocationTimeoutException e = assertThrows(InvocationTimeoutException.class,
                () -> Invoker.withTimeout(Duration.ofMillis(100), () -> catalog.slowAdd(1, 2, 2000)));
        assertTrue(e.getMessage().contains("slowAdd") && e.getMessage().contains("PT0.1S"), e.getMessage());
        assertEquals(5, catalog.slowAdd(2, 3, 0));
    }

    @Test
    void aDeclaredExceptionIsThrownAsItselfWithTheRemoteStack() {
        Catalog.NotFound e = assertThrows(Catalog.NotFound.class, () -> catalog.find("unicorn"));
        assertEquals("no item named unicorn", e.getMessage());
        assertEquals(CatalogBean.class.getName(), e.getStackTrace()[0].getClassName());
        assertEquals(1, e.getSuppressed().length);
        assertTrue(e.getSuppressed()[0].getMessage().contains("called here: Catalog.find"), e.getSuppressed()[0].getMessage());
    }

    @Test
    void anUndeclaredExceptionArrivesAsTheCauseWithTheRemoteStack() {
        RemoteInvocationException e = assertThrows(RemoteInvocationException.class, () -> catalog.fail("boom"));
        IllegalStateException remote = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("boom", remote.getMessage());
        assertEquals("fail", remote.getStackTrace()[0].getMethodName());
        assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(frame -> frame.getClassName().equals(InvokerTest.class.getName())),
                "the caller's own frames are missing from the exception it gets");
    }

    @Test
    void callsAreRoutedByTargetNameOverOnePair() {
        Greeter greeter = client.proxy(Greeter.class, "greeter");
        assertEquals("hello ada", greeter.greet("ada"));
        RemoteInvocationException unknown = assertThrows(RemoteInvocationException.class,
                () -> client.proxy(Greeter.class, "nobody").greet("x"));
        assertTrue(unknown.getCause().getMessage().contains("no target named 'nobody'"), unknown.getCause().getMessage());
    }

    @Test
    void anArgumentClassTheServerDoesNotAllowIsRefusedAtOnce() {
        Sneaky sneaky = client.proxy(Sneaky.class, "greeter");
        RemoteInvocationException refused = assertThrows(RemoteInvocationException.class, () -> sneaky.take(new Smuggled("payload")));
        assertTrue(refused.getMessage().contains(Smuggled.class.getName()), refused.getMessage());
        assertTrue(refused.getMessage().contains("refused by the server"), refused.getMessage());
        Greeter greeter = client.proxy(Greeter.class, "greeter");
        assertEquals("hello again", greeter.greet("again"));
    }

    @Test
    void closingTheLinksFailsCallsInFlight() throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Long> slow = threads.submit(() -> catalog.slowAdd(1, 1, 5000));
            while (client.callsInFlight() == 0) {
                Thread.onSpinWait();
            }
            server.close();
            Exception e = assertThrows(Exception.class, slow::get);
            RemoteInvocationException failure = assertInstanceOf(RemoteInvocationException.class, e.getCause());
            assertInstanceOf(LinkClosedException.class, failure.getCause());
        }
        assertThrows(RemoteInvocationException.class, () -> catalog.find("cat"));
    }

    @Test
    void anIdleServerSleepsUntilACallComesAndBothItsThreadsEndWhenTheLinksClose() throws Exception {
        Greeter greeter = client.proxy(Greeter.class, "greeter");
        assertEquals("hello first", greeter.greet("first"));
        List<Thread> serving = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("mvm-invoke-server-" + requests.id() + "-"))
                .toList();
        assertEquals(2, serving.size(), "two threads take turns reading");

        // Idle, one thread reads (asleep on the link) and the other sleeps with no timeout, costing no CPU.
        while (serving.stream().noneMatch(thread -> thread.getState() == Thread.State.WAITING)) {
            Thread.sleep(5);
        }
        assertEquals("hello again", greeter.greet("again"), "a call still wakes the server");

        server.close();
        for (Thread thread : serving) {
            thread.join(Duration.ofSeconds(20));
            assertFalse(thread.isAlive(), thread.getName() + " still runs after its links closed: " + thread.getState());
        }
    }
}

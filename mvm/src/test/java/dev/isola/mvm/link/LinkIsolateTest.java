package dev.isola.mvm.link;

import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ClassNotAllowedException;
import dev.isola.mvm.link.workloads.LinkPeer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Links between real isolate processes: the test JVM (a root isolate) and isolates running
 * {@link LinkPeer}. One echo isolate serves most tests; the crash tests get their own.
 */
@Timeout(120)
class LinkIsolateTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static Isolate echo;
    private static Link toEcho;
    private static Link fromEcho;

    static Isolate newIsolate(Class<?> main, String name, String... arguments) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Image image = new Image("link-test", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
        return new Isolate(IsolateSpec.builder(main.getName()).name(name).arguments(arguments).image(image)
                .maxHeap(MemorySize.parse("64m")).build());
    }

    @BeforeAll
    static void startEcho() {
        echo = newIsolate(LinkPeer.class, "echo", "echo");
        Isolate me = Isolate.current();
        // A small ring, so that ordering is also checked across many wrap-arounds and full-ring waits.
        toEcho = Link.newLink(me, echo, LinkOptions.DEFAULTS.withCapacity(8192));
        fromEcho = Link.newLink(echo, me);
        fromEcho.allowClasses(ClassAllowList.defaults().allow(LinkPeer.Payload.class));
        echo.start(toEcho, fromEcho);
    }

    @AfterAll
    static void stopEcho() throws Exception {
        toEcho.send(LinkMessage.of("stop"));
        echo.onExit().get(30, TimeUnit.SECONDS);
        toEcho.close();
        fromEcho.close();
        assertTrue(Files.notExists(toEcho.descriptor().path()) && Files.notExists(fromEcho.descriptor().path()),
                "ring files left after both ends closed");
    }

    @Test
    void messagesArriveInOrderThroughAFullRingAndBack() throws Exception {
        int count = 3000;
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < count; i++) {
                toEcho.send(i % 3 == 0 ? LinkMessage.ofValue(new LinkPeer.Payload(i, "p" + i)) : LinkMessage.of("t" + i), WAIT);
            }
        });
        for (int i = 0; i < count; i++) {
            LinkMessage expected = i % 3 == 0 ? new LinkMessage.Value(new LinkPeer.Payload(i, "p" + i)) : new LinkMessage.Text("t" + i);
            assertEquals(expected, fromEcho.receive(WAIT));
        }
        sender.get(30, TimeUnit.SECONDS);
        assertThrows(LinkTimeoutException.class, () -> fromEcho.receive(Duration.ofMillis(50)));
    }

    @Test
    void theAllowListRefusesAClassAnotherIsolateSends() {
        toEcho.send(LinkMessage.of("send-forbidden"));
        ClassNotAllowedException refused = assertThrows(ClassNotAllowedException.class, () -> fromEcho.receive(WAIT));
        assertEquals(LinkPeer.Secret.class.getName(), refused.className());
        toEcho.send(LinkMessage.of("still there?"));
        assertEquals(new LinkMessage.Text("still there?"), fromEcho.receive(WAIT));
    }

    @Test
    void aMigratedBufferMovesToTheOtherIsolateAndIsGoneHere() {
        BulkBuffer buffer = toEcho.newBuffer(1 << 20);
        MemorySegment mine = buffer.segment();
        long sum = 0;
        for (long i = 0; i < buffer.size(); i += 8) {
            mine.set(ValueLayout.JAVA_LONG, i, i * 31);
            sum += i * 31;
        }

        toEcho.send(LinkMessage.migrate(buffer));

        assertThrows(IllegalStateException.class, () -> mine.get(ValueLayout.JAVA_LONG, 0));
        assertThrows(IllegalStateException.class, buffer::segment);
        assertEquals(new LinkMessage.Text("size=" + (1 << 20) + " sum=" + sum), fromEcho.receive(WAIT));
        // The receiver closed it: the memory is free for the next buffer.
        try (BulkBuffer again = toEcho.newBuffer(64 << 20)) {
            assertEquals(64 << 20, again.size());
        }
    }

    @Test
    void aLinkHandedOverInMessagesConnectsTwoOtherIsolates() throws Exception {
        Isolate second = newIsolate(LinkPeer.class, "echo-2", "echo");
        Isolate me = Isolate.current();
        try (Link toSecond = Link.newLink(me, second); Link fromSecond = Link.newLink(second, me)) {
            second.start(toSecond, fromSecond);
            try (Link between = Link.newLink(echo, second)) {
                toSecond.send(LinkMessage.of(between));
                toEcho.send(LinkMessage.of(between));
                assertEquals(new LinkMessage.Text(second.id() + " got: hello from " + echo.id()), fromSecond.receive(WAIT));
            }
            toSecond.send(LinkMessage.of("stop"));
            second.onExit().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void whenThePeerDiesBlockedSendAndReceiveFailWithin200Milliseconds() throws Exception {
        Isolate holder = newIsolate(LinkPeer.class, "hold", "hold");
        Isolate me = Isolate.current();
        try (Link toHolder = Link.newLink(me, holder, LinkOptions.DEFAULTS.withCapacity(4096));
             Link fromHolder = Link.newLink(holder, me)) {
            holder.start(toHolder, fromHolder);
            int sent = 0;
            while (true) {
                try {
                    toHolder.send(LinkMessage.of(new byte[512]), Duration.ofMillis(100));
                    sent++;
                } catch (LinkTimeoutException full) {
                    break;
                }
            }
            assertTrue(sent > 0 && sent < 8, "a 4 KiB ring took " + sent + " 512-byte messages");
            CompletableFuture<Long> blockedSend = failureTime(() -> toHolder.send(LinkMessage.of(new byte[512])));
            CompletableFuture<Long> blockedReceive = failureTime(fromHolder::receive);
            Thread.sleep(300);
            assertTrue(!blockedSend.isDone() && !blockedReceive.isDone(), "the calls should be waiting");

            holder.halt(9).get(30, TimeUnit.SECONDS);
            long dead = System.nanoTime();

            for (CompletableFuture<Long> call : java.util.List.of(blockedSend, blockedReceive)) {
                long failedAt = call.get(5, TimeUnit.SECONDS);
                assertTrue(failedAt - dead < 200_000_000L, "failed " + (failedAt - dead) / 1_000_000 + " ms after the peer died");
            }
            assertThrows(LinkClosedException.class, () -> toHolder.send(LinkMessage.of("later")));
            assertThrows(LinkClosedException.class, () -> fromHolder.receive(Duration.ofSeconds(5)));
        }
    }

    /** Runs {@code call} on its own thread; completes with the time it failed with {@link LinkClosedException}. */
    private static CompletableFuture<Long> failureTime(Runnable call) {
        CompletableFuture<Long> failed = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                call.run();
                failed.completeExceptionally(new AssertionError("the call returned normally"));
            } catch (LinkClosedException e) {
                failed.complete(System.nanoTime());
            } catch (RuntimeException e) {
                failed.completeExceptionally(e);
            }
        });
        return failed;
    }

    @Test
    void anIsolateWhoseStartupLinkIsGoneFailsToStartAndSaysWhy() throws Exception {
        Isolate doomed = newIsolate(LinkPeer.class, "doomed", "hold");
        try (Link link = Link.newLink(Isolate.current(), doomed)) {
            Files.delete(link.descriptor().path());
            dev.isola.mvm.isolate.IsolateStartException e = assertThrows(dev.isola.mvm.isolate.IsolateStartException.class,
                    () -> doomed.start(link));
            assertTrue(e.getMessage().contains("cannot open its startup links") && e.getMessage().contains(link.id()), e.getMessage());
        }
    }

    @Test
    void receiveTimesOutWhenNothingComes() {
        long start = System.nanoTime();
        LinkTimeoutException e = assertThrows(LinkTimeoutException.class, () -> fromEcho.receive(Duration.ofMillis(100)));
        assertTrue(System.nanoTime() - start >= 100_000_000L);
        assertTrue(e.getMessage().contains(fromEcho.id()), e.getMessage());
        assertInstanceOf(LinkException.class, e);
    }
}

package dev.isola.mvm.invoke;

import dev.isola.mvm.image.Image;
import dev.isola.mvm.invoke.workloads.Catalog;
import dev.isola.mvm.invoke.workloads.ServeCatalog;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Calls into another isolate process, and what a caller sees when that isolate dies mid-call. */
@Timeout(120)
class InvokerIsolateTest {

    @Test
    void callsReachTheServingIsolateAndFailCleanlyWhenItDies() throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Image image = new Image("invoke-test", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
        Isolate server = new Isolate(IsolateSpec.builder(ServeCatalog.class.getName()).name("catalog").image(image)
                .maxHeap(MemorySize.parse("64m")).build());
        Isolate me = Isolate.current();
        try (Link requests = Link.newLink(me, server); Link replies = Link.newLink(server, me)) {
            server.start(requests, replies);
            InvocationClient client = InvocationClient.open(new LinkPair(requests, replies), Duration.ofSeconds(30));
            Catalog catalog = client.proxy(Catalog.class, Catalog.class.getName());

            assertEquals(server.id(), catalog.whereAmI());
            assertEquals("cat", catalog.find("cat").name());
            assertThrows(Catalog.NotFound.class, () -> catalog.find("dodo"));

            CompletableFuture<Long> slow = CompletableFuture.supplyAsync(() -> catalog.slowAdd(1, 2, 60_000));
            while (client.callsInFlight() == 0) {
                Thread.onSpinWait();
            }
            server.halt(9).get(30, TimeUnit.SECONDS);
            Exception e = assertThrows(Exception.class, () -> slow.get(5, TimeUnit.SECONDS));
            RemoteInvocationException failure = assertInstanceOf(RemoteInvocationException.class, e.getCause());
            assertInstanceOf(LinkClosedException.class, failure.getCause());
        }
    }
}

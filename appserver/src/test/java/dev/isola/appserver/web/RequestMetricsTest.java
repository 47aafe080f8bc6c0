package dev.isola.appserver.web;

import dev.isola.appserver.support.Await;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.metered.AsyncServlet;
import dev.isola.appserver.testapps.metered.FailingServlet;
import dev.isola.appserver.testapps.metered.StatusServlet;
import java.util.List;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web sub-server counts each request a web module answers, by status class and duration,
 * through a real Tomcat and real HTTP requests: a static file, statuses set and sent as errors,
 * a servlet that throws, a missing resource, and asynchronous requests (answered from another
 * thread, or dispatched back into the module), each counted once, when answered.
 */
class RequestMetricsTest {

    @Test
    void everyAnsweredRequestIsCountedOnceWithItsStatusClassAndDuration() throws Exception {
        try (RunningServer server = new RunningServer()) {
            WebArchive war = TestApps.war("metered.war", StatusServlet.class, FailingServlet.class, AsyncServlet.class)
                    .add(new StringAsset("hello"), "hello.txt");
            server.server().deploy(server.export(war));
            assertEquals(List.of(0L, 0L, 0L, 0L, 0L), module(server).requests().byStatusClass(), "nothing asked yet");

            assertEquals("hello", server.get("/metered/hello.txt"));                    // 2xx
            assertEquals(204, server.request("/metered/status?code=204").getStatus()); // 2xx
            assertEquals(200, server.request("/metered/status?code=200&sleep=60").getStatus()); // 2xx, at least 60 ms
            assertEquals(304, server.request("/metered/status?code=304").getStatus()); // 3xx
            assertEquals(404, server.request("/metered/missing.txt").getStatus());     // 4xx
            assertEquals(409, server.request("/metered/status?code=409").getStatus()); // 4xx
            assertEquals(500, server.request("/metered/fail").getStatus());            // 5xx
            assertEquals(503, server.request("/metered/status?code=503").getStatus()); // 5xx
            assertEquals(202, server.request("/metered/async?delay=300").getStatus()); // 2xx, at least 300 ms, counted at completion
            assertEquals(201, server.request("/metered/async?delay=10&dispatch=/status?code=201").getStatus()); // 2xx once, not twice
            // A path no module serves is the host's 404, no module's request.
            assertEquals(404, server.request("/elsewhere/x").getStatus());

            // The valve counts a response as it leaves the module, which can be a moment after the client has read it.
            Await.until("ten requests counted", () -> module(server).requests().requests() >= 10);
            RequestStatistics.Snapshot counted = module(server).requests();
            assertEquals(10L, counted.requests(), "each request once: " + counted);
            assertEquals(List.of(0L, 5L, 1L, 2L, 2L), counted.byStatusClass(), counted.toString());
            assertEquals(10L, counted.byDuration().stream().mapToLong(Long::longValue).sum(), counted.toString());
            assertEquals(0L, counted.active(), counted.toString());
            // Durations only grow on a slow machine: the asynchronous one took at least 300 ms, the slow page at least 60.
            assertTrue(counted.durationSeconds() >= 0.36, counted.toString());
            assertTrue(countedAtLeast(counted, 0.25) >= 1, "the asynchronous request lies above 0.25 s: " + counted);
            assertTrue(countedAtLeast(counted, 0.05) >= 2, "the slow page and the asynchronous request lie above 50 ms: " + counted);

            WebServer.ModuleRequests module = module(server);
            assertEquals("metered", module.application());
            assertEquals("/metered", module.contextPath());

            // Counters belong to a deployment: undeployed, the module has none; deployed again, it starts from zero.
            server.server().undeploy("metered");
            assertEquals(List.of(), server.server().webRequests());
            server.server().deploy(server.export(war));
            assertEquals(0L, module(server).requests().requests());
        }
    }

    private static WebServer.ModuleRequests module(RunningServer server) {
        List<WebServer.ModuleRequests> modules = server.server().webRequests();
        assertEquals(1, modules.size(), modules.toString());
        return modules.get(0);
    }

    /** Requests counted in the buckets above {@code seconds} (a bucket bound), the last, unbounded one included. */
    private static long countedAtLeast(RequestStatistics.Snapshot snapshot, double seconds) {
        int first = RequestStatistics.BUCKET_BOUNDS.indexOf(seconds) + 1;
        assertTrue(first > 0, seconds + " is no bucket bound");
        return snapshot.byDuration().subList(first, snapshot.byDuration().size()).stream().mapToLong(Long::longValue).sum();
    }
}

package dev.isola.loadtests.throughput;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The load generator against a real HTTP server on loopback: every answered request is counted
 * as correct or as an error, clients spread over the targets, and the first error is kept.
 */
class ClosedLoadTest {

    static HttpServer server;
    static final AtomicInteger good = new AtomicInteger();
    static final AtomicInteger other = new AtomicInteger();

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/good", exchange -> {
            good.incrementAndGet();
            answer(exchange, 200, "<table><tr><td>parrot</td></tr></table>");
        });
        server.createContext("/other", exchange -> {
            other.incrementAndGet();
            answer(exchange, 200, "<table><tr><td>parrot</td></tr></table>");
        });
        server.createContext("/wrong", exchange -> answer(exchange, 200, "<p>no table here</p>"));
        server.createContext("/failing", exchange -> answer(exchange, 500, "boom"));
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void correctAnswersAreCountedAndClientsSpreadOverTheTargets() throws Exception {
        good.set(0);
        other.set(0);
        try (ClosedLoad load = new ClosedLoad(4)) {
            LoadResult result = load.run("test", "two", 1, List.of(uri("/good"), uri("/other")), 4, Duration.ofMillis(500));
            assertEquals(0, result.errors(), load.firstError());
            assertTrue(result.requests() > 0, "some requests were answered");
            assertEquals(good.get() + other.get(), result.requests(), "every answered request is counted once");
            assertTrue(good.get() > 0 && other.get() > 0, "both targets got clients: " + good + " and " + other);
            assertEquals(result.requests() / result.seconds(), result.throughput(), 1e-6);
            assertTrue(result.p50Millis() > 0 && result.p50Millis() <= result.p95Millis() && result.p95Millis() <= result.p99Millis(),
                    "percentiles in order: " + result);
            assertEquals(4, result.clients());
        }
    }

    @Test
    void wrongPagesAndFailedRequestsAreErrorsAndTheFirstIsKept() throws Exception {
        try (ClosedLoad load = new ClosedLoad(2)) {
            LoadResult wrong = load.run("test", "wrong", 1, List.of(uri("/wrong")), 2, Duration.ofMillis(300));
            assertEquals(0, wrong.requests());
            assertTrue(wrong.errors() > 0);
            assertTrue(load.firstError().contains("/wrong answered 200: <p>no table here</p>"), load.firstError());

            LoadResult failing = load.run("test", "failing", 2, List.of(uri("/failing")), 2, Duration.ofMillis(300));
            assertTrue(failing.errors() > 0);
            assertTrue(load.firstError().contains("/failing answered 500"), load.firstError());
        }
    }
}

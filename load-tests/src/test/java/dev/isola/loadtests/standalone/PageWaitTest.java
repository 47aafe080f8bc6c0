package dev.isola.loadtests.standalone;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Waiting for a real loopback HTTP server that is not ready at first. */
class PageWaitTest {

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();
    private URI page;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        // 503 for the first three requests, then the page
        server.createContext("/page", exchange -> {
            boolean ready = requests.incrementAndGet() > 3;
            byte[] body = (ready ? "<table></table>" : "starting").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(ready ? 200 : 503, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        page = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/page");
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void returnsOnceThePageAnswersAsWanted() throws Exception {
        PageWait.until(page, PageWait.okContaining("</table>"), "the table", Duration.ofSeconds(60), PageWait.Ended.NEVER);
        assertEquals(4, requests.get());
    }

    @Test
    void anyStatusIsAnyAnswer() throws Exception {
        PageWait.until(page, PageWait.anyStatus(), "any status", Duration.ofSeconds(60), PageWait.Ended.NEVER);
        assertEquals(1, requests.get());
    }

    @Test
    void givesUpAfterTheTimeoutWithWhatItLastSaw() {
        IOException e = assertThrows(IOException.class,
                () -> PageWait.until(page, PageWait.okContaining("never there"), "a page that never comes", Duration.ofMillis(500), PageWait.Ended.NEVER));
        assertTrue(e.getMessage().contains("did not answer with a page that never comes") && e.getMessage().contains("last: HTTP"), e.getMessage());
    }

    @Test
    void stopsAtOnceWhenTheServerHasEnded() {
        IOException e = assertThrows(IOException.class,
                () -> PageWait.until(page, PageWait.ok(), "200", Duration.ofSeconds(60), () -> Optional.of("exit status 1: port taken")));
        assertTrue(e.getMessage().contains("ended before it answered") && e.getMessage().contains("port taken"), e.getMessage());
        assertEquals(0, requests.get());
    }
}

package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.logging.LastWordsLogManager;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A combined domain's code run as an ordinary JVM ({@code java … DomainMain}), not as an isolate:
 * the one-JVM-per-server baseline of the throughput benchmark. It has no link inbox and no
 * admin isolate, yet it redeploys its recorded application, serves it end to end, and stops in
 * an orderly way on SIGTERM.
 */
@Timeout(300)
class StandaloneDomainIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path root;

    @Test
    void aDomainRunAsAPlainJvmServesItsRecordedApplicationAndStopsInOrder() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        DomainDirectory directory = DomainsRoot.at(root).create(DomainConfig.defaults("plain", DomainMode.COMBINED, port));
        Path ear = TestEars.orders(directory.archives(), "orders.ear");
        new ApplicationRegistry(directory).put(new ApplicationRecord("orders", "orders.ear", Files.size(ear), "-", Instant.now()));

        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process domain = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                // As the domain's isolates have it: the log keeps its last words during shutdown.
                "-D" + LastWordsLogManager.PROPERTY + "=" + LastWordsLogManager.class.getName(), "-cp", classPath, DomainMain.class.getName(), "--domain-dir", directory.path().toString(), "--member", "server")
                .redirectErrorStream(true).redirectOutput(root.resolve("stdout.txt").toFile()).start();
        try {
            awaitBody(domain, port, "processed=");
            HttpResponse<String> accepted = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.ORDERS_PATH))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("item=alpha")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(202, accepted.statusCode());
            awaitBody(domain, port, "processed=alpha");
        } finally {
            domain.destroy();
            if (!domain.waitFor(60, TimeUnit.SECONDS)) {
                domain.destroyForcibly().waitFor();
                fail("the domain did not stop within 60 s of SIGTERM");
            }
        }
        List<String> log = Files.readAllLines(directory.logFile("plain"));
        assertTrue(log.stream().anyMatch(l -> l.contains("running as a plain JVM, not an isolate")), String.join("\n", log));
        assertTrue(log.getLast().contains("stopped"), "the last line of the log: " + log.getLast());
    }

    private void awaitBody(Process domain, int port, String expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String body = "";
        while (System.nanoTime() < deadline) {
            if (!domain.isAlive()) {
                fail("the domain ended with status " + domain.exitValue() + ": " + Files.readString(root.resolve("stdout.txt")));
            }
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.ORDERS_PATH)).build(),
                        HttpResponse.BodyHandlers.ofString());
                body = response.body();
                if (response.statusCode() == 200 && body.equals(expected)) {
                    return;
                }
            } catch (ConnectException notListeningYet) {
                body = "(not listening yet)";
            }
            Thread.sleep(100);
        }
        assertEquals(expected, body, "waited 120 s");
    }
}

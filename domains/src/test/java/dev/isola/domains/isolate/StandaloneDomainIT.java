package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.logging.LastWordsLogManager;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
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
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A domain's main class run as a plain {@code java} process, as the evaluation's standalone
 * baselines (MS-plain, MS-tuned) run it: with no runtime that started it there is no link inbox
 * and no admin, yet it starts its sub-servers, redeploys the recorded application, serves it end
 * to end, and stops in an orderly way on SIGTERM.
 */
@Timeout(300)
class StandaloneDomainIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private Path root;
    private Process process;

    @AfterEach
    void cleanUp() throws Exception {
        if (process != null && process.isAlive()) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void aPlainJvmRunsTheDomainWithItsRecordedApplicationAndStopsInOrder() throws Exception {
        root = Files.createTempDirectory("isola-standalone-it");
        int port = freePort();
        DomainDirectory directory = DomainsRoot.at(root.resolve("domains")).create(DomainConfig.defaults("solo", DomainMode.COMBINED, port));
        Path ear = TestEars.orders(directory.archives(), "orders.ear");
        new ApplicationRegistry(directory).put(new ApplicationRecord("orders", "orders.ear", Files.size(ear), "-", Instant.now()));
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Dmvm.home=" + root.resolve("mvm"),
                "-D" + LastWordsLogManager.PROPERTY + "=" + LastWordsLogManager.class.getName(),
                "-cp", classPath, DomainMain.class.getName(), "--domain-dir", directory.path().toString(), "--member", "server"))
                .redirectErrorStream(true).redirectOutput(root.resolve("stdout.log").toFile()).start();

        awaitBody(port, null);
        assertEquals(202, HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.ORDERS_PATH))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("item=alpha")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        awaitBody(port, "processed=alpha");
        String log = Files.readString(directory.logFile("solo"));
        assertTrue(log.contains("standalone: not started as an isolate, so no link inbox"), log);
        assertTrue(log.contains("1 application(s)"), log);

        process.destroy();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the domain ends on SIGTERM");
        assertTrue(Files.readString(directory.logFile("solo")).contains("server stopped"), "the sub-servers stopped in an orderly way");
    }

    /** Waits until the orders page answers 200 with {@code expected} (any body when null). */
    private void awaitBody(int port, String expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String body = "no answer";
        while (System.nanoTime() < deadline) {
            assertTrue(process.isAlive(), () -> "the domain ended early: " + read(root.resolve("stdout.log")));
            try {
                HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.ORDERS_PATH)).build(),
                        HttpResponse.BodyHandlers.ofString());
                body = answer.body();
                if (answer.statusCode() == 200 && (expected == null || body.equals(expected))) {
                    return;
                }
            } catch (java.net.ConnectException e) {
                body = "not listening";
            }
            Thread.sleep(100);
        }
        assertEquals(expected, body, "waited 120 s");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

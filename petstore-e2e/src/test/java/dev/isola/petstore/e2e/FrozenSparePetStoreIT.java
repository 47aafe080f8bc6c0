package dev.isola.petstore.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.it.AdminFixture;
import dev.isola.admin.supervise.DomainRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An admin isolate keeping its warmed-up spare frozen to disk
 * ({@code bin/appserver start --spare-isolates 1 --freeze-spares}, real CRIU): the waiting spare
 * has no process, a combined domain's start thaws it into a domain like any other, and a snapshot
 * that cannot be thawed costs the start only its speed. Needs CRIU 4 as root ({@code bin/install-criu},
 * which {@code .ci/run} runs).
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FrozenSparePetStoreIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static AdminFixture admin;
    private static Path ear;

    @BeforeAll
    static void startAdminWithAFrozenSpare() throws IOException {
        ear = Path.of(System.getProperty("petstore.ear"));
        admin = AdminFixture.start(5, 1, true, Optional.of(ear));
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    private static JsonNode spares() throws Exception {
        return admin.json("/api/status").path("spareIsolates");
    }

    /** Waits for the frozen spare; returns its snapshot directory. */
    private static Path frozenSpare() throws Exception {
        AdminFixture.await("a frozen spare isolate", () -> {
            try {
                return spares().path("frozen").asInt() == 1;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (Stream<Path> spares = Files.list(admin.domainsRoot().resolve(".spares"))) {
            return spares.filter(path -> path.getFileName().toString().endsWith(".frozen")).findFirst().orElseThrow();
        }
    }

    private static String page(int port, String path) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), path + ": " + response.body());
        return response.body();
    }

    @Test
    @Order(1)
    void aFrozenSpareHasNoProcessAndADomainStartThawsIt() throws Exception {
        Path snapshot = frozenSpare();
        String spareId = snapshot.getFileName().toString().replace(".frozen", "");
        assertEquals(List.of(), StreamSupport.stream(spares().path("pids").spliterator(), false).toList(),
                "a frozen spare has no process");

        int port = admin.createAndDeploy("thawed", ear);

        assertTrue(admin.events("thawed").contains(DomainRuntime.IN_SPARE + " " + spareId), admin.events("thawed"));
        JsonNode isolate = admin.json("/api/domains/thawed/isolates").get(0);
        assertEquals("SPARE", isolate.path("origin").asText(), isolate.toString());
        assertEquals(spareId, isolate.path("id").asText(), "the domain's isolate keeps the spare's id");
        assertTrue(page(port, "/petstore/category?id=FISH").contains("Koi"), "the Pet Store's catalog from the domain's own database");
        // Nothing of the warm-up's Pet Store stays loaded in the domain (its class loader pinned, its classes kept): one
        // Pet Store class loader, the domain's. (Without the AOT cache here; that the domain's classes then come from the
        // cache, which the warm-up's marked copy leaves to it, is measured in docs/results/throughput/thawed-petstore-cpu/.)
        String loaders = jcmd(isolate.path("pid").asLong(), "VM.classloaders");
        assertEquals(1, loaders.split("\"app:petstore\"", -1).length - 1, loaders);
        Path domain = admin.domainsRoot().resolve("thawed");
        // Once it has worked, a restored process loads the agent and redefines its classes as one never frozen does.
        String reset = BusyDomain.browseUntilLogged(HTTP, port, domain.resolve("logs").resolve("thawed.log"), "JIT reset after the take-over",
                Duration.ofMinutes(4));
        assertTrue(reset.matches(".*JIT reset after the take-over, the purpose having used \\d+\\.\\d s of CPU in 60 s: \\d{2,} classes retransformed in \\d+ ms \\(compiled before the take-over: ids up to \\d+\\), [1-9]\\d* compiled since the take-over kept.*"),
                reset);
        String log = Files.readString(domain.resolve("logs").resolve("thawed.log"));
        assertTrue(log.contains("combined domain thawed"), log);
        assertFalse(log.contains("warm-up"), "nothing of the spare's throwaway domain in the domain's log");
        assertTrue(Files.size(domain.resolve("data").resolve("derby.log")) > 0, "Derby logs into the domain's own data directory");
        assertFalse(Files.exists(snapshot), "a thawed snapshot is removed");
        Path next = frozenSpare();
        assertFalse(next.equals(snapshot), "another frozen spare takes the place of the one thawed");

        // The thawed domain and its admin isolate see each other alive over their links: a redeploy goes through.
        AdminFixture.ToolRun redeployed = admin.deployTool("redeploy", "--name", "petstore", "--domain", "thawed");
        assertEquals(0, redeployed.exitCode(), redeployed.toString());
        assertTrue(page(port, "/petstore/").contains("Pet Store"));
    }

    @Test
    @Order(2)
    void aSnapshotThatCannotBeThawedCostsTheStartOnlyItsSpeed() throws Exception {
        Path snapshot = frozenSpare();
        try (Stream<Path> files = Files.list(snapshot)) {
            for (Path pages : files.filter(file -> file.getFileName().toString().startsWith("pages-")).toList()) {
                Files.delete(pages);
            }
        }

        int port = admin.createAndDeploy("cold", ear);

        String events = admin.events("cold");
        assertTrue(events.contains("cannot thaw frozen spare") && events.contains("starting in a new JVM instead"), events);
        assertEquals("STARTED", admin.json("/api/domains/cold/isolates").get(0).path("origin").asText());
        assertTrue(page(port, "/petstore/category?id=FISH").contains("Koi"));
        assertFalse(Files.exists(snapshot), "the broken snapshot is removed");
        assertFalse(frozenSpare().equals(snapshot), "a new frozen spare replaces the broken one");
    }

    /** What {@code jcmd <pid> <command>} prints. */
    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), command)
                .redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, jcmd.waitFor(), out);
        return out;
    }
}

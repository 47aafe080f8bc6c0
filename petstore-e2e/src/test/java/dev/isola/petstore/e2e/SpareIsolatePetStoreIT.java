package dev.isola.petstore.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.it.AdminFixture;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.domains.isolate.DomainSpare;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An admin isolate keeping a spare isolate warmed up with the Pet Store
 * ({@code bin/appserver start --spare-isolates 1}): a combined domain's start takes the spare over,
 * and the domain it becomes is a domain like any other (its own log, its own Derby log, its
 * database, its Pet Store), nothing of the spare's throwaway domain left; what a spare cannot be
 * (another heap) starts in a new JVM, and a dead spare costs a start nothing but its speed. The
 * domain drops the JIT state of the spare's warm-up a few seconds after it starts, and serves on.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpareIsolatePetStoreIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static AdminFixture admin;
    private static Path ear;

    @BeforeAll
    static void startAdminWithASpare() throws IOException {
        ear = Path.of(System.getProperty("petstore.ear"));
        admin = AdminFixture.start(5, 1, Optional.of(ear));
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

    private static long readySpare() throws Exception {
        AdminFixture.await("a spare isolate ready", () -> {
            try {
                return spares().path("ready").asInt() == 1;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return spares().path("pids").get(0).asLong();
    }

    private static long pidOf(String domain) throws Exception {
        return admin.json("/api/domains/" + domain + "/isolates").get(0).path("pid").asLong();
    }

    /** How the admin came to hold the domain's isolate: STARTED in a new JVM, SPARE or ADOPTED. */
    private static String originOf(String domain) throws Exception {
        return admin.json("/api/domains/" + domain + "/isolates").get(0).path("origin").asText();
    }

    private static String page(int port, String path) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), path + ": " + response.body());
        return response.body();
    }

    @Test
    @Order(1)
    void aCombinedDomainStartsInTheWarmedUpSpareAndIsADomainLikeAnyOther() throws Exception {
        long spare = readySpare();

        int port = admin.createAndDeploy("quick", ear);

        assertEquals(spare, pidOf("quick"), "the domain runs in the spare's process");
        assertTrue(admin.events("quick").contains(DomainRuntime.IN_SPARE), admin.events("quick"));
        assertEquals("SPARE", originOf("quick"));
        // Its database: the catalog comes from Derby, whose engine the spare shut down and the domain booted again.
        assertTrue(page(port, "/petstore/category?id=FISH").contains("Koi"), "the Pet Store's catalog from its database");
        // The pages a spare warms the web tier with are the Pet Store's (a renamed page would leave spares warming a 404).
        for (String path : DomainSpare.PAGES) {
            page(port, path);
        }
        Path domain = admin.domainsRoot().resolve("quick");
        Path derbyLog = domain.resolve("data").resolve("derby.log");
        assertTrue(Files.size(derbyLog) > 0, "Derby logs into the domain's own data directory: " + derbyLog);
        // Once the domain has worked, the reset redefines the server classes whose code the warm-up compiled (Tomcat's, the
        // containers'), keeps those compiled only for the Pet Store since (Derby's queries, at least), and the pages serve as before.
        String reset = BusyDomain.browseUntilLogged(HTTP, port, domain.resolve("logs").resolve("quick.log"), "JIT reset after the take-over",
                Duration.ofMinutes(4));
        assertTrue(reset.matches(".*JIT reset after the take-over, the purpose having used \\d+\\.\\d s of CPU in 60 s: \\d{2,} classes retransformed in \\d+ ms \\(compiled before the take-over: ids up to \\d+\\), [1-9]\\d* compiled since the take-over kept.*"),
                reset);
        assertTrue(page(port, "/petstore/category?id=FISH").contains("Koi"), "the catalog after the reset");
        for (String path : DomainSpare.PAGES) {
            page(port, path);
        }
        String log = Files.readString(domain.resolve("logs").resolve("quick.log"));
        assertTrue(log.contains("combined domain quick"), log);
        assertFalse(log.contains("warm-up"), "nothing of the spare's throwaway domain in the domain's log");
        long next = readySpare();
        assertNotEquals(spare, next, "another spare takes the place of the one taken");
        // Nothing of the throwaway domains is left on disk once the spares have warmed up.
        try (var left = Files.list(admin.domainsRoot().resolve(".spares"))) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    @Order(2)
    void aDomainThatNeedsOtherJvmSettingsStartsInANewJvmAndLeavesTheSpare() throws Exception {
        long spare = readySpare();

        int port = admin.createAndDeploy("roomy", ear, "--heap", "320m");

        assertNotEquals(spare, pidOf("roomy"));
        assertFalse(admin.events("roomy").contains("spare"), admin.events("roomy"));
        assertEquals("STARTED", originOf("roomy"));
        assertTrue(page(port, "/petstore/").contains("Pet Store"));
        assertEquals(spare, readySpare(), "the spare still waits for a domain it fits");
    }

    @Test
    @Order(3)
    void aSpareKilledWhileWaitingCostsTheNextStartOnlyItsSpeed() throws Exception {
        long spare = readySpare();
        ProcessHandle.of(spare).orElseThrow().destroyForcibly();

        int port = admin.createAndDeploy("after-kill", ear);

        assertNotEquals(spare, pidOf("after-kill"));
        assertEquals("STARTED", originOf("after-kill"), "the dead spare was not taken over");
        assertTrue(page(port, "/petstore/category?id=FISH").contains("Koi"));
        assertNotEquals(spare, readySpare(), "a new spare replaces the killed one");
    }

    @Test
    @Order(4)
    void aSpareEndsWithItsAdminIsolateEvenWhenThatOneCrashes() throws Exception {
        long spare = readySpare();
        ProcessHandle adminProcess = ProcessHandle.of(admin.json("/api/status").path("pid").asLong()).orElseThrow();
        long quick = pidOf("quick");

        adminProcess.destroyForcibly();

        ProcessHandle handle = ProcessHandle.of(spare).orElse(null);
        AdminFixture.await("the spare ends with its admin isolate", () -> handle == null || !handle.isAlive());
        assertTrue(ProcessHandle.of(quick).map(ProcessHandle::isAlive).orElse(false), "the domain it became keeps running without its admin");
    }
}

package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.deploytool.ExitCodes;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.testapp.TestEars;
import dev.isola.mvm.isolate.IsolateRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Domains end to end with real processes: deploy-tool creates a combined and a separated
 * domain and deploys the same test EAR (servlet → EJB → JMS → MDB → Derby) to both, which
 * answer alike; the separated domain's EJB isolate, halted, is restarted by the supervisor and
 * its web isolate reconnected, and the application answers again with its data; a halted
 * admin isolate leaves both domains serving, and a new one re-adopts them without starting
 * duplicates; stop and start end and bring back everything.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DomainsEndToEndIT {

    private static AdminFixture admin;
    private static final Map<String, Integer> PORTS = new TreeMap<>();
    private static final Map<String, String> MODES = Map.of("shop", "combined", "crm", "separated");

    @BeforeAll
    static void createDomainsAndDeploy() throws Exception {
        admin = AdminFixture.start();
        Path ear = TestEars.orders(admin.work(), "orders.ear");
        PORTS.put("shop", AdminFixture.freePort());
        PORTS.put("crm", AdminFixture.freePort());
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            AdminFixture.ToolRun created = admin.deployTool("create-domain", domain.getKey(), "--mode", MODES.get(domain.getKey()), "--port",
                    domain.getValue().toString(), "--heap", "192m", "--start");
            assertEquals(0, created.exitCode(), created.toString());
            AdminFixture.ToolRun deployed = admin.deployTool("deploy", ear.toString(), "--domain", domain.getKey());
            assertEquals(0, deployed.exitCode(), deployed.toString());
        }
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    @Order(1)
    void theSameApplicationAnswersAlikeInBothModes() throws Exception {
        assertEquals(List.of("crm-ejb", "crm-jms", "crm-web", "shop"), admin.domainIsolates().stream().map(IsolateRecord::name).sorted().toList());
        Map<String, List<String>> answers = new TreeMap<>();
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            int port = domain.getValue();
            // One at a time: the message-driven bean takes messages in parallel, so two in flight may be recorded in either order.
            assertEquals(202, HttpProbe.order(port, "alpha").statusCode());
            AdminFixture.awaitValue(domain.getKey() + " to process the first order", () -> HttpProbe.processed(port), "processed=alpha");
            assertEquals(202, HttpProbe.order(port, "beta").statusCode());
            AdminFixture.awaitValue(domain.getKey() + " to process the second order", () -> HttpProbe.processed(port), "processed=alpha,beta");
            answers.put(domain.getKey(), List.of(Integer.toString(HttpProbe.order(port, "").statusCode()), HttpProbe.processed(port)));
        }
        assertEquals(answers.get("shop"), answers.get("crm"), "the same answers from both modes");
    }

    @Test
    @Order(1)
    void aWarThatPackagesABeanRunsItInTheEjbIsolateOfASeparatedDomain() throws Exception {
        Path war = TestEars.tallyWar(admin.work(), "tally.war");
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            AdminFixture.ToolRun deployed = admin.deployTool("deploy", war.toString(), "--domain", domain.getKey());
            assertEquals(0, deployed.exitCode(), deployed.toString());
            String first = HttpProbe.get(domain.getValue(), "/tally/tally?add=2").body();
            String second = HttpProbe.get(domain.getValue(), "/tally/tally?add=3").body();
            assertTrue(first.startsWith("sum=2 module=tally pid="), first);
            assertTrue(second.startsWith("sum=5 module=tally pid="), "one singleton: " + second);
            long beanPid = Long.parseLong(second.replaceAll(".* pid=(\\d+) .*", "$1"));
            long webPid = Long.parseLong(second.replaceAll(".*web-pid=(\\d+)$", "$1"));
            long expectedBeanPid = isolate(domain.getKey().equals("crm") ? "crm-ejb" : "shop").pid();
            assertEquals(expectedBeanPid, beanPid, domain.getKey() + ": the bean runs in " + (domain.getKey().equals("crm") ? "the EJB isolate" : "the domain's isolate"));
            assertEquals(domain.getKey().equals("crm"), beanPid != webPid, second);
            AdminFixture.ToolRun undeployed = admin.deployTool("undeploy", "tally", "--domain", domain.getKey());
            assertEquals(0, undeployed.exitCode(), undeployed.toString());
        }
    }

    @Test
    @Order(2)
    void theHaltedEjbIsolateOfTheSeparatedDomainIsRestartedAndTheApplicationAnswersAgain() throws Exception {
        IsolateRecord victim = isolate("crm-ejb");
        long web = isolate("crm-web").pid();
        admin.registry().adopt(victim.id()).halt(9).join();
        int port = PORTS.get("crm");
        AdminFixture.awaitValue("crm to come back", () -> HttpProbe.processed(port), "processed=alpha,beta");
        AdminFixture.await("the supervisor to see crm running", () -> state("crm").equals("RUNNING"));
        assertNotEquals(victim.pid(), isolate("crm-ejb").pid(), "a new EJB isolate");
        assertEquals(web, isolate("crm-web").pid(), "the web isolate went on, reconnected");
        assertEquals(202, HttpProbe.order(port, "gamma").statusCode());
        AdminFixture.awaitValue("the new order", () -> HttpProbe.processed(port), "processed=alpha,beta,gamma");

        List<String> events = new ArrayList<>();
        admin.json("/api/domains/crm/events").forEach(e -> events.add(e.path("isolate").asText() + " " + e.path("kind").asText() + ": "
                + e.path("message").asText()));
        assertTrue(events.contains("crm-ejb EXITED: halted (code 9)"), events.toString());
        assertTrue(events.stream().anyMatch(e -> e.startsWith(" RESTART_SCHEDULED: restart 1 of at most 5")), events.toString());
        assertTrue(events.stream().anyMatch(e -> e.startsWith("crm-ejb STARTED: ready in")), events.toString());
        assertEquals("crm-web RECONNECTED: connected to the new crm-ejb", events.getLast(), events.toString());
        assertEquals(1, admin.json("/api/domains/crm").path("restarts").asInt());
    }

    @Test
    @Order(2)
    void deployToolShowsTheLogsOfEachIsolateOrOfTheOneAskedFor() throws IOException {
        AdminFixture.ToolRun all = admin.deployTool("logs", "--domain", "crm", "--lines", "5");
        assertEquals(0, all.exitCode(), all.toString());
        List<String> headers = all.out().lines().filter(line -> line.startsWith("==> ")).toList();
        assertEquals(List.of("crm-jms", "crm-ejb", "crm-web"), headers.stream().map(h -> h.split(" ")[1]).toList(), all.out());
        assertTrue(headers.getFirst().endsWith("crm/logs/crm-jms.log) <=="), headers.toString());

        AdminFixture.ToolRun web = admin.deployTool("logs", "--domain", "crm", "--isolate", "crm-web", "--lines", "20");
        assertEquals(0, web.exitCode(), web.toString());
        assertFalse(web.out().contains("==> "), "one log, no header: " + web.out());
        List<String> shown = web.out().lines().toList();
        List<String> file = Files.readAllLines(admin.domainsRoot().resolve("crm/logs/crm-web.log"));
        assertEquals(20, shown.size(), web.out());
        assertTrue(file.containsAll(shown), "lines of crm-web.log: " + web.out());
        assertTrue(admin.deployTool("logs", "--domain", "shop", "--lines", "3").out().lines().count() <= 3);

        AdminFixture.ToolRun notAnIsolate = admin.deployTool("logs", "--domain", "crm", "--isolate", "crm");
        assertEquals(ExitCodes.REJECTED, notAnIsolate.exitCode(), notAnIsolate.toString());
        assertTrue(notAnIsolate.err().contains("domain crm has no isolate 'crm'; its isolates: crm-jms, crm-ejb, crm-web"), notAnIsolate.err());
        AdminFixture.ToolRun tooMany = admin.deployTool("logs", "--domain", "crm", "--lines", "5000");
        assertEquals(ExitCodes.REJECTED, tooMany.exitCode(), tooMany.toString());
        assertTrue(tooMany.err().contains("lines"), tooMany.err());
        AdminFixture.ToolRun noDomain = admin.deployTool("logs", "--domain", "nowhere");
        assertEquals(ExitCodes.REJECTED, noDomain.exitCode(), noDomain.toString());
        assertTrue(noDomain.err().contains("nowhere"), noDomain.err());
    }

    @Test
    @Order(2)
    void aThreadDumpOfAnyIsolateIsTakenFromOutsideIt() throws Exception {
        AdminFixture.ToolRun shop = admin.deployTool("thread-dump", "--domain", "shop");
        assertEquals(0, shop.exitCode(), shop.toString());
        assertTrue(shop.out().contains("\"main\"") && shop.out().contains("dev.isola."), shop.out());

        AdminFixture.ToolRun locks = admin.deployTool("thread-dump", "--domain", "crm", "--isolate", "crm-ejb", "--format", "locks");
        assertEquals(0, locks.exitCode(), locks.toString());
        assertTrue(locks.out().contains("Full thread dump") && locks.out().contains("Locked ownable synchronizers"), locks.out());
        JsonNode json = JsonFiles.MAPPER.readTree(admin.get("/api/domains/crm/isolates/crm-web/thread-dump?format=json").body());
        assertTrue(json.path("threadDump").path("threadContainers").isArray(), json.toString());

        AdminFixture.ToolRun which = admin.deployTool("thread-dump", "--domain", "crm");
        assertEquals(ExitCodes.USAGE, which.exitCode(), which.toString());
        assertTrue(which.err().contains("domain crm runs 3 isolates (crm-jms, crm-ejb, crm-web): name one with --isolate"), which.err());
        AdminFixture.ToolRun unknown = admin.deployTool("thread-dump", "--domain", "crm", "--isolate", "crm");
        assertEquals(ExitCodes.REJECTED, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.err().contains("domain crm has no running isolate 'crm'; its isolates: crm-jms, crm-ejb, crm-web"), unknown.err());
        AdminFixture.ToolRun format = admin.deployTool("thread-dump", "--domain", "shop", "--format", "xml");
        assertEquals(ExitCodes.REJECTED, format.exitCode(), format.toString());
        assertTrue(format.err().contains("format=xml must be text, json or locks"), format.err());
    }

    @Test
    @Order(3)
    void domainsServeWithoutTheAdminIsolateAndANewOneReAdoptsThem() throws Exception {
        List<Long> pidsBefore = domainPids();
        admin.haltAdmin();
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            assertTrue(HttpProbe.processed(domain.getValue()).startsWith("processed=alpha,beta"), domain.getKey() + " serves without the admin isolate");
            assertEquals(202, HttpProbe.order(domain.getValue(), "orphan").statusCode());
        }
        // As if crm-web had been started from an earlier build of the image (an upgrade that restarts only the
        // admin isolate): its record names another build than the image's jars hold.
        Path descriptor = isolate("crm-web").runDirectory().resolve("isolate.properties");
        String recorded = Files.readString(descriptor);
        assertTrue(recorded.matches("(?s).*\\nimageBuild=[0-9a-f]{16}\\n.*"), "every isolate records its build: " + recorded);
        Files.writeString(descriptor, recorded.replaceAll("(?m)^imageBuild=.*$", "imageBuild=0123456789abcdef"));

        admin.startAdmin();
        for (String domain : PORTS.keySet()) {
            AdminFixture.await(domain + " re-adopted", () -> state(domain).equals("RUNNING"));
            JsonNode isolates = admin.json("/api/domains/" + domain).path("isolates");
            isolates.forEach(i -> assertEquals("ADOPTED", i.path("origin").asText(), i.toString()));
            isolates.forEach(i -> assertEquals(i.path("name").asText().equals("crm-web"), i.path("olderBuild").asBoolean(), i.toString()));
        }
        String adopted = admin.json("/api/domains/crm/events").findValues("message").stream().map(JsonNode::asText)
                .filter(m -> m.contains("build 0123456789abcdef")).findFirst().orElseThrow(() -> new AssertionError("no event names the old build"));
        assertTrue(adopted.contains("until the domain is restarted (deploy-tool restart-domain crm)"), adopted);
        // What bin/appserver status says beside each isolate, with or without an admin isolate.
        Optional<String> currentBuild = admin.launcher().currentBuild();
        assertTrue(isolate("crm-web").earlierBuildThan(currentBuild).orElseThrow().startsWith("build 0123456789abcdef of the image, not build "));
        assertEquals(Optional.empty(), isolate("crm-ejb").earlierBuildThan(currentBuild));
        assertEquals(Optional.empty(), admin.launcher().running().orElseThrow().earlierBuildThan(currentBuild));
        AdminFixture.ToolRun status = admin.deployTool("status");
        assertEquals(0, status.exitCode(), status.toString());
        assertTrue(status.out().contains("runs an earlier build of the image until the domain is restarted (restart-domain crm)"), status.toString());
        assertEquals(pidsBefore, domainPids(), "the same processes, no duplicates");
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            AdminFixture.await("the orphan's order", () -> HttpProbe.processed(domain.getValue()).endsWith(",orphan"));
        }

        // The new control links work: undeploy and deploy through the re-adopted isolates.
        for (String domain : PORTS.keySet()) {
            AdminFixture.ToolRun undeployed = admin.deployTool("undeploy", "orders", "--domain", domain);
            assertEquals(0, undeployed.exitCode(), undeployed.toString());
            assertTrue(HttpProbe.processed(PORTS.get(domain)).startsWith("HTTP 404"));
            AdminFixture.ToolRun deployed = admin.deployTool("deploy", TestEars.orders(admin.work(), "orders.ear").toString(), "--domain", domain);
            assertEquals(0, deployed.exitCode(), deployed.toString());
            assertTrue(HttpProbe.processed(PORTS.get(domain)).endsWith(",orphan"), "the data outlives the application");
        }
    }

    @Test
    @Order(4)
    void stopEndsEverythingInAnOrderlyWayAndStartBringsTheDomainsBack() throws Exception {
        int isolates = admin.domainIsolates().size();
        List<String> stopped = admin.launcher().stop(java.time.Duration.ofSeconds(30));
        assertEquals(1 + isolates, stopped.size(), "the admin isolate and every domain isolate: " + stopped);
        stopped.forEach(line -> assertTrue(line.endsWith(": exited with code 0"), stopped.toString()));
        assertEquals(List.of(), admin.domainIsolates());
        assertTrue(admin.launcher().running().isEmpty());
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            assertTrue(HttpProbe.processed(domain.getValue()).startsWith("unreachable"), domain.getKey() + " is down");
        }

        admin.startAdmin();
        for (Map.Entry<String, Integer> domain : PORTS.entrySet()) {
            AdminFixture.await(domain.getKey() + " started again", () -> state(domain.getKey()).equals("RUNNING"));
            admin.json("/api/domains/" + domain.getKey()).path("isolates").forEach(i -> assertFalse(i.path("olderBuild").asBoolean(), i.toString()));
            assertTrue(HttpProbe.processed(domain.getValue()).endsWith(",orphan"), domain.getKey() + " is back with its application and data");
        }
    }

    private static String state(String domain) {
        try {
            return admin.json("/api/domains/" + domain).path("state").asText();
        } catch (Exception | AssertionError e) {
            return "unreachable: " + e.getMessage();
        }
    }

    private static IsolateRecord isolate(String name) {
        return admin.domainIsolates().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no isolate " + name + " runs"));
    }

    private static List<Long> domainPids() {
        return admin.domainIsolates().stream().map(IsolateRecord::pid).sorted().toList();
    }
}

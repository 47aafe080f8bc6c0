package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.deploytool.ExitCodes;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code deploy-tool backup-domain} and {@code restore-domain} against a real admin isolate: a
 * combined domain with the test EAR (servlet → EJB → JMS → MDB → Derby) and an order in its
 * database, backed up while orders come in (its copy restored beside it takes orders of its own),
 * backed up once stopped, restored beside itself under another name and port, where the order is
 * back and new ones go to the copy's database only; and every refusal, which leaves nothing behind.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DomainBackupIT {

    private static AdminFixture admin;
    private static int shopPort;
    private static Path backup;
    /** What the original has processed once the orders of the first test are in. */
    private static String shopOrders;

    @BeforeAll
    static void aDomainWithAnOrderInItsDatabase() throws Exception {
        admin = AdminFixture.start();
        shopPort = admin.createAndDeploy("shop", TestEars.orders(admin.work(), "orders.ear"), "--heap", "192m");
        assertEquals(202, HttpProbe.order(shopPort, "alpha").statusCode());
        AdminFixture.awaitValue("the first order", () -> HttpProbe.processed(shopPort), "processed=alpha");
        backup = admin.work().resolve("shop-backup.zip");
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    @Order(1)
    void aRunningDomainIsBackedUpWhileOrdersComeInAndItsCopyHoldsWholeOrders() throws Exception {
        Path online = admin.work().resolve("shop-online.zip");
        List<String> accepted = new ArrayList<>(List.of("alpha"));
        AdminFixture.ToolRun saved = backUpWhileOrdersComeIn("shop", shopPort, online, accepted);

        assertEquals(0, saved.exitCode(), saved.toString());
        assertTrue(saved.out().startsWith("Saved a backup of domain shop to " + online), saved.out());
        List<String> entries;
        try (ZipFile zip = new ZipFile(online.toFile())) {
            entries = zip.stream().map(ZipEntry::getName).toList();
        }
        assertTrue(entries.containsAll(List.of("data/default/service.properties", "data/jms/store/service.properties")), entries.toString());
        assertFalse(entries.stream().anyMatch(e -> e.endsWith("/db.lck") || e.endsWith("/dbex.lck")), "no copy is marked open: " + entries);
        assertTrue(events("shop").stream().anyMatch(e -> e.startsWith("BACKED_UP: backed up while running: ")
                && e.endsWith("; databases copied online: [data/default, data/jms/store]")), events("shop").toString());
        try (Stream<Path> cache = Files.list(admin.domainsRoot().resolve(".cache"))) {
            assertEquals(List.of(), cache.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".backup-")).toList(), "no copies left");
        }

        restoreAndOrder(online, "shop-live", accepted);
        assertEquals(0, admin.deployTool("delete-domain", "shop-live", "--force").exitCode());
        AdminFixture.await("the original to process every order", () -> List.of(HttpProbe.processed(shopPort).split("[=,]")).containsAll(accepted));
        shopOrders = HttpProbe.processed(shopPort);

        AdminFixture.ToolRun nowhere = admin.deployTool("backup-domain", "nowhere", "--file", backup.toString());
        assertEquals(ExitCodes.REJECTED, nowhere.exitCode(), nowhere.toString());
        assertTrue(nowhere.err().contains("no domain 'nowhere'"), nowhere.err());
        assertFalse(Files.exists(backup));
    }

    @Test
    @Order(2)
    void aStoppedDomainIsSavedWithItsConfigurationApplicationAndDatabaseButNotItsLogs() throws Exception {
        AdminFixture.ToolRun stopped = admin.deployTool("stop-domain", "shop");
        assertEquals(0, stopped.exitCode(), stopped.toString());

        AdminFixture.ToolRun saved = admin.deployTool("backup-domain", "shop", "--file", backup.toString());

        assertEquals(0, saved.exitCode(), saved.toString());
        assertTrue(saved.out().startsWith("Saved a backup of domain shop to " + backup), saved.out());
        List<String> entries;
        try (ZipFile zip = new ZipFile(backup.toFile())) {
            entries = zip.stream().map(ZipEntry::getName).toList();
        }
        assertEquals("isola-backup.json", entries.getFirst());
        assertTrue(entries.containsAll(List.of("config/domain.json", "config/applications.json", "applications/orders.ear")), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.startsWith("data/") && e.endsWith(".dat")), "the Derby database: " + entries);
        assertFalse(entries.stream().anyMatch(e -> e.startsWith("logs/") || e.equals("config/state.json")), entries.toString());
        assertTrue(events("shop").stream().anyMatch(e -> e.startsWith("BACKED_UP: backed up: ")), events("shop").toString());
        AdminFixture.ToolRun again = admin.deployTool("backup-domain", "shop", "--file", backup.toString());
        assertEquals(ExitCodes.USAGE, again.exitCode(), "an existing file is not replaced without --force: " + again);
    }

    @Test
    @Order(3)
    void aRestoreOverAnExistingDomainOrOntoItsPortIsRefusedAndLeavesNoDomain() throws IOException, InterruptedException {
        AdminFixture.ToolRun sameName = admin.deployTool("restore-domain", backup.toString());
        assertEquals(ExitCodes.REJECTED, sameName.exitCode(), sameName.toString());
        assertTrue(sameName.err().contains("domain 'shop' already exists; restore under another name"), sameName.err());

        AdminFixture.ToolRun samePort = admin.deployTool("restore-domain", backup.toString(), "--name", "shop-copy");
        assertEquals(ExitCodes.REJECTED, samePort.exitCode(), samePort.toString());
        assertTrue(samePort.err().contains("port " + shopPort + " is already the HTTP port of domain shop"), samePort.err());

        AdminFixture.ToolRun badName = admin.deployTool("restore-domain", backup.toString(), "--name", "Shop Copy");
        assertEquals(ExitCodes.REJECTED, badName.exitCode(), badName.toString());
        assertTrue(badName.err().contains("is not a valid domain name"), badName.err());

        Path notAZip = Files.writeString(admin.work().resolve("notes.zip"), "not a backup");
        AdminFixture.ToolRun garbage = admin.deployTool("restore-domain", notAZip.toString(), "--name", "shop-copy");
        assertEquals(ExitCodes.REJECTED, garbage.exitCode(), garbage.toString());
        assertTrue(garbage.err().contains("not a zip archive, or a damaged one"), garbage.err());

        HttpResponse<String> ear = admin.call("POST", "/api/domains/restore?name=shop-copy",
                HttpRequest.BodyPublishers.ofFile(TestEars.orders(admin.work(), "orders2.ear")), "application/zip");
        assertEquals(400, ear.statusCode(), ear.body());
        assertTrue(ear.body().contains("not an Isola domain backup: it has no isola-backup.json"), ear.body());

        assertEquals(List.of("shop"), domainNames());
        try (Stream<Path> root = Files.list(admin.domainsRoot()); Stream<Path> cache = Files.list(admin.domainsRoot().resolve(".cache"))) {
            assertEquals(List.of(), Stream.concat(root, cache).map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(".restore-") || n.startsWith(".upload-") || n.startsWith(".backup-")).toList(), "nothing left behind");
        }
    }

    @Test
    @Order(4)
    void theCopyComesBackWithTheOrderAndKeepsItsOwnDatabaseFromThenOn() throws Exception {
        int copyPort = AdminFixture.freePort();

        AdminFixture.ToolRun restored = admin.deployTool("restore-domain", backup.toString(), "--name", "shop-copy", "--port",
                Integer.toString(copyPort), "--start");

        assertEquals(0, restored.exitCode(), restored.toString());
        assertTrue(restored.out().startsWith("Restored domain shop-copy (combined) from " + backup + ": running at http://127.0.0.1:" + copyPort),
                restored.out());
        assertEquals(shopOrders, HttpProbe.processed(copyPort), "the orders came back with the database");
        assertEquals(202, HttpProbe.order(copyPort, "beta").statusCode());
        AdminFixture.awaitValue("the copy's new order", () -> HttpProbe.processed(copyPort), shopOrders + ",beta");
        assertTrue(events("shop-copy").stream().anyMatch(e -> e.startsWith("RESTORED: restored from a backup of domain shop taken ")),
                events("shop-copy").toString());

        AdminFixture.ToolRun original = admin.deployTool("start-domain", "shop");
        assertEquals(0, original.exitCode(), original.toString());
        assertEquals(shopOrders, HttpProbe.processed(shopPort), "the original's database is its own");
    }

    @Test
    @Order(5)
    void aRunningSeparatedDomainIsBackedUpWithCommitsHeldInEveryIsolate() throws Exception {
        int crmPort = admin.createAndDeploy("crm", TestEars.orders(admin.work(), "crm.ear"), "--mode", "separated");
        assertEquals(202, HttpProbe.order(crmPort, "first").statusCode());
        AdminFixture.awaitValue("the first order", () -> HttpProbe.processed(crmPort), "processed=first");
        Path online = admin.work().resolve("crm-online.zip");
        List<String> accepted = new ArrayList<>(List.of("first"));
        AdminFixture.ToolRun saved = backUpWhileOrdersComeIn("crm", crmPort, online, accepted);

        assertEquals(0, saved.exitCode(), saved.toString());
        assertTrue(events("crm").stream().anyMatch(e -> e.startsWith("BACKED_UP: backed up while running: ")
                && e.endsWith("; databases copied online: [data/jms/store, data/default]")), events("crm").toString());
        restoreAndOrder(online, "crm-copy", accepted);
    }

    /**
     * Backs {@code domain} up with deploy-tool while a customer places orders on it, one after another, from the
     * third order on; {@code accepted} starts with the orders placed before and gets every order the domain accepted.
     */
    private static AdminFixture.ToolRun backUpWhileOrdersComeIn(String domain, int port, Path file, List<String> accepted) throws Exception {
        List<String> placed = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicBoolean ordering = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread customer = Thread.ofPlatform().name(domain + "-customer").start(() -> {
            for (int n = 1; ordering.get() && n <= 500; n++) {
                try {
                    if (HttpProbe.order(port, domain + n).statusCode() == 202) {
                        placed.add(domain + n);
                    }
                } catch (IOException e) {
                    return;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        });
        try {
            AdminFixture.await("orders coming in", () -> placed.size() >= 3);
            return admin.deployTool("backup-domain", domain, "--file", file.toString());
        } finally {
            ordering.set(false);
            customer.join();
            accepted.addAll(placed);
        }
    }

    /**
     * Restores {@code backup} as {@code copy} on a new port, started, and checks that the copy holds the first order and
     * only orders the customer placed ({@code accepted}), and takes one of its own.
     */
    private static void restoreAndOrder(Path backup, String copy, List<String> accepted) throws Exception {
        int copyPort = AdminFixture.freePort();
        AdminFixture.ToolRun restored = admin.deployTool("restore-domain", backup.toString(), "--name", copy, "--port", Integer.toString(copyPort),
                "--start");
        assertEquals(0, restored.exitCode(), restored.toString());
        assertEquals(202, HttpProbe.order(copyPort, "last").statusCode(), "the copy takes orders");
        AdminFixture.await("the copy's order", () -> List.of(HttpProbe.processed(copyPort).split("[=,]")).contains("last"));
        List<String> processed = List.of(HttpProbe.processed(copyPort).substring("processed=".length()).split(","));
        assertEquals(accepted.getFirst(), processed.getFirst(), processed.toString());
        List<String> known = new ArrayList<>(accepted);
        known.add("last");
        assertTrue(known.containsAll(processed), "only orders the customer placed: " + processed + " of " + known);
    }

    private static List<String> domainNames() throws IOException, InterruptedException {
        List<String> names = new ArrayList<>();
        admin.json("/api/domains").forEach(d -> names.add(d.path("name").asText()));
        return names;
    }

    private static List<String> events(String domain) throws IOException, InterruptedException {
        List<String> events = new ArrayList<>();
        for (JsonNode e : admin.json("/api/domains/" + domain + "/events")) {
            events.add(e.path("kind").asText() + ": " + e.path("message").asText());
        }
        return events;
    }
}

package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.deploy.TestArchives;
import dev.isola.admin.it.broken.BrokenServlet;
import dev.isola.admin.it.broken.MissingService;
import dev.isola.deploytool.ExitCodes;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.testapp.TestEars;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.isola.admin.deploy.TestArchives.text;
import static dev.isola.admin.deploy.TestArchives.zip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin REST API against a real admin isolate and a real combined domain: authentication,
 * every kind of bad input (each refused with a clear message, nothing changed), the OpenAPI
 * document, isolate figures, metrics, events, redeploy with rollback, and deploy-tool's exit
 * statuses.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminApiIT {

    private static AdminFixture admin;
    private static int shopPort;
    private static Path ordersEar;

    @BeforeAll
    static void startAdminWithADomain() throws Exception {
        admin = AdminFixture.start(1);
        shopPort = AdminFixture.freePort();
        ordersEar = TestEars.orders(admin.work(), "orders.ear");
        AdminFixture.ToolRun created = admin.deployTool("create-domain", "shop", "--port", Integer.toString(shopPort), "--start");
        assertEquals(0, created.exitCode(), created.toString());
        AdminFixture.ToolRun deployed = admin.deployTool("deploy", ordersEar.toString(), "--domain", "shop");
        assertEquals(0, deployed.exitCode(), deployed.toString());
        assertTrue(deployed.out().contains("http://127.0.0.1:" + shopPort + "/orders/"), deployed.out());
    }

    @AfterAll
    static void stopAdmin() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    @Order(1)
    void everyEndpointNeedsTheAdminPassword() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (String path : List.of("/api/domains", "/api/openapi.yaml", "/metrics", "/nothing/here")) {
            HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(URI.create(admin.url() + path)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, anonymous.statusCode(), path);
            assertTrue(anonymous.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="), path);
            assertTrue(AdminFixture.parse(anonymous).path("message").asText().contains("authentication required"), anonymous.body());
        }
        String wrong = "Basic " + Base64.getEncoder().encodeToString("admin:guess".getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> guessed = http.send(HttpRequest.newBuilder(URI.create(admin.url() + "/api/domains")).header("Authorization", wrong).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(401, guessed.statusCode());
        assertTrue(AdminFixture.parse(guessed).path("message").asText().contains("wrong user name or password"), guessed.body());

        Path wrongFile = Files.writeString(admin.work().resolve("wrong-password"), "guess\n");
        AdminFixture.ToolRun tool = AdminFixture.deployToolAsIs("--url", admin.url(), "--password-file", wrongFile.toString(), "list-domains");
        assertEquals(ExitCodes.AUTHENTICATION, tool.exitCode(), tool.toString());
        assertTrue(tool.err().contains("authentication failed (user admin, password from --password-file " + wrongFile + ")"), tool.err());
    }

    @Test
    @Order(1)
    void theStatusShowsWhatTheAdminIsolateWasStartedWith() throws Exception {
        JsonNode settings = admin.json("/api/status").path("settings");

        assertEquals(1, settings.path("restartLimit").asInt(), settings.toString());
        assertEquals(16L << 20, settings.path("maxExpandedBytes").asLong(), settings.toString());
        assertEquals(256L << 20, settings.path("maxUploadBytes").asLong(), settings.toString());
        assertEquals(30, settings.path("consoleSessionTimeoutMinutes").asInt(), settings.toString());
        assertEquals(7, settings.path("keepEndedIsolatesDays").asInt(), settings.toString());
        assertEquals(4L << 20, settings.path("eventJournalBytes").asLong(), settings.toString());
        assertEquals(2, settings.path("autodeployIntervalSeconds").asInt(), settings.toString());
        AdminFixture.awaitLogLine(admin.domainsRoot().resolve(".admin/admin.log"),
                "settings: --restart-limit 1 --max-upload-size 256m --max-expanded-size 16m --console-session-timeout 30 --keep-ended-isolates 7"
                        + " --event-journal-size 4m --autodeploy-interval 2");
    }

    @Test
    @Order(2)
    void badUploadsAreRefusedWithAClearMessageAndNothingChanges() throws Exception {
        assertUploadRefused(text("<html>oops</html>"), 400, "is not a zip archive");
        assertUploadRefused(TestArchives.zipSlipEar(), 400, "entry '../../evil.sh' of bad.ear would be written outside");
        assertUploadRefused(Files.readAllBytes(TestArchives.bombEar(admin.work(), 64)), 413, "expands to more than 16 MB");
        assertUploadRefused(zip(Map.of("lib/util.jar", zip(Map.of("a/B.class", text("x"))))), 400, "contains no module");

        AdminFixture.ToolRun tool = admin.deployTool("deploy", Files.write(admin.work().resolve("notes.ear"), text("not an archive")).toString(),
                "--domain", "shop");
        assertEquals(ExitCodes.REJECTED, tool.exitCode(), tool.toString());
        assertTrue(tool.err().contains("notes.ear is not a zip archive"), tool.err());
    }

    private static void assertUploadRefused(byte[] archive, int status, String expected) throws Exception {
        HttpResponse<String> response = admin.upload("/api/domains/shop/applications?name=bad&filename=bad.ear", archive);
        assertEquals(status, response.statusCode(), response.body());
        JsonNode body = AdminFixture.parse(response);
        assertEquals(status, body.path("status").asInt());
        assertTrue(body.path("message").asText().contains(expected), body.toString());
        assertEquals(List.of("orders"), applicationNames("shop"), "nothing was deployed");
        try (Stream<Path> files = Files.list(admin.domainsRoot().resolve("shop/applications"))) {
            assertEquals(List.of("orders.ear"), files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList(),
                    "nothing was left behind");
        }
        assertEquals("processed=", HttpProbe.processed(shopPort), "the application still answers");
    }

    @Test
    @Order(3)
    void deployingToAnUnknownOrStoppedDomainIsRefused() throws Exception {
        HttpResponse<String> unknown = admin.upload("/api/domains/shoe/applications?name=orders", Files.readAllBytes(ordersEar));
        assertEquals(404, unknown.statusCode());
        assertTrue(unknown.body().contains("no domain 'shoe'") && unknown.body().contains("domains: shop"), unknown.body());

        AdminFixture.ToolRun cold = admin.deployTool("create-domain", "cold", "--port", Integer.toString(AdminFixture.freePort()));
        assertEquals(0, cold.exitCode(), cold.toString());
        assertTrue(cold.out().contains("Next: deploy-tool start-domain cold"), cold.out());
        AdminFixture.ToolRun refused = admin.deployTool("deploy", ordersEar.toString(), "--domain", "cold");
        assertEquals(ExitCodes.REJECTED, refused.exitCode(), refused.toString());
        assertTrue(refused.err().contains("cannot deploy orders to domain cold: it is stopped; start it first: deploy-tool start-domain cold"),
                refused.err());
        assertEquals(List.of(), applicationNames("cold"));
        assertEquals(0, admin.deployTool("delete-domain", "cold").exitCode());
    }

    @Test
    @Order(4)
    void creatingADomainWithATakenPortOrABadNameIsRefused() throws Exception {
        HttpResponse<String> sameAsShop = createDomain("{\"name\": \"twin\", \"httpPort\": " + shopPort + "}");
        assertEquals(409, sameAsShop.statusCode());
        assertTrue(sameAsShop.body().contains("port " + shopPort + " is already the HTTP port of domain shop"), sameAsShop.body());
        try (ServerSocket squatter = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            HttpResponse<String> taken = createDomain("{\"name\": \"twin\", \"httpPort\": " + squatter.getLocalPort() + "}");
            assertEquals(409, taken.statusCode());
            assertTrue(taken.body().contains("is in use by another process"), taken.body());
        }
        HttpResponse<String> badName = createDomain("{\"name\": \"My Shop\"}");
        assertEquals(400, badName.statusCode());
        assertEquals("name", AdminFixture.parse(badName).path("field").asText(), badName.body());
        HttpResponse<String> badHeap = createDomain("{\"name\": \"twin\", \"isolate\": {\"heap\": \"lots\"}}");
        assertEquals(400, badHeap.statusCode());
        assertEquals("isolate.heap", AdminFixture.parse(badHeap).path("field").asText(), badHeap.body());
        HttpResponse<String> exists = createDomain("{\"name\": \"shop\"}");
        assertEquals(409, exists.statusCode());

        AdminFixture.ToolRun tool = admin.deployTool("create-domain", "Bad_Name");
        assertEquals(ExitCodes.REJECTED, tool.exitCode(), tool.toString());
        assertTrue(tool.err().contains("name: 'Bad_Name' is not a valid domain name"), tool.err());
        assertEquals(List.of("shop"), names(admin.json("/api/domains")), "no domain was created");
    }

    @Test
    @Order(4)
    void systemPropertiesAmongJvmOptionsReachTheDomainsIsolateAndAClassPathIsRefused() throws Exception {
        HttpResponse<String> classPath = createDomain("{\"name\": \"props\", \"isolate\": {\"jvmOptions\": [\"-cp\", \"extra.jar\"]}, \"start\": true}");
        assertEquals(400, classPath.statusCode(), classPath.body());
        assertEquals("isolate.jvmOptions", AdminFixture.parse(classPath).path("field").asText(), classPath.body());
        assertTrue(classPath.body().contains("a domain runs the server image's class path"), classPath.body());
        HttpResponse<String> reserved = createDomain("{\"name\": \"props\", \"isolate\": {\"jvmOptions\": [\"-Dmvm.isolate.id=x\"]}}");
        assertEquals(400, reserved.statusCode(), reserved.body());
        assertFalse(names(admin.json("/api/domains")).contains("props"), "no domain was created");

        int port = AdminFixture.freePort();
        HttpResponse<String> created = createDomain("{\"name\": \"props\", \"httpPort\": " + port
                + ", \"isolate\": {\"jvmOptions\": [\"-Disola.it.greeting=hello world\", \"-Xss512k\"]}, \"start\": true}");
        assertEquals(201, created.statusCode(), created.body());
        assertEquals("RUNNING", AdminFixture.parse(created).path("state").asText(), created.body());
        long pid = admin.json("/api/domains/props/isolates").get(0).path("pid").asLong();
        List<String> command = List.of(Files.readString(Path.of("/proc/" + pid + "/cmdline")).split("\0"));
        assertTrue(command.contains("-Disola.it.greeting=hello world") && command.contains("-Xss512k"), command.toString());

        AdminFixture.ToolRun deleted = admin.deployTool("delete-domain", "props", "--force");
        assertEquals(0, deleted.exitCode(), deleted.toString());
        AdminFixture.await("the props domain's isolate to end", () -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
    }

    /** The value of the sample {@code series} (name and labels, as written) in a Prometheus text exposition. */
    private static double metric(String exposition, String series) {
        return exposition.lines().filter(line -> line.startsWith(series + " ")).findFirst()
                .map(line -> Double.parseDouble(line.substring(series.length() + 1).trim()))
                .orElseThrow(() -> new AssertionError("no " + series + " in\n" + exposition));
    }

    private static HttpResponse<String> createDomain(String json) throws Exception {
        return admin.call("POST", "/api/domains", HttpRequest.BodyPublishers.ofString(json), "application/json");
    }

    @Test
    @Order(5)
    void theApiDescribesItselfAndShowsIsolatesMetricsAndEvents() throws Exception {
        assertTrue(admin.get("/api/openapi.yaml").body().startsWith("openapi: 3."));
        assertTrue(admin.json("/api/openapi.json").path("paths").has("/api/domains/{domain}/isolates"));

        JsonNode isolates = admin.json("/api/domains/shop/isolates");
        assertEquals(1, isolates.size());
        JsonNode shop = isolates.get(0);
        assertEquals("shop", shop.path("name").asText());
        assertEquals(256L << 20, shop.path("heapMaxBytes").asLong(), shop.toString());
        for (String figure : List.of("pid", "heapUsedBytes", "youngGenerationBytes", "pssBytes", "sharedBytes", "privateBytes", "classesLoaded")) {
            assertTrue(shop.path(figure).asLong() > 0, figure + " in " + shop);
        }
        assertTrue(shop.has("gcCount") && shop.has("gcTimeMillis") && shop.has("classesFromCache"), shop.toString());

        assertEquals(202, HttpProbe.order(shopPort, "metric").statusCode());
        AdminFixture.await("the order to be processed", () -> HttpProbe.processed(shopPort).equals("processed=metric"));
        String metrics = admin.get("/metrics").body();
        assertTrue(metrics.contains("isola_isolate_pss_bytes{domain=\"shop\",isolate=\"shop\",member=\"server\"}"), metrics);
        assertTrue(metrics.contains("isola_domain_state{domain=\"shop\",state=\"RUNNING\"} 1.0"), metrics);
        assertTrue(metrics.contains("isola_jms_messages_enqueued_total{destination=\"orders\",domain=\"shop\",isolate=\"shop\",type=\"queue\"} 1.0"), metrics);
        // The orders page answered the order (202) and every poll for its processing (200): each one counted, as 2xx, with its duration.
        String module = "application=\"orders\",context=\"/orders\",domain=\"shop\",isolate=\"shop\",module=\"orders\"";
        double answered = metric(metrics, "isola_http_requests_total{" + module + ",status=\"2xx\"}");
        assertTrue(answered >= 2, metrics);
        assertEquals(0.0, metric(metrics, "isola_http_requests_total{" + module + ",status=\"5xx\"}"), metrics);
        assertEquals(answered, metric(metrics, "isola_http_request_duration_seconds_count{" + module + "}"), metrics);
        assertEquals(answered, metric(metrics, "isola_http_request_duration_seconds_bucket{" + module + ",le=\"+Inf\"}"), metrics);
        assertTrue(metric(metrics, "isola_http_request_duration_seconds_sum{" + module + "}") > 0, metrics);
        // The same counters beside the application, in the API and in list-applications (a scrape later: at least as many).
        JsonNode requests = com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        for (JsonNode application : admin.json("/api/domains/shop/applications")) {
            if (application.path("name").asText().equals("orders")) {
                requests = application.path("requests");
            }
        }
        assertTrue(requests.path("total").asLong() >= (long) answered && requests.path("serverErrors").asLong() == 0
                && requests.path("meanMillis").asDouble() > 0, requests.toString());
        AdminFixture.ToolRun listed = admin.deployTool("list-applications", "--domain", "shop");
        assertEquals(0, listed.exitCode(), listed.toString());
        assertTrue(listed.out().matches("(?s).*\\n    requests: [0-9,]+, server errors: 0, client errors: [0-9,]+, mean \\d+ ms, active: \\d+.*"), listed.out());

        List<String> kinds = new java.util.ArrayList<>();
        admin.json("/api/domains/shop/events").forEach(e -> kinds.add(e.path("kind").asText()));
        assertTrue(kinds.containsAll(List.of("CREATED", "STARTING", "STARTED", "DEPLOYED")), kinds.toString());
        AdminFixture.ToolRun status = admin.deployTool("status");
        assertEquals(0, status.exitCode(), status.toString());
        assertTrue(status.out().contains("domain shop (combined): RUNNING"), status.out());
    }

    @Test
    @Order(6)
    void aRedeployThatFailsPutsThePreviousVersionBack() throws Exception {
        WebArchive broken = ShrinkWrap.create(WebArchive.class, "orders.war").addClasses(BrokenServlet.class, MissingService.class);
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, "orders.ear").addAsModule(broken);
        Path brokenEar = admin.work().resolve("broken-orders.ear");
        ear.as(ZipExporter.class).exportTo(brokenEar.toFile(), true);
        AdminFixture.ToolRun tool = admin.deployTool("redeploy", brokenEar.toString(), "--domain", "shop", "--name", "orders");
        assertEquals(ExitCodes.REJECTED, tool.exitCode(), tool.toString());
        assertTrue(tool.err().contains("MissingService") && tool.err().contains("the previous version is deployed again"), tool.err());
        assertEquals("processed=metric", HttpProbe.processed(shopPort));

        AdminFixture.ToolRun again = admin.deployTool("redeploy", "--domain", "shop", "--name", "orders");
        assertEquals(0, again.exitCode(), again.toString());
        assertEquals("processed=metric", HttpProbe.processed(shopPort), "the data survives a redeploy");
    }

    @Test
    @Order(7)
    void aBrowserFormUploadDeploysUnderTheFileNameAndOtherMediaTypesAreRefused() throws Exception {
        WebArchive web = ShrinkWrap.create(WebArchive.class, "second.war").addAsWebResource(new StringAsset("hello from second"), "index.html");
        Path second = admin.work().resolve("second.ear");
        ShrinkWrap.create(EnterpriseArchive.class, "second.ear").addAsModule(web).as(ZipExporter.class).exportTo(second.toFile(), true);
        String boundary = "----isola-test-boundary";
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"archive\"; filename=\"second.ear\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.write(Files.readAllBytes(second));
        body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> response = admin.call("POST", "/api/domains/shop/applications", HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()),
                "multipart/form-data; boundary=" + boundary);
        assertEquals(201, response.statusCode(), response.body());
        assertEquals("second", AdminFixture.parse(response).path("name").asText());
        HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + shopPort + "/second/index.html")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals("hello from second", page.body());
        assertEquals(200, admin.call("DELETE", "/api/domains/shop/applications/second", HttpRequest.BodyPublishers.noBody(), null).statusCode());
        assertEquals(List.of("orders"), applicationNames("shop"));

        HttpResponse<String> text = admin.call("POST", "/api/domains/shop/applications?name=x", HttpRequest.BodyPublishers.ofString("hello"),
                "text/plain");
        assertEquals(415, text.statusCode(), text.body());
    }

    @Test
    @Order(8)
    void deployToolSaysWhatIsWrongWithItsOwnInputAndAServerThatIsNotThere() throws Exception {
        AdminFixture.ToolRun noDomain = admin.deployTool("deploy", ordersEar.toString());
        assertEquals(ExitCodes.USAGE, noDomain.exitCode(), noDomain.toString());
        assertTrue(noDomain.err().contains("Missing required option: '--domain=<domain>'"), noDomain.err());
        AdminFixture.ToolRun noFile = admin.deployTool("deploy", "nowhere.ear", "--domain", "shop");
        assertEquals(ExitCodes.USAGE, noFile.exitCode(), noFile.toString());
        assertTrue(noFile.err().contains("archive nowhere.ear does not exist"), noFile.err());
        AdminFixture.ToolRun nobody = AdminFixture.deployToolAsIs("--url", "http://127.0.0.1:" + AdminFixture.freePort(), "--password-file",
                admin.passwordFile().toString(), "list-domains");
        assertEquals(ExitCodes.UNREACHABLE, nobody.exitCode(), nobody.toString());
        assertTrue(nobody.err().contains("cannot reach the admin isolate") && nobody.err().contains("bin/appserver start"), nobody.err());
        AdminFixture.ToolRun json = admin.deployTool("list-domains", "--json");
        assertEquals(List.of("shop"), names(JsonFiles.MAPPER.readTree(json.out())));
    }

    @Test
    @Order(9)
    void aDomainWhoseIsolateKeepsDyingIsMarkedFailedAtTheRestartLimit() throws Exception {
        AdminFixture.ToolRun created = admin.deployTool("create-domain", "fragile", "--port", Integer.toString(AdminFixture.freePort()), "--start");
        assertEquals(0, created.exitCode(), created.toString());
        long first = isolatePid("fragile");
        admin.registry().adopt(isolate("fragile").id()).halt(9).join();
        AdminFixture.await("the one restart the limit allows", () -> isolatePidOrZero("fragile") > 0 && isolatePidOrZero("fragile") != first
                && state("fragile").equals("RUNNING"));
        admin.registry().adopt(isolate("fragile").id()).halt(9).join();
        AdminFixture.await("fragile to be marked failed", () -> state("fragile").equals("FAILED"));
        JsonNode domain = admin.json("/api/domains/fragile");
        assertTrue(domain.path("problem").asText().startsWith("restart limit reached: 1 restarts within 10 minutes; last exit: halted (code 9)"),
                domain.toString());
        assertEquals(0, domain.path("isolates").size());
        List<String> kinds = new java.util.ArrayList<>();
        admin.json("/api/domains/fragile/events").forEach(e -> kinds.add(e.path("kind").asText()));
        assertEquals("FAILED", kinds.getLast(), kinds.toString());
        AdminFixture.ToolRun restarted = admin.deployTool("start-domain", "fragile");
        assertEquals(0, restarted.exitCode(), "a failed domain can be started again: " + restarted);
        assertEquals(0, admin.deployTool("delete-domain", "fragile").exitCode());
    }

    private static dev.isola.mvm.isolate.IsolateRecord isolate(String name) {
        return admin.domainIsolates().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no isolate " + name + " runs"));
    }

    private static long isolatePid(String name) {
        return isolate(name).pid();
    }

    private static long isolatePidOrZero(String name) {
        return admin.domainIsolates().stream().filter(r -> r.name().equals(name)).mapToLong(dev.isola.mvm.isolate.IsolateRecord::pid).findFirst().orElse(0);
    }

    private static String state(String domain) {
        try {
            return admin.json("/api/domains/" + domain).path("state").asText();
        } catch (Exception e) {
            return "unreachable: " + e.getMessage();
        }
    }

    @Test
    @Order(10)
    void archivesDroppedIntoTheAutodeployDirectoryAreDeployedOrRefusedWithTheReasonBesideThem() throws Exception {
        Path autodeploy = admin.domainsRoot().resolve("shop/autodeploy");
        assertTrue(Files.isDirectory(autodeploy), "every domain has one");
        int redeployedBefore = eventCount("shop", "REDEPLOYED");

        Files.writeString(autodeploy.resolve("broken.ear"), "not an archive at all");
        Files.copy(ordersEar, autodeploy.resolve("orders.ear"));
        Files.copy(ordersEar, autodeploy.resolve("second.ear"));

        Path broken = autodeploy.resolve("broken.ear.failed");
        AdminFixture.await("broken.ear.failed", () -> Files.exists(broken));
        assertTrue(Files.readString(broken).contains("broken.ear is not a zip archive"), Files.readString(broken));
        Path second = autodeploy.resolve("second.ear.failed");
        AdminFixture.await("second.ear.failed", () -> Files.exists(second));
        assertTrue(Files.readString(second).contains("context root '/orders' is already used"), Files.readString(second));
        Path orders = autodeploy.resolve("orders.ear.deployed");
        AdminFixture.await("orders.ear.deployed", () -> Files.exists(orders));
        assertEquals(List.of("orders"), applicationNames("shop"), "nothing of the refused ones stays deployed");
        assertEquals(redeployedBefore, eventCount("shop", "REDEPLOYED"), "the content deployed already was not deployed again");

        Files.delete(autodeploy.resolve("broken.ear"));
        Files.delete(autodeploy.resolve("second.ear"));
        AdminFixture.await("the markers of removed files to go", () -> !Files.exists(broken) && !Files.exists(second));
        assertEquals(List.of("orders"), applicationNames("shop"));
        assertEquals("processed=metric", HttpProbe.processed(shopPort), "still serving");
    }

    private static int eventCount(String domain, String kind) throws Exception {
        int count = 0;
        for (JsonNode event : admin.json("/api/domains/" + domain + "/events?limit=1000")) {
            count += event.path("kind").asText().equals(kind) ? 1 : 0;
        }
        return count;
    }

    @Test
    @Order(12)
    void aDomainWithRunningApplicationsIsDeletedOnlyWithForce() throws Exception {
        AdminFixture.ToolRun refused = admin.deployTool("delete-domain", "shop");
        assertEquals(ExitCodes.REJECTED, refused.exitCode(), refused.toString());
        assertTrue(refused.err().contains("domain shop is running with 1 application(s) (orders); stop it first"), refused.err());
        assertEquals("processed=metric", HttpProbe.processed(shopPort), "still serving");
        assertTrue(Files.isDirectory(admin.domainsRoot().resolve("shop")));

        AdminFixture.ToolRun forced = admin.deployTool("delete-domain", "shop", "--force");
        assertEquals(0, forced.exitCode(), forced.toString());
        assertFalse(Files.exists(admin.domainsRoot().resolve("shop")));
        assertEquals(List.of(), admin.domainIsolates(), "its isolate is gone");
    }

    private static List<String> applicationNames(String domain) throws Exception {
        return names(admin.json("/api/domains/" + domain + "/applications"));
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new java.util.ArrayList<>();
        array.forEach(element -> names.add(element.path("name").asText()));
        return names;
    }

    @Test
    @Order(11)
    void theAdminsSettingsChangeWhileItRunsAndAreKeptForItsNextStart() throws Exception {
        HttpResponse<String> changed = admin.call("PUT", "/api/settings", HttpRequest.BodyPublishers.ofString(
                "{\"restart-limit\": 3, \"max-upload-size\": \"1m\", \"console-session-timeout\": \"45\"}"), "application/json");
        assertEquals(200, changed.statusCode(), changed.body());
        JsonNode answer = AdminFixture.parse(changed);
        assertEquals(Map.of("restart-limit", "3", "max-upload-size", "1m", "console-session-timeout", "45"),
                JsonFiles.MAPPER.convertValue(answer.path("changed"), Map.class));
        JsonNode status = admin.json("/api/status").path("settings");
        assertEquals(3, status.path("restartLimit").asInt());
        assertEquals(1 << 20, status.path("maxUploadBytes").asLong());
        assertEquals(45, status.path("consoleSessionTimeoutMinutes").asInt());

        // At once: an upload over the new limit is refused with it (the orders archive is some kilobytes; this one 2 MB).
        byte[] noise = new byte[2 << 20];
        new java.util.Random(7).nextBytes(noise); // does not compress: the upload is 2 MB
        byte[] big = zip(Map.of("big.war", noise));
        HttpResponse<String> refused = admin.upload("/api/domains/shop/applications?name=big&filename=big.ear", big);
        assertEquals(413, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("larger than 1 MB"), refused.body());

        // Kept: the file the next bin/appserver start reads has the changes, beside what it kept before.
        String kept = Files.readString(admin.domainsRoot().resolve(".admin/settings.properties"));
        assertTrue(kept.contains("restart-limit=3\n") && kept.contains("max-upload-size=1m\n") && kept.contains("console-session-timeout=45\n"),
                kept);

        // Refused whole, naming what is wrong; nothing changes.
        for (String[] bad : new String[][] {
                {"{\"restart-limit\": \"-1\", \"max-upload-size\": \"2m\"}", "--restart-limit must be 0 (never restart a domain) or more, not -1"},
                {"{\"max-upload-size\": \"lots\"}", "--max-upload-size"},
                {"{\"restrat-limit\": \"2\"}", "'restrat-limit' is not a setting of the admin isolate (its settings: restart-limit,"},
                {"{\"autodeploy-interval\": true}", "autodeploy-interval: a setting's value is a string or a whole number"},
                {"{}", "the body is an object of the settings to change"}}) {
            HttpResponse<String> response = admin.call("PUT", "/api/settings", HttpRequest.BodyPublishers.ofString(bad[0]), "application/json");
            assertEquals(400, response.statusCode(), bad[0] + ": " + response.body());
            assertTrue(AdminFixture.parse(response).path("message").asText().contains(bad[1]), response.body());
        }
        assertEquals(1 << 20, admin.json("/api/settings").path("settings").path("maxUploadBytes").asLong(), "unchanged by the refusals");

        AdminFixture.ToolRun set = admin.deployTool("set-admin-settings", "max-upload-size=256m", "autodeploy-interval=1");
        assertEquals(0, set.exitCode(), set.toString());
        assertTrue(set.out().contains("set max-upload-size=256m") && set.out().contains("  autodeploy-interval=1"), set.out());
        AdminFixture.ToolRun typo = admin.deployTool("set-admin-settings", "max-upload-size");
        assertEquals(ExitCodes.USAGE, typo.exitCode(), typo.toString());
        AdminFixture.ToolRun rejected = admin.deployTool("set-admin-settings", "keep-ended-isolates=0");
        assertEquals(ExitCodes.REJECTED, rejected.exitCode(), rejected.toString());
        assertTrue(rejected.err().contains("--keep-ended-isolates must be whole days from 1 to 3650, not 0"), rejected.err());
        AdminFixture.ToolRun listed = admin.deployTool("list-admin-settings");
        assertTrue(listed.out().contains("  restart-limit=3") && listed.out().contains("  max-upload-size=256m"), listed.out());

        // The autodeploy directory, looked at every second now, still deploys.
        Files.copy(ordersEar, admin.domainsRoot().resolve("shop/autodeploy/orders-again.ear"));
        AdminFixture.await("orders-again.ear to be deployed or refused", () -> Files.exists(admin.domainsRoot().resolve("shop/autodeploy/orders-again.ear.deployed"))
                || Files.exists(admin.domainsRoot().resolve("shop/autodeploy/orders-again.ear.failed")));
    }
}

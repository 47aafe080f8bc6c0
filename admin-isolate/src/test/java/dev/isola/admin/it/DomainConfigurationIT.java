package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.appserver.web.HttpsListener;
import dev.isola.appserver.web.SelfSignedKeyStore;
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
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Changing a domain's configuration, against a real admin isolate and real domain isolates:
 * bad configurations are refused naming the field and change nothing; a running domain keeps
 * the configuration it started with, also when its isolate is restarted after a crash, until
 * its next start; a stopped domain starts with the new one, a change of mode included, with
 * its applications and data; setting the running configuration again drops a waiting change;
 * the log file's limits, set among the JVM options, rotate the domain's log; an access log (its
 * full files numbered within the day once past a size limit) and HTTPS (self-signed, then with
 * the domain's own key store) once turned on, with unknown pattern codes, too small size limits,
 * taken ports and wrong key store passwords refused; an admin isolate started again after a
 * crash that took the domain with it starts the domain with the waiting change.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DomainConfigurationIT {

    private static AdminFixture admin;
    private static int shopPort;
    private static int otherPort;
    private static int newPort;

    @BeforeAll
    static void startAdminWithTwoDomains() throws Exception {
        admin = AdminFixture.start(3);
        shopPort = admin.createAndDeploy("shop", TestEars.orders(admin.work(), "orders.ear"));
        otherPort = AdminFixture.freePort();
        assertEquals(0, admin.deployTool("create-domain", "other", "--port", Integer.toString(otherPort)).exitCode());
        newPort = AdminFixture.freePort();
        assertEquals(202, HttpProbe.order(shopPort, "alpha").statusCode());
        AdminFixture.awaitValue("the first order", () -> HttpProbe.processed(shopPort), "processed=alpha");
    }

    @AfterAll
    static void stopAdmin() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    @Order(1)
    void badConfigurationsAreRefusedNamingTheFieldAndNothingIsWritten() throws Exception {
        JsonNode before = admin.json("/api/domains/shop/configuration");
        assertEquals(shopPort, before.path("httpPort").asInt(), before.toString());
        assertEquals("256m", before.path("isolates").path("server").path("heap").asText(), before.toString());

        assertRefused(put("shop", "{\"isolate\": {\"heap\": \"lots\"}}"), 400, "isolate.heap", "'lots' is not a memory size");
        assertRefused(put("shop", "{\"name\": \"other\"}"), 400, "name", "a domain keeps its name");
        assertRefused(put("shop", "{\"httpPort\": " + otherPort + "}"), 409, "", "port " + otherPort + " is already the HTTP port of domain other");
        try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertRefused(put("shop", "{\"httpPort\": " + squatter.getLocalPort() + "}"), 409, "", "is in use by another process");
        }
        assertRefused(put("shop", "{\"mode\": \"combined\", \"isolates\": {\"web\": {\"heap\": \"64m\"}}}"), 400, "isolates.web",
                "a combined domain has no such isolate");
        assertRefused(put("shop", "{\"httpPort\": 8090, \"start\": true}"), 400, "start", "");
        assertRefused(put("shop", "{\"httpPort\": "), 400, "(document)", "not valid JSON");
        assertRefused(put("shoe", "{}"), 404, "", "no domain 'shoe'");

        AdminFixture.ToolRun nothing = admin.deployTool("configure-domain", "shop");
        assertEquals(ExitCodes.USAGE, nothing.exitCode(), nothing.toString());
        assertTrue(nothing.err().contains("nothing to change"), nothing.err());
        AdminFixture.ToolRun badHeap = admin.deployTool("configure-domain", "shop", "--heap", "lots");
        assertEquals(ExitCodes.REJECTED, badHeap.exitCode(), badHeap.toString());
        assertTrue(badHeap.err().contains("isolate.heap: 'lots' is not a memory size"), badHeap.err());

        assertEquals(before, admin.json("/api/domains/shop/configuration"), "the configuration is unchanged");
        assertFalse(Files.exists(admin.domainsRoot().resolve("shop/config/domain.next.json")), "nothing waits for the next start");
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean());
        assertFalse(admin.events("shop").contains("configuration"), admin.events("shop"));
        assertEquals("processed=alpha", HttpProbe.processed(shopPort), "the domain still serves");
    }

    @Test
    @Order(2)
    void aRunningDomainKeepsItsConfigurationUntilItsNextStartAlsoWhenItsIsolateIsRestarted() throws Exception {
        AdminFixture.ToolRun configured = admin.deployTool("configure-domain", "shop", "--port", Integer.toString(newPort), "--heap", "300m");
        assertEquals(0, configured.exitCode(), configured.toString());
        assertTrue(configured.out().contains("domain shop: 2 changes, applied at its next start"), configured.out());
        assertTrue(configured.out().contains("httpPort: " + shopPort + " -> " + newPort), configured.out());
        assertTrue(configured.out().contains("isolates.server.heap: 256m -> 300m"), configured.out());

        JsonNode domain = admin.json("/api/domains/shop");
        assertTrue(domain.path("configurationPending").asBoolean(), domain.toString());
        assertEquals(shopPort, domain.path("httpPort").asInt(), "the domain runs on its port until its next start");
        assertEquals(newPort, admin.json("/api/domains/shop/configuration").path("httpPort").asInt(), "what it starts with next");
        AdminFixture.ToolRun shown = admin.deployTool("show-domain-config", "shop");
        assertEquals(0, shown.exitCode(), shown.toString());
        assertEquals(newPort, dev.isola.domains.JsonFiles.MAPPER.readTree(shown.out()).path("httpPort").asInt(), shown.out());
        assertTrue(shown.err().contains("runs with an earlier configuration until its next start"), shown.err());
        assertTrue(admin.events("shop").contains("configuration changed, applied at the domain's next start"), admin.events("shop"));
        AdminFixture.ToolRun listed = admin.deployTool("list-domains");
        assertTrue(listed.out().contains("a changed configuration waits for its next start: deploy-tool restart-domain shop"), listed.out());

        long crashed = isolatePid();
        assertTrue(command(crashed).contains("-Xmx256m"), command(crashed).toString());
        ProcessHandle.of(crashed).orElseThrow().destroyForcibly();
        AdminFixture.await("the supervisor to restart the crashed isolate", () -> {
            try {
                return isolatePid() != crashed && HttpProbe.processed(shopPort).equals("processed=alpha");
            } catch (Exception e) {
                return false;
            }
        });
        long restarted = isolatePid();
        assertTrue(command(restarted).contains("-Xmx256m"), "restarted with the configuration it ran with: " + command(restarted));
        assertTrue(HttpProbe.processed(newPort).startsWith("unreachable"), "not yet on the new port");
        assertTrue(admin.json("/api/domains/shop").path("configurationPending").asBoolean());

        AdminFixture.ToolRun restart = admin.deployTool("restart-domain", "shop");
        assertEquals(0, restart.exitCode(), restart.toString());
        assertEquals("processed=alpha", HttpProbe.processed(newPort), "the application and its data on the new port");
        assertTrue(HttpProbe.processed(shopPort).startsWith("unreachable"), "the old port is let go");
        assertTrue(command(isolatePid()).contains("-Xmx300m"), command(isolatePid()).toString());
        domain = admin.json("/api/domains/shop");
        assertFalse(domain.path("configurationPending").asBoolean(), domain.toString());
        assertEquals(newPort, domain.path("httpPort").asInt());
        assertTrue(admin.events("shop").contains("configuration applied at this start: httpPort: " + shopPort + " -> " + newPort),
                admin.events("shop"));
    }

    @Test
    @Order(3)
    void aStoppedDomainStartsInAnotherModeWithItsApplicationsAndData() throws Exception {
        assertEquals(0, admin.deployTool("stop-domain", "shop").exitCode());
        AdminFixture.ToolRun separated = admin.deployTool("configure-domain", "shop", "--mode", "separated");
        assertEquals(0, separated.exitCode(), separated.toString());
        assertTrue(separated.out().contains("saved; it starts with them: deploy-tool start-domain shop"), separated.out());
        assertTrue(separated.out().contains("mode: combined -> separated"), separated.out());
        JsonNode domain = admin.json("/api/domains/shop");
        assertEquals("separated", domain.path("mode").asText(), domain.toString());
        assertFalse(domain.path("configurationPending").asBoolean(), "a stopped domain takes it at once: " + domain);

        assertEquals(0, admin.deployTool("start-domain", "shop").exitCode());
        List<String> members = admin.json("/api/domains/shop/isolates").findValuesAsText("member");
        assertEquals(List.of("jms", "ejb", "web"), members);
        assertEquals("processed=alpha", HttpProbe.processed(newPort), "the orders kept in the domain's data");
        assertEquals(202, HttpProbe.order(newPort, "beta").statusCode());
        AdminFixture.awaitValue("an order through the separated isolates", () -> HttpProbe.processed(newPort), "processed=alpha,beta");

        AdminFixture.ToolRun back = admin.deployTool("configure-domain", "shop", "--mode", "combined", "--restart");
        assertEquals(0, back.exitCode(), back.toString());
        assertTrue(back.out().contains("Domain shop is running again"), back.out());
        assertEquals(List.of("server"), admin.json("/api/domains/shop/isolates").findValuesAsText("member"));
        assertEquals("processed=alpha,beta", HttpProbe.processed(newPort));
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean());
    }

    @Test
    @Order(4)
    void givingTheRunningConfigurationAgainDropsAWaitingChange() throws Exception {
        int unused = AdminFixture.freePort();
        AdminFixture.ToolRun moved = admin.deployTool("configure-domain", "shop", "--port", Integer.toString(unused));
        assertEquals(0, moved.exitCode(), moved.toString());
        assertTrue(admin.json("/api/domains/shop").path("configurationPending").asBoolean());
        AdminFixture.ToolRun other = admin.deployTool("configure-domain", "other", "--port", Integer.toString(unused));
        assertEquals(ExitCodes.REJECTED, other.exitCode(), "a port another domain takes at its next start is taken: " + other);
        assertTrue(other.err().contains("already the HTTP port of domain shop"), other.err());

        AdminFixture.ToolRun back = admin.deployTool("configure-domain", "shop", "--port", Integer.toString(newPort));
        assertEquals(0, back.exitCode(), back.toString());
        assertTrue(back.out().contains("domain shop: no change"), back.out());
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean());
        assertFalse(Files.exists(admin.domainsRoot().resolve("shop/config/domain.next.json")));
        assertEquals(newPort, admin.json("/api/domains/shop/configuration").path("httpPort").asInt());

        Path waiting = Files.writeString(admin.domainsRoot().resolve("shop/config/domain.next.json"), "{\"name\": \"shop\", \"httpPort\": \"x\"}");
        HttpResponse<String> unreadable = admin.get("/api/domains/shop/configuration");
        assertEquals(400, unreadable.statusCode(), unreadable.body());
        assertTrue(unreadable.body().contains("domain.next.json") && unreadable.body().contains("httpPort"), unreadable.body());
        HttpResponse<String> replaced = put("shop", "{\"mode\": \"combined\"}");
        assertEquals(200, replaced.statusCode(), "a PUT replaces a waiting file edited into nonsense: " + replaced.body());
        assertFalse(Files.exists(waiting), "the running configuration given again: nothing waits");
        assertEquals("processed=alpha,beta", HttpProbe.processed(newPort));
    }

    @Test
    @Order(5)
    void theDomainsLogRotatesAtTheLimitsItsConfigurationSetsAndStandardErrorHoldsOnlyWarnings() throws Exception {
        AdminFixture.ToolRun wrong = admin.deployTool("configure-domain", "shop", "--jvm-option", "-Disola.log.files=many");
        assertEquals(ExitCodes.REJECTED, wrong.exitCode(), wrong.toString());
        assertTrue(wrong.err().contains("isola.log.files=many is not a number of old log files"), wrong.err());

        AdminFixture.ToolRun small = admin.deployTool("configure-domain", "shop", "--jvm-option", "-Disola.log.maxFileSize=1k",
                "--jvm-option", "-Disola.log.files=2", "--restart");
        assertEquals(0, small.exitCode(), small.toString());
        Path logs = admin.domainsRoot().resolve("shop/logs");
        // A start logs a few kilobytes: enough to fill the 1k file more than twice (the log as it was before went to .1 at once).
        for (String name : List.of("shop.log", "shop.log.1", "shop.log.2")) {
            assertTrue(Files.exists(logs.resolve(name)), name + " in " + List.of(logs.toFile().list()));
        }
        assertTrue(Files.size(logs.resolve("shop.log")) < 2048, "rotated at the limit: " + Files.size(logs.resolve("shop.log")));
        assertFalse(Files.exists(logs.resolve("shop.log.3")), "two old files are kept: " + List.of(logs.toFile().list()));
        assertFalse(Files.exists(logs.resolve("shop.log.lck")), "no lock file beside it");
        JsonNode tail = admin.json("/api/domains/shop/logs?lines=5");
        assertFalse(tail.get(0).path("lines").isEmpty(), "the API's log tail reads the file being written: " + tail);

        String id = admin.json("/api/domains/shop/isolates").get(0).path("id").asText();
        String stderr = Files.readString(admin.registry().find(id).orElseThrow().stderrLog());
        assertFalse(stderr.contains(" INFO "), "only warnings and errors on standard error: " + stderr);
        assertEquals("processed=alpha,beta", HttpProbe.processed(newPort));
    }

    @Test
    @Order(6)
    void anAccessLogIsWrittenOnceTurnedOnGoesOnInANewFileWhenFullAndBadSettingsAreRefused() throws Exception {
        AdminFixture.ToolRun unknownCode = admin.deployTool("configure-domain", "shop", "--access-log", "on", "--access-log-pattern", "%h %Q");
        assertEquals(ExitCodes.REJECTED, unknownCode.exitCode(), unknownCode.toString());
        assertTrue(unknownCode.err().contains("accessLog.pattern") && unknownCode.err().contains("does not know: %Q"), unknownCode.err());
        AdminFixture.ToolRun tooSmall = admin.deployTool("configure-domain", "shop", "--access-log", "on", "--access-log-max-file-size", "512k");
        assertEquals(ExitCodes.REJECTED, tooSmall.exitCode(), tooSmall.toString());
        assertTrue(tooSmall.err().contains("accessLog.maxFileSize") && tooSmall.err().contains("below the smallest file size of 1m"), tooSmall.err());
        AdminFixture.ToolRun notOnOrOff = admin.deployTool("configure-domain", "shop", "--access-log", "yes");
        assertEquals(ExitCodes.USAGE, notOnOrOff.exitCode(), notOnOrOff.toString());
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean(), "nothing written");

        AdminFixture.ToolRun on = admin.deployTool("configure-domain", "shop", "--access-log", "on", "--access-log-pattern", "%m %U %s",
                "--access-log-max-file-size", "1m", "--restart");
        assertEquals(0, on.exitCode(), on.toString());
        assertTrue(on.out().contains("accessLog.enabled: false -> true") && on.out().contains("accessLog.maxFileSize: 0 -> 1m"), on.out());
        assertEquals("processed=alpha,beta", HttpProbe.processed(newPort));
        // Tomcat writes the buffered lines out every few seconds.
        Path logs = admin.domainsRoot().resolve("shop/logs");
        AdminFixture.await("the request in shop-access.<date>.log", () -> accessLogLines(logs).contains("GET /orders/orders 200"));

        // 400 lines of about 3 KB fill the 1 MB file once: the day goes on in a new live file, the full one numbered 001.
        HttpClient http = HttpClient.newHttpClient();
        String pad = "x".repeat(3_000);
        List<String> padded = new java.util.ArrayList<>();
        for (int n = 0; n < 400; n++) {
            String path = "/nowhere/" + n + "/" + pad;
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + newPort + path)).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertEquals(404, response.statusCode(), path);
            padded.add("GET " + path + " 404");
        }
        AdminFixture.await("400 more lines, past 1 MB", () -> accessLogLines(logs).containsAll(padded));
        List<Path> files = accessLogFiles(logs);
        String live = files.getLast().getFileName().toString();
        assertTrue(live.matches("shop-access\\.\\d{4}-\\d{2}-\\d{2}\\.log"), "the live file sorts last: " + files);
        String day = live.substring(0, live.length() - ".log".length());
        assertEquals(day + ".001.log", files.getFirst().getFileName().toString(), "the full file, numbered within its day: " + files);
        for (Path file : files) {
            assertTrue(Files.size(file) <= 1024 * 1024, file + " holds " + Files.size(file) + " bytes");
        }
        List<String> lines = accessLogLines(logs);
        // Tomcat logs a request once its response has gone, so the next request, already on its way, may be logged first:
        // every line once and whole, in whatever order two neighbours finished
        List<String> written = lines.stream().filter(line -> line.startsWith("GET /nowhere/")).sorted().toList();
        assertEquals(padded.stream().sorted().toList(), written, "every line once, whole");
    }

    /** The domain's access log files in the order their lines were written (numbered files of a day before its live one). */
    private static List<Path> accessLogFiles(Path logs) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(logs)) {
            return files.filter(f -> f.getFileName().toString().matches("shop-access\\.\\d{4}-\\d{2}-\\d{2}(\\.\\d{3,})?\\.log")).sorted().toList();
        }
    }

    /** Every line of the domain's access log files, oldest file first; none while there is no file. */
    private static List<String> accessLogLines(Path logs) {
        List<String> lines = new java.util.ArrayList<>();
        try {
            for (Path file : accessLogFiles(logs)) {
                lines.addAll(Files.readAllLines(file));
            }
        } catch (IOException e) {
            return List.of();
        }
        return lines;
    }

    @Test
    @Order(7)
    void httpsServesWithASelfSignedOrTheDomainsOwnKeyStoreAndTakenPortsAndWrongPasswordsAreRefused() throws Exception {
        AdminFixture.ToolRun taken = admin.deployTool("configure-domain", "shop", "--https-port", Integer.toString(otherPort));
        assertEquals(ExitCodes.REJECTED, taken.exitCode(), taken.toString());
        assertTrue(taken.err().contains("port " + otherPort + " is already the HTTP port of domain other") && taken.err().contains("(https.port)"),
                taken.err());
        int httpsPort = AdminFixture.freePort();
        HttpsListener own = SelfSignedKeyStore.ensure(0, admin.work().resolve("own.p12"), "own", "127.0.0.1");
        Path wrongPassword = Files.writeString(admin.work().resolve("wrong-password.txt"), "not-the-password\n");
        AdminFixture.ToolRun wrong = admin.deployTool("configure-domain", "shop", "--https-port", Integer.toString(httpsPort),
                "--key-store", own.keyStore().toString(), "--key-store-password-file", wrongPassword.toString());
        assertEquals(ExitCodes.REJECTED, wrong.exitCode(), wrong.toString());
        assertTrue(wrong.err().contains("https.keyStorePassword") && wrong.err().contains("the password does not open the key store"), wrong.err());
        assertFalse(admin.json("/api/domains/shop").path("configurationPending").asBoolean(), "nothing written");

        // No key store given: the domain makes a self-signed one at its start.
        AdminFixture.ToolRun selfSigned = admin.deployTool("configure-domain", "shop", "--https-port", Integer.toString(httpsPort), "--restart");
        assertEquals(0, selfSigned.exitCode(), selfSigned.toString());
        assertTrue(selfSigned.out().contains("https.enabled: false -> true"), selfSigned.out());
        assertTrue(selfSigned.out().contains(" is running again: http://127.0.0.1:" + newPort + "/ and https://127.0.0.1:" + httpsPort + "/"),
                selfSigned.out());
        Path generated = admin.domainsRoot().resolve("shop/config/https.p12");
        String generatedPassword = Files.readString(SelfSignedKeyStore.passwordFile(generated)).strip();
        HttpResponse<String> secure = https(httpsPort, generated, generatedPassword);
        assertEquals("processed=alpha,beta", secure.body());
        assertEquals("CN=shop", subject(secure));
        assertEquals("https://127.0.0.1:" + httpsPort + "/", admin.json("/api/domains/shop").path("httpsUrl").asText());
        assertEquals("processed=alpha,beta", HttpProbe.processed(newPort), "HTTP still answers");

        // The domain's own key store, whose password never shows in what the tool prints.
        Path ownPassword = Files.writeString(admin.work().resolve("own-password.txt"), own.keyStorePassword() + "\n");
        AdminFixture.ToolRun mine = admin.deployTool("configure-domain", "shop", "--key-store", own.keyStore().toString(),
                "--key-store-password-file", ownPassword.toString(), "--restart");
        assertEquals(0, mine.exitCode(), mine.toString());
        assertTrue(mine.out().contains("https.keyStore") && !mine.out().contains(own.keyStorePassword()), mine.out());
        assertEquals("CN=own", subject(https(httpsPort, own.keyStore(), own.keyStorePassword())));

        AdminFixture.ToolRun off = admin.deployTool("configure-domain", "shop", "--no-https", "--restart");
        assertEquals(0, off.exitCode(), off.toString());
        assertThrows(IOException.class, () -> https(httpsPort, own.keyStore(), own.keyStorePassword()), "the HTTPS port is closed");
        assertEquals("", admin.json("/api/domains/shop").path("httpsUrl").asText());
    }

    /** GET the orders page over HTTPS, trusting exactly the certificate in {@code store}. */
    private static HttpResponse<String> https(int port, Path store, String password) throws Exception {
        KeyStore keys = KeyStore.getInstance(store.toFile(), password.toCharArray());
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", keys.getCertificate(keys.aliases().nextElement()));
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        try (HttpClient client = HttpClient.newBuilder().sslContext(context).connectTimeout(Duration.ofSeconds(10)).build()) {
            return client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + TestEars.ORDERS_PATH)).timeout(Duration.ofSeconds(30))
                    .build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    private static String subject(HttpResponse<?> response) throws Exception {
        return ((X509Certificate) response.sslSession().orElseThrow().getPeerCertificates()[0]).getSubjectX500Principal().getName();
    }

    @Test
    @Order(8)
    void aRestartedAdminIsolateStartingADomainThatNoLongerRunsAppliesTheWaitingChange() throws Exception {
        int lastPort = AdminFixture.freePort();
        assertEquals(0, admin.deployTool("configure-domain", "shop", "--port", Integer.toString(lastPort)).exitCode());
        assertTrue(admin.json("/api/domains/shop").path("configurationPending").asBoolean());

        // The machine went down, say: the admin isolate and the domain's isolate are gone.
        long pid = isolatePid();
        admin.haltAdmin();
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        AdminFixture.await("the domain's isolate to end", () -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        admin.startAdmin();

        AdminFixture.awaitValue("the domain on the port that waited", () -> HttpProbe.processed(lastPort), "processed=alpha,beta");
        JsonNode domain = admin.json("/api/domains/shop");
        assertEquals(lastPort, domain.path("httpPort").asInt(), domain.toString());
        assertFalse(domain.path("configurationPending").asBoolean(), domain.toString());
        assertTrue(admin.events("shop").contains("configuration applied at this start: httpPort: " + newPort + " -> " + lastPort),
                admin.events("shop"));
    }

    private static HttpResponse<String> put(String domain, String json) throws Exception {
        return admin.call("PUT", "/api/domains/" + domain + "/configuration", HttpRequest.BodyPublishers.ofString(json), "application/json");
    }

    private static void assertRefused(HttpResponse<String> response, int status, String field, String message) {
        assertEquals(status, response.statusCode(), response.body());
        JsonNode body = AdminFixture.parse(response);
        if (!field.isEmpty()) {
            assertEquals(field, body.path("field").asText(), response.body());
        }
        assertTrue(body.path("message").asText().contains(message), response.body());
    }

    private static long isolatePid() throws Exception {
        return admin.json("/api/domains/shop/isolates").get(0).path("pid").asLong();
    }

    private static List<String> command(long pid) throws IOException {
        return List.of(Files.readString(Path.of("/proc/" + pid + "/cmdline")).split("\0"));
    }
}

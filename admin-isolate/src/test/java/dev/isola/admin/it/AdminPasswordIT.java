package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.AdminSettings;
import dev.isola.admin.cli.AdminLauncher;
import dev.isola.deploytool.ExitCodes;
import dev.isola.domains.JsonFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code deploy-tool change-admin-password} and {@code PUT /api/admin/password} against a real
 * admin isolate whose password it generated at its first start: the new password works at once
 * and after a restart, the old one nowhere, the generated copy follows, console sessions end,
 * and each bad request is refused with nothing changed.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminPasswordIT {

    private static final String NEW_PASSWORD = "a-new-admin-password";
    private static Path root;
    private static AdminLauncher launcher;
    private static String url;
    private static String generated;

    @BeforeAll
    static void startAnAdminIsolateThatGeneratesItsPassword() throws IOException {
        root = Files.createTempDirectory("admin-password-it");
        int port = AdminFixture.freePort();
        launcher = new AdminLauncher(new AdminLauncher.Settings(root.resolve("domains"), "127.0.0.1", port,
                Path.of(System.getProperty("isola.test.imageLib")), Optional.empty(), false, Optional.empty(), root.resolve("mvm"),
                AdminSettings.DEFAULTS, 0, false, false), System.out);
        AdminLauncher.Started started = launcher.start();
        assertTrue(started.generatedPassword().isPresent(), "a password was generated");
        generated = new String(started.generatedPassword().get());
        url = "http://127.0.0.1:" + port;
    }

    @AfterAll
    static void stop() throws IOException {
        if (launcher != null) {
            launcher.stop(Duration.ofSeconds(20));
        }
        if (root != null) {
            AdminFixture.deleteTree(root);
        }
    }

    @Test
    @Order(1)
    void badRequestsAreRefusedAndThePasswordStaysTheSame() throws Exception {
        Path hash = root.resolve("domains/.admin/password.bcrypt");
        String before = Files.readString(hash);

        assertRefused(generated, "{\"currentPassword\": \"guess-guess\", \"newPassword\": \"" + NEW_PASSWORD + "\"}", 403,
                "the current password is wrong");
        assertRefused(generated, body(generated, "short"), 400, "the new password must have at least 8 characters, not 5");
        assertRefused(generated, body(generated, generated), 400, "the new password is the current one");
        assertRefused(generated, body(generated, "line\\nbreak-here"), 400, "must not have a line break");
        assertRefused(generated, body(generated, "x".repeat(80)), 400, "longer than bcrypt's 72 bytes");
        assertRefused(generated, "{\"currentPassword\": \"" + generated + "\"}", 400, "the body needs newPassword as a non-empty string");
        assertRefused(generated, "not json", 400, "the body is not valid JSON");
        assertEquals(401, send(basic("admin", "guess-guess"), "PUT", "/api/admin/password", body(generated, NEW_PASSWORD)).statusCode());

        assertEquals(before, Files.readString(hash), "the stored hash is untouched");
        assertEquals(200, send(basic("admin", generated), "GET", "/api/status", null).statusCode());
        Path noFile = root.resolve("none");
        AdminFixture.ToolRun missingFile = tool("change-admin-password", "--new-password-file", noFile.toString());
        assertEquals(ExitCodes.USAGE, missingFile.exitCode(), missingFile.toString());
        assertTrue(missingFile.err().contains("cannot read the password file " + noFile), missingFile.err());
    }

    @Test
    @Order(2)
    void deployToolChangesItAtOnceTheGeneratedCopyFollowsAndConsoleSessionsEnd() throws Exception {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        logIntoConsole(browser, generated);
        assertEquals(200, browser.send(HttpRequest.newBuilder(URI.create(url + "/console/")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());

        Path newPassword = Files.writeString(root.resolve("new-password"), NEW_PASSWORD + "\n");
        AdminFixture.ToolRun changed = tool("change-admin-password", "--new-password-file", newPassword.toString());

        assertEquals(0, changed.exitCode(), changed.toString());
        Path copy = root.resolve("domains/.admin/admin-password");
        assertTrue(changed.out().contains(copy + " holds the new password"), changed.out());
        assertEquals(NEW_PASSWORD, Files.readAllLines(copy).getFirst());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("domains/.admin/password.bcrypt"))));
        assertEquals(401, send(basic("admin", generated), "GET", "/api/status", null).statusCode(), "the old password no longer works");
        assertEquals(200, send(basic("admin", NEW_PASSWORD), "GET", "/api/status", null).statusCode());
        HttpResponse<String> session = browser.send(HttpRequest.newBuilder(URI.create(url + "/console/")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, session.statusCode(), "the console session has ended");
        assertTrue(session.headers().firstValue("Location").orElse("").endsWith("/console/login"), session.headers().toString());
        AdminFixture.ToolRun list = tool("list-domains");
        assertEquals(0, list.exitCode(), "deploy-tool reads the new password from the copy: " + list);
        AdminFixture.awaitLogLine(root.resolve("domains/.admin/admin.log"), "admin password changed (request from 127.0.0.1); " + copy);
        assertTrue(Files.readString(root.resolve("domains/.admin/admin.log")).lines().noneMatch(line -> line.contains(NEW_PASSWORD)),
                "the password is not logged");
    }

    @Test
    @Order(3)
    void theNewPasswordHoldsAfterARestartOfTheAdminIsolate() throws Exception {
        launcher.stop(Duration.ofSeconds(20));
        AdminLauncher.Started again = launcher.start();

        assertTrue(again.generatedPassword().isEmpty(), "no new password generated");
        assertEquals(200, send(basic("admin", NEW_PASSWORD), "GET", "/api/status", null).statusCode());
        assertEquals(401, send(basic("admin", generated), "GET", "/api/status", null).statusCode());
    }

    private static String body(String current, String next) {
        return "{\"currentPassword\": \"" + current + "\", \"newPassword\": \"" + next + "\"}";
    }

    private static void assertRefused(String password, String body, int status, String message) throws Exception {
        HttpResponse<String> answer = send(basic("admin", password), "PUT", "/api/admin/password", body);
        assertEquals(status, answer.statusCode(), answer.body());
        JsonNode error = JsonFiles.MAPPER.readTree(answer.body());
        assertTrue(error.path("message").asText().contains(message), answer.body());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<String> send(String authorization, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path)).header("Authorization", authorization)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Logs in as a browser does: the login form's CSRF token, then the form posted with the password. */
    private static void logIntoConsole(HttpClient browser, String password) throws Exception {
        String form = browser.send(HttpRequest.newBuilder(URI.create(url + "/console/login")).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher token = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(form);
        assertTrue(token.find(), form);
        String fields = "csrf=" + URLEncoder.encode(token.group(1), StandardCharsets.UTF_8) + "&user=admin&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8);
        HttpResponse<String> loggedIn = browser.send(HttpRequest.newBuilder(URI.create(url + "/console/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(fields)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(303, loggedIn.statusCode(), loggedIn.body());
    }

    private static AdminFixture.ToolRun tool(String... args) {
        return AdminFixture.deployToolAsIs(Stream.concat(Stream.of("--url", url, "--domains-dir", root.resolve("domains").toString()),
                Stream.of(args)).toArray(String[]::new));
    }
}

package dev.isola.admin.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.it.AdminFixture;
import dev.isola.domains.JsonFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/appserver start} keeps the options it is given: real admin isolates started,
 * stopped and started again through the command line, in this JVM as the script runs it
 * (without the AOT cache, to keep it short).
 */
@Timeout(300)
class SavedStartOptionsIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Path dir;
    private Path domains;
    private Path passwordFile;
    private final Map<String, String> propertiesBefore = new java.util.HashMap<>();

    /** What one run of bin/appserver printed and returned. */
    private record Run(int status, String out) {
    }

    @BeforeEach
    void installation() throws IOException {
        dir = Files.createTempDirectory("saved-start-options-it");
        domains = dir.resolve("domains");
        passwordFile = Files.writeString(dir.resolve("password"), AdminFixture.PASSWORD + "\n");
        setProperty(Installation.IMAGE_PROPERTY, System.getProperty("isola.test.imageLib"));
        setProperty("mvm.home", dir.resolve("mvm").toString());
    }

    private void setProperty(String name, String value) {
        propertiesBefore.put(name, System.getProperty(name));
        System.setProperty(name, value);
    }

    @AfterEach
    void stopAndForget() throws IOException {
        try {
            appserver("stop", "--domains-dir", domains.toString());
        } finally {
            propertiesBefore.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
            AdminFixture.deleteTree(dir);
        }
    }

    private static Run appserver(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = AppServerMain.commandLineFor(args).execute(args);
        } finally {
            System.setOut(original);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        System.out.print(printed);
        return new Run(status, printed);
    }

    private Run start(String... options) {
        List<String> args = new ArrayList<>(List.of("start", "--domains-dir", domains.toString(), "--password-file", passwordFile.toString(),
                "--no-aot-cache"));
        args.addAll(List.of(options));
        return appserver(args.toArray(String[]::new));
    }

    private static JsonNode status(int port) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/status"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + AdminFixture.PASSWORD)
                        .getBytes(StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        return JsonFiles.MAPPER.readTree(response.body());
    }

    @Test
    void aStartWithoutOptionsComesBackWithThoseTheStartBeforeWasGiven() throws Exception {
        int port = AdminFixture.freePort();
        Run first = start("--port", Integer.toString(port), "--restart-limit", "2", "--event-journal-size", "8m");
        assertEquals(0, first.status(), first.out());
        assertFalse(first.out().contains("kept:"), "nothing was kept before: " + first.out());
        assertEquals(2, status(port).path("settings").path("restartLimit").asInt());

        Run whileRunning = start("--restart-limit", "3");
        assertEquals(0, whileRunning.status(), whileRunning.out());
        assertTrue(whileRunning.out().contains("The running admin isolate keeps the options it was started with"), whileRunning.out());
        assertEquals(2, status(port).path("settings").path("restartLimit").asInt(), "the running admin isolate is not changed");

        Run stopped = appserver("stop", "--domains-dir", domains.toString());
        assertEquals(0, stopped.status(), stopped.out());
        Run again = start();

        assertEquals(0, again.status(), again.out());
        assertTrue(again.out().contains("kept:      --port " + port + ", --restart-limit 3, --event-journal-size 8m"), again.out());
        JsonNode settings = status(port).path("settings");
        assertEquals(3, settings.path("restartLimit").asInt(), settings.toString());
        assertEquals(8L << 20, settings.path("eventJournalBytes").asLong(), settings.toString());
        Run shown = appserver("settings", "--domains-dir", domains.toString());
        assertTrue(shown.out().contains("  --restart-limit              3\n"), shown.out());
    }

    @Test
    void aStartRefusedForAKeptValueStartsNothingAndAResetStartsWithTheDefaults() throws Exception {
        Path file = domains.resolve(".admin").resolve("settings.properties");
        Files.createDirectories(file.getParent());
        int port = AdminFixture.freePort();
        Files.writeString(file, "port=" + port + "\nkeep-ended-isolates=0\n");

        Run refused = start();

        assertEquals(AppServerMain.FAILED, refused.status());
        assertFalse(Files.exists(domains.resolve(".admin").resolve("admin.json")), "no admin isolate was started");
        Run reset = appserver("settings", "--domains-dir", domains.toString(), "--reset");
        assertEquals(0, reset.status(), reset.out());
        Run fresh = start("--port", Integer.toString(port));
        assertEquals(0, fresh.status(), fresh.out());
        assertEquals(7, status(port).path("settings").path("keepEndedIsolatesDays").asInt());
        assertEquals("port=" + port, Files.readAllLines(file).stream().filter(line -> !line.startsWith("#")).reduce("", String::concat));
    }
}

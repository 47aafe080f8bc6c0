package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.AdminSettings;
import dev.isola.admin.cli.AdminLauncher;
import dev.isola.deploytool.DeployTool;
import dev.isola.deploytool.Terminal;
import dev.isola.domains.JsonFiles;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateRegistry;
import dev.isola.mvm.isolate.MemorySize;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One admin isolate in a temporary domains root with its own mvm home, started the way
 * {@code bin/appserver start} starts it (a detached isolate of the server image, without the
 * AOT cache to keep tests short), a known password, and helpers to call its API, run
 * deploy-tool and wait for things. A test class shares one; {@link #close} stops the admin
 * isolate and every domain isolate and deletes the directory.
 *
 * <p>Public, and packed into this module's test jar, for the Pet Store's end-to-end tests in
 * {@code petstore-e2e}, which run against domains of an admin isolate started the same way.
 */
public final class AdminFixture implements AutoCloseable {

    public static final String PASSWORD = "test-password-1";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final Path root;
    private final AdminLauncher launcher;
    private final int port;
    private AdminLauncher.Started started;

    private AdminFixture(Path root, AdminLauncher launcher, int port) {
        this.root = root;
        this.launcher = launcher;
        this.port = port;
    }

    /** An admin isolate that restarts a dying domain isolate up to 5 times in 10 minutes. */
    public static AdminFixture start() throws IOException {
        return start(5);
    }

    public static AdminFixture start(int restartLimit) throws IOException {
        return start(restartLimit, 0, Optional.empty());
    }

    /**
     * @param spareIsolates warmed-up spare isolates the admin keeps (the other tests run without, so that no
     *                      warm-up competes with what they measure for the CPU)
     * @param warmUpArchive what the spares warm up with
     */
    public static AdminFixture start(int restartLimit, int spareIsolates, Optional<Path> warmUpArchive) throws IOException {
        return start(restartLimit, spareIsolates, false, warmUpArchive);
    }

    /** @param freezeSpares whether the spares wait frozen to disk ({@code --freeze-spares}, needs CRIU 4 as root) */
    public static AdminFixture start(int restartLimit, int spareIsolates, boolean freezeSpares, Optional<Path> warmUpArchive) throws IOException {
        Path root = Files.createTempDirectory("isola-admin-it");
        Path passwordFile = Files.writeString(root.resolve("password"), PASSWORD + "\n");
        String image = System.getProperty("isola.test.imageLib");
        if (image == null || !Files.isDirectory(Path.of(image))) {
            throw new IllegalStateException("system property isola.test.imageLib must name the server image (bin/mvn -pl admin-isolate -am verify"
                    + " builds it); it is " + image);
        }
        int port = freePort();
        AdminSettings defaults = AdminSettings.DEFAULTS;
        // A small expansion limit, so that the upload tests' archive bombs are refused quickly.
        AdminSettings settings = new AdminSettings(restartLimit, defaults.maxUploadSize(), MemorySize.ofMegabytes(16),
                defaults.consoleSessionTimeout(), defaults.keepEndedIsolates(), defaults.eventJournalSize(), defaults.autodeployInterval());
        AdminLauncher launcher = new AdminLauncher(new AdminLauncher.Settings(root.resolve("domains"), "127.0.0.1", port, Path.of(image),
                warmUpArchive, false, Optional.of(passwordFile), root.resolve("mvm"), settings, spareIsolates,
                freezeSpares, spareIsolates > 0), System.out);
        AdminFixture fixture = new AdminFixture(root, launcher, port);
        fixture.startAdmin();
        return fixture;
    }

    /** Starts the admin isolate (again). */
    AdminLauncher.Started startAdmin() throws IOException {
        started = launcher.start();
        return started;
    }

    public Path domainsRoot() {
        return root.resolve("domains");
    }

    public Path passwordFile() {
        return root.resolve("password");
    }

    public Path work() throws IOException {
        return Files.createDirectories(root.resolve("work"));
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    AdminLauncher launcher() {
        return launcher;
    }

    IsolateRegistry registry() {
        return IsolateRegistry.open(root.resolve("mvm"));
    }

    /** The running admin isolate. */
    IsolateRecord admin() {
        return launcher.running().orElseThrow(() -> new AssertionError("no admin isolate runs"));
    }

    /** Kills the admin isolate at once, as a crash would. */
    void haltAdmin() {
        Isolate admin = registry().adopt(admin().id());
        admin.halt(9).join();
    }

    public List<IsolateRecord> domainIsolates() {
        return launcher.domainIsolates();
    }

    HttpResponse<String> call(String method, String path, HttpRequest.BodyPublisher body, String contentType) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url() + path)).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .method(method, body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return call("GET", path, HttpRequest.BodyPublishers.noBody(), null);
    }

    public JsonNode json(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JsonFiles.MAPPER.readTree(response.body());
    }

    /** The console's page at {@code path} ({@code /console/domains/shop}), as a browser signed in as the admin gets it. */
    String consolePage(String path) throws IOException, InterruptedException {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        String form = browser.send(HttpRequest.newBuilder(URI.create(url() + "/console/login")).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher token = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(form);
        if (!token.find()) {
            throw new AssertionError("no CSRF token in the console's login form: " + form);
        }
        HttpResponse<String> signedIn = browser.send(HttpRequest.newBuilder(URI.create(url() + "/console/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("csrf="
                        + URLEncoder.encode(token.group(1), StandardCharsets.UTF_8) + "&user=admin&password=" + PASSWORD)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (signedIn.statusCode() != 303) {
            throw new AssertionError("the console's login answered " + signedIn.statusCode() + ": " + signedIn.body());
        }
        return browser.send(HttpRequest.newBuilder(URI.create(url() + path)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    HttpResponse<String> upload(String path, byte[] archive) throws IOException, InterruptedException {
        return call("POST", path, HttpRequest.BodyPublishers.ofByteArray(archive), "application/octet-stream");
    }

    static JsonNode parse(HttpResponse<String> response) {
        try {
            return JsonFiles.MAPPER.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What one run of deploy-tool did. */
    public record ToolRun(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout: " + out + "\nstderr: " + err;
        }
    }

    /** Runs deploy-tool against this admin isolate with the fixture's password file, in this process. */
    /**
     * Creates and starts {@code domain} on a free port with {@code deploy-tool} (its further
     * {@code create-domain} options given), deploys {@code archive} to it; returns the port.
     */
    public int createAndDeploy(String domain, Path archive, String... options) throws IOException {
        int port = freePort();
        List<String> args = new ArrayList<>(List.of("create-domain", domain, "--port", Integer.toString(port), "--start"));
        args.addAll(List.of(options));
        ToolRun created = deployTool(args.toArray(String[]::new));
        org.junit.jupiter.api.Assertions.assertEquals(0, created.exitCode(), created.toString());
        ToolRun deployed = deployTool("deploy", archive.toString(), "--domain", domain);
        org.junit.jupiter.api.Assertions.assertEquals(0, deployed.exitCode(), deployed.toString());
        return port;
    }

    /**
     * Checks that the users API, deploy-tool and the console refuse to manage the users of {@code domain}, whose realm keeps them
     * elsewhere, each saying {@code why}, and that no keyfile was written.
     */
    void assertUsersManagedElsewhere(String domain, String why) throws Exception {
        String users = "/api/domains/" + domain + "/users";
        for (HttpResponse<String> response : List.of(call("GET", users, HttpRequest.BodyPublishers.noBody(), null),
                call("POST", users, HttpRequest.BodyPublishers.ofString("{\"name\": \"erin\", \"password\": \"erin-pw\"}"), "application/json"),
                call("PUT", users + "/alice", HttpRequest.BodyPublishers.ofString("{\"groups\": []}"), "application/json"),
                call("DELETE", users + "/alice", HttpRequest.BodyPublishers.noBody(), null))) {
            org.junit.jupiter.api.Assertions.assertEquals(409, response.statusCode(), response.body());
            org.junit.jupiter.api.Assertions.assertEquals(why, parse(response).path("message").asText());
        }
        ToolRun listed = deployTool("list-users", domain);
        org.junit.jupiter.api.Assertions.assertEquals(dev.isola.deploytool.ExitCodes.REJECTED, listed.exitCode(), listed.toString());
        org.junit.jupiter.api.Assertions.assertTrue(listed.err().contains(why), listed.toString());
        org.junit.jupiter.api.Assertions.assertTrue(Files.notExists(domainsRoot().resolve(domain).resolve("config/keyfile")), "no keyfile written");
        String page = consolePage("/console/domains/" + domain);
        org.junit.jupiter.api.Assertions.assertTrue(page.contains("<p class=\"hint\" id=\"users-elsewhere\">" + why + ".</p>"), page);
        org.junit.jupiter.api.Assertions.assertFalse(page.contains("id=\"add-user\""), "no form to add a user");
    }

    /** The messages of {@code domain}'s events, one per line. */
    public String events(String domain) throws IOException, InterruptedException {
        StringBuilder messages = new StringBuilder();
        for (JsonNode event : json("/api/domains/" + domain + "/events")) {
            messages.append('\n').append(event.path("message").asText());
        }
        return messages.toString();
    }

    public ToolRun deployTool(String... args) {
        return run(Optional.empty(), withAdmin(args));
    }

    /** Runs deploy-tool as at a terminal where {@code terminal} answers the questions it asks. */
    public ToolRun deployToolAt(Terminal terminal, String... args) {
        return run(Optional.of(terminal), withAdmin(args));
    }

    private String[] withAdmin(String... args) {
        List<String> all = new ArrayList<>(List.of("--url", url(), "--password-file", passwordFile().toString()));
        all.addAll(List.of(args));
        return all.toArray(String[]::new);
    }

    /** Runs deploy-tool with exactly {@code args}. */
    static ToolRun deployToolAsIs(String... args) {
        return run(Optional.empty(), args);
    }

    private static ToolRun run(Optional<Terminal> terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DeployTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(), terminal);
        return new ToolRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Polls {@code condition} up to a bound that only a broken server reaches. */
    public static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited 120 s for " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }

    /** Waits until {@code log} has a line containing {@code fragment}, and returns that line. */
    public static String awaitLogLine(Path log, String fragment) {
        String[] found = {null};
        await("a line with '" + fragment + "' in " + log, () -> {
            try {
                found[0] = Files.readAllLines(log).stream().filter(line -> line.contains(fragment)).findFirst().orElse(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return found[0] != null;
        });
        return found[0];
    }

    /** Polls {@code probe} until it gives {@code expected}; a failure shows what it gave last. */
    static void awaitValue(String what, java.util.function.Supplier<String> probe, String expected) {
        String[] last = {""};
        try {
            await(what, () -> (last[0] = probe.get()).equals(expected));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ": expected '" + expected + "', last saw '" + last[0] + "'");
        }
    }

    @Override
    public void close() throws IOException {
        launcher.stop(Duration.ofSeconds(20));
        deleteTree(root);
    }

    /**
     * Deletes {@code root} and everything in it. An isolate that has just been stopped may still have a file written into
     * its run directory (its end recorded) while the tree is walked, so a directory found not empty is tried again.
     */
    public static void deleteTree(Path root) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
                return;
            } catch (IOException | UncheckedIOException e) {
                if (attempt == 5) {
                    throw e;
                }
                try {
                    Thread.sleep(200L * attempt);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}

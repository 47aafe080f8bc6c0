package dev.isola.loadtests.standalone;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An admin isolate as a user runs it: started and stopped with {@code bin/appserver}'s launcher
 * ({@code AppServerMain}, with the script's JVM flags) on a domains directory, port and mvm home
 * of its own, with a password of its own, and driven through its REST API. The evaluation's
 * multi-domain setups and the throughput benchmark both run theirs through this class.
 */
public final class AppServerInstance implements AutoCloseable {

    private static final Duration LAUNCHER_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration CALL_TIMEOUT = Duration.ofMinutes(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path java;
    private final Path image;
    private final Optional<Path> petstore;
    private final Path domainsDirectory;
    private final Path mvmHome;
    private final Path logDirectory;
    private final int port;
    private final String authorization;
    private final String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private boolean running;

    private AppServerInstance(Path java, Path image, Optional<Path> petstore, Path domainsDirectory, Path mvmHome, int port, Path logDirectory) {
        this.java = java;
        this.image = image;
        this.petstore = petstore;
        this.domainsDirectory = domainsDirectory;
        this.mvmHome = mvmHome;
        this.port = port;
        this.logDirectory = logDirectory;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Runs {@code bin/appserver start}: the admin isolate over {@code domainsDirectory} (and the
     * domains there that should run), returning once its REST API answers.
     *
     * @param petstore     the EAR the image's training run uses when it records the AOT cache
     * @param logDirectory where the launcher's output goes
     */
    public static AppServerInstance start(Path java, Path image, Optional<Path> petstore, Path domainsDirectory, Path mvmHome, int port,
                                          Path logDirectory) throws IOException, InterruptedException {
        return start(java, image, petstore, domainsDirectory, mvmHome, port, logDirectory, spareOptions(0, false, false));
    }

    /**
     * The options of {@code bin/appserver start} for {@code spareIsolates} spares, frozen to disk or not, their domains resetting
     * the JIT state or not. Each is given, also when off: a start takes the spare options an earlier start on the same domains
     * directory was given when it is not given them (they are kept), and the benchmarks start admins with and without spares there.
     */
    public static List<String> spareOptions(int spareIsolates, boolean freeze, boolean resetJitState) {
        return List.of("--spare-isolates", Integer.toString(spareIsolates), "--freeze-spares=" + freeze, "--reset-spare-jit-state=" + resetJitState);
    }

    /** As {@link #start}, with further options of {@code bin/appserver start} ({@link #spareOptions}, ...). */
    public static AppServerInstance start(Path java, Path image, Optional<Path> petstore, Path domainsDirectory, Path mvmHome, int port,
                                          Path logDirectory, List<String> startOptions) throws IOException, InterruptedException {
        AppServerInstance admin = new AppServerInstance(java, image, petstore, domainsDirectory, mvmHome, port, logDirectory);
        admin.launcher("start", startOptions.toArray(String[]::new));
        admin.running = true;
        return admin;
    }

    public Path domainsDirectory() {
        return domainsDirectory;
    }

    /** Creates and starts a domain from its configuration as JSON (see docs/domains.md); returns once it runs. */
    public void createDomain(String configurationJson) throws IOException, InterruptedException {
        String body = configurationJson.strip();
        body = body.substring(0, body.length() - 1) + ", \"start\": true}";
        call(request("/api/domains", CALL_TIMEOUT).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)),
                "create domain " + configurationJson);
    }

    /** Deploys {@code archive} into {@code domain} under the archive's file name without extension. */
    public void deploy(String domain, Path archive) throws IOException, InterruptedException {
        String file = archive.getFileName().toString();
        String name = file.substring(0, file.lastIndexOf('.'));
        call(request("/api/domains/" + domain + "/applications?name=" + encode(name) + "&filename=" + encode(file), CALL_TIMEOUT)
                .header("Content-Type", "application/octet-stream").POST(HttpRequest.BodyPublishers.ofFile(archive)),
                "deploy " + archive + " to domain " + domain);
    }

    /** Starts a domain's isolates; the admin answers once they have redeployed its applications. */
    public void startDomain(String domain, Duration timeout) throws IOException, InterruptedException {
        call(request("/api/domains/" + domain + "/start", timeout).POST(HttpRequest.BodyPublishers.noBody()), "start domain " + domain);
    }

    /** Stops a domain's isolates; the domain's directory stays, with its configuration and applications. */
    public void stopDomain(String domain) throws IOException, InterruptedException {
        call(request("/api/domains/" + domain + "/stop", CALL_TIMEOUT).POST(HttpRequest.BodyPublishers.noBody()), "stop domain " + domain);
    }

    /**
     * Waits until no spare isolate is warming up (or being frozen) and at least {@code atLeast} spares are {@code kind}
     * ("ready" or "frozen", as {@code GET /api/status} counts them).
     */
    public void awaitSpares(String kind, int atLeast, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode spares = get("/api/status").path("spareIsolates");
        while (spares.path(kind).asInt() < atLeast || spares.path("warming").asInt() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the admin isolate's spares are not settled after " + timeout.toSeconds() + " s (wanted " + atLeast + " "
                        + kind + ", none warming; they are " + spares + "; its log tells why a spare did not warm up or could not be frozen)");
            }
            Thread.sleep(100);
            spares = get("/api/status").path("spareIsolates");
        }
    }

    /** {@code GET path} of the REST API, as JSON. */
    public JsonNode get(String path) throws IOException, InterruptedException {
        return JSON.readTree(call(request(path, Duration.ofSeconds(60)).GET(), "GET " + path));
    }

    /** Stops the admin isolate and every domain isolate it runs ({@code bin/appserver stop}). */
    @Override
    public void close() throws IOException, InterruptedException {
        if (running) {
            running = false;
            launcher("stop");
        }
        http.close();
    }

    private String call(HttpRequest.Builder request, String what) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException("the admin isolate refused to " + what + ": HTTP " + response.statusCode() + " " + response.body());
        }
        return response.body();
    }

    private HttpRequest.Builder request(String path, Duration timeout) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Authorization", authorization).timeout(timeout);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** {@code bin/appserver COMMAND}: the same launcher class with the script's flags, for this instance's port and directories. */
    private void launcher(String command, String... options) throws IOException, InterruptedException {
        Path log = logDirectory.resolve("appserver-" + command + ".log");
        List<String> line = new ArrayList<>(List.of(java.toString(), "-XX:TieredStopAtLevel=1", "-Dmvm.home=" + mvmHome, "-Disola.image=" + image,
                "-Disola.petstore=" + petstore.map(Path::toString).orElse(""), "-Disola.domains=" + domainsDirectory,
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-cp", image + "/*",
                "dev.isola.admin.cli.AppServerMain", command, "--port", Integer.toString(port), "--domains-dir", domainsDirectory.toString()));
        line.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(Map.of("ISOLA_ADMIN_PASSWORD", password, "MVM_HOME", mvmHome.toString()));
        Process process = builder.start();
        if (!process.waitFor(LAUNCHER_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("bin/appserver " + command + " did not finish within " + LAUNCHER_TIMEOUT.toMinutes() + " minutes; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IOException("bin/appserver " + command + " failed with status " + process.exitValue() + ": " + Files.readString(log).strip());
        }
    }
}

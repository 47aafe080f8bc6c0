package dev.isola.loadtests.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
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
import java.util.concurrent.TimeUnit;

/**
 * The MD setups: one admin isolate ({@code bin/appserver start}, in its own domains directory and
 * on its own port) supervising N domains, all isolates of the server image that map its AOT
 * cache. The domains are prepared stopped, with the application recorded, before the admin
 * starts; {@link #startNext} is the REST call {@code POST /api/domains/{d}/start}, which answers
 * once the domain's isolates have redeployed the application.
 */
final class AdminFleet implements Fleet {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Installation installation;
    private final Path root;
    private final boolean withApplication;
    private final int adminPort;
    private final String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
    private final List<String> domains = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private int started;
    private boolean adminRunning;

    /** Prepares {@code servers} stopped domains of {@code setup}'s mode in {@code root} and starts the admin isolate over them. */
    AdminFleet(Setup setup, Installation installation, Path root, boolean withApplication, int servers)
            throws IOException, InterruptedException {
        if (setup.standalone()) {
            throw new IllegalArgumentException(setup.label() + " is not a multi-domain setup");
        }
        this.installation = installation;
        this.root = root;
        this.withApplication = withApplication;
        for (int n = 1; n <= servers; n++) {
            int port = StandaloneFleet.freePort();
            String name = "md" + n;
            DomainFixture.prepare(root.resolve("domains"), name, setup.mode(), port, installation.earIf(withApplication));
            domains.add(name);
            ports.add(port);
        }
        this.adminPort = StandaloneFleet.freePort();
        appServer("start");
        adminRunning = true;
    }

    @Override
    public Duration startNext() throws IOException, InterruptedException {
        if (started == domains.size()) {
            throw new IllegalStateException("all " + domains.size() + " prepared domains run already");
        }
        String domain = domains.get(started);
        int port = ports.get(started);
        long start = System.nanoTime();
        HttpResponse<String> answer = http.send(request("/api/domains/" + domain + "/start").POST(HttpRequest.BodyPublishers.noBody())
                .timeout(READY_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException("starting domain " + domain + " answered HTTP " + answer.statusCode() + ": " + answer.body());
        }
        started++;
        PetStoreClient.awaitAnswer(port, "/petstore/", !withApplication, READY_TIMEOUT, () -> true);
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Override
    public int port(int n) {
        return ports.get(n - 1);
    }

    @Override
    public List<Long> pids() throws IOException, InterruptedException {
        List<Long> pids = new ArrayList<>();
        pids.add(get("/api/status").path("pid").asLong());
        for (int n = 1; n <= started; n++) {
            pids.addAll(pidsOf(n));
        }
        return pids;
    }

    @Override
    public List<Long> pidsOf(int n) throws IOException, InterruptedException {
        List<Long> pids = new ArrayList<>();
        for (JsonNode isolate : get("/api/domains/" + domains.get(n - 1) + "/isolates")) {
            long pid = isolate.path("pid").asLong(-1);
            if (pid <= 0) {
                throw new IOException("domain " + domains.get(n - 1) + " lists an isolate without a pid: " + isolate);
            }
            pids.add(pid);
        }
        return pids;
    }

    /** The admin isolate's own process. */
    long adminPid() throws IOException, InterruptedException {
        return get("/api/status").path("pid").asLong();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (adminRunning) {
            adminRunning = false;
            appServer("stop");
        }
        http.close();
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException("GET " + path + " answered HTTP " + answer.statusCode() + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    private HttpRequest.Builder request(String path) {
        String credentials = Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + path)).header("Authorization", "Basic " + credentials)
                .timeout(Duration.ofSeconds(60));
    }

    /** Runs {@code bin/appserver COMMAND} (the same launcher class) for this fleet's port and domains directory. */
    private void appServer(String command) throws IOException, InterruptedException {
        Path log = root.resolve("appserver-" + command + ".log");
        List<String> line = List.of(installation.java().toString(), "-XX:TieredStopAtLevel=1", "-Dmvm.home=" + installation.mvmHome(),
                "-Disola.image=" + installation.image(), "-Disola.petstore=" + installation.ear(), "-Disola.domains=" + root.resolve("domains"),
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-cp", installation.image() + "/*",
                "dev.isola.admin.cli.AppServerMain", command, "--port", Integer.toString(adminPort), "--domains-dir", root.resolve("domains").toString());
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(Map.of("ISOLA_ADMIN_PASSWORD", password, "MVM_HOME", installation.mvmHome().toString()));
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("bin/appserver " + command + " did not finish within 5 minutes; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IOException("bin/appserver " + command + " failed with status " + process.exitValue() + ": " + Files.readString(log).strip());
        }
    }
}

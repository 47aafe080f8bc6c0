package dev.isola.loadtests.throughput;

import java.io.IOException;
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
import java.util.List;
import java.util.UUID;

/**
 * The application server as a user runs it: an admin isolate started with
 * {@code bin/appserver start} on its own domains directory and port, and driven through its
 * REST API (create a domain, deploy, stop a domain). {@link #close} runs
 * {@code bin/appserver stop}, which stops the admin isolate and every domain isolate.
 */
final class AdminServer implements AutoCloseable {

    private static final Duration CALL_TIMEOUT = Duration.ofMinutes(10);

    private final Path repository;
    private final Path domainsDirectory;
    private final Path mvmHome;
    private final int port;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private AdminServer(Path repository, Path domainsDirectory, Path mvmHome, int port, String password) {
        this.repository = repository;
        this.domainsDirectory = domainsDirectory;
        this.mvmHome = mvmHome;
        this.port = port;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** Starts an admin isolate with a fresh random password; returns once its REST API answers. */
    static AdminServer start(Path repository, Path domainsDirectory, Path mvmHome, int port) throws IOException, InterruptedException {
        String password = UUID.randomUUID().toString();
        AdminServer admin = new AdminServer(repository, domainsDirectory, mvmHome, port, password);
        admin.appserver("start", password);
        return admin;
    }

    Path domainsDirectory() {
        return domainsDirectory;
    }

    /** Creates and starts a domain from its configuration as JSON (see docs/domains.md); returns once it runs. */
    void createDomain(String configurationJson) throws IOException, InterruptedException {
        String body = configurationJson.strip();
        body = body.substring(0, body.length() - 1) + ", \"start\": true}";
        call(HttpRequest.newBuilder(api("/api/domains")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)), "create domain " + configurationJson);
    }

    /** Deploys {@code archive} into {@code domain} under the archive's file name without extension. */
    void deploy(String domain, Path archive) throws IOException, InterruptedException {
        String file = archive.getFileName().toString();
        String name = file.substring(0, file.lastIndexOf('.'));
        call(HttpRequest.newBuilder(api("/api/domains/" + domain + "/applications?name=" + encode(name) + "&filename=" + encode(file)))
                .header("Content-Type", "application/octet-stream").POST(HttpRequest.BodyPublishers.ofFile(archive)),
                "deploy " + archive + " to domain " + domain);
    }

    /** Stops a domain's isolates; the domain's directory stays, with its configuration and applications. */
    void stopDomain(String domain) throws IOException, InterruptedException {
        call(HttpRequest.newBuilder(api("/api/domains/" + domain + "/stop")).POST(HttpRequest.BodyPublishers.noBody()), "stop domain " + domain);
    }

    private void call(HttpRequest.Builder request, String what) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.header("Authorization", authorization).timeout(CALL_TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException("the admin isolate refused to " + what + ": HTTP " + response.statusCode() + " " + response.body());
        }
    }

    private URI api(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private void appserver(String command, String password) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(repository.resolve("bin/appserver").toString(), command,
                "--domains-dir", domainsDirectory.toString(), "--port", Integer.toString(port)));
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true);
        builder.environment().put("MVM_HOME", mvmHome.toString());
        if (password != null) {
            builder.environment().put("ISOLA_ADMIN_PASSWORD", password);
        }
        Path output = Files.createTempFile("appserver-" + command, ".txt");
        builder.redirectOutput(output.toFile());
        int status = builder.start().waitFor();
        String said = Files.readString(output).strip();
        Files.deleteIfExists(output);
        if (status != 0) {
            throw new IllegalStateException("bin/appserver " + command + " failed with status " + status + ": " + said);
        }
    }

    /** Stops the admin isolate and every domain isolate it runs ({@code bin/appserver stop}). */
    @Override
    public void close() throws IOException, InterruptedException {
        appserver("stop", null);
    }
}

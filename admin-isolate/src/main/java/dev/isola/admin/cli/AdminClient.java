package dev.isola.admin.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.domains.JsonFiles;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;

/**
 * The few REST calls {@code bin/appserver demo} makes to its admin isolate (deploy-tool is the
 * full client). Answers other than 2xx become an exception with the server's message.
 */
final class AdminClient {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private final String authorization;

    AdminClient(String url, String user, char[] password) {
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + new String(password)).getBytes(StandardCharsets.UTF_8));
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    JsonNode postJson(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    JsonNode upload(String path, Path archive) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofFile(archive)));
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.header("Authorization", authorization).timeout(Duration.ofMinutes(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode body = response.body().isBlank() ? JsonFiles.MAPPER.createObjectNode() : JsonFiles.MAPPER.readTree(response.body());
        if (response.statusCode() / 100 != 2) {
            throw new IOException("the admin isolate answered " + response.statusCode() + ": " + body.path("message").asText(response.body()));
        }
        return body;
    }
}

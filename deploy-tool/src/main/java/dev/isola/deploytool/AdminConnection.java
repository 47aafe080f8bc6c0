package dev.isola.deploytool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Base64;

/**
 * The admin isolate's REST API as deploy-tool uses it ({@code java.net.http}): JSON in and
 * out, HTTP Basic credentials, and every failure turned into a {@link ToolException} whose exit
 * status says what kind it was and whose message is the server's, plus what to do next.
 */
final class AdminConnection {

    static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final Credentials credentials;
    private final HttpClient http;
    private final Duration timeout;

    AdminConnection(URI base, Credentials credentials, Duration timeout) {
        this.base = base;
        this.credentials = credentials;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** The credentials every request carries. */
    Credentials credentials() {
        return credentials;
    }

    JsonNode get(String path) {
        return send(request(path).GET());
    }

    JsonNode post(String path, JsonNode body) {
        return send(request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    JsonNode put(String path, JsonNode body) {
        return send(request(path).header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    JsonNode post(String path) {
        return send(request(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    JsonNode delete(String path) {
        return send(request(path).DELETE());
    }

    /** Sends an archive as the raw body, waiting for the server's go-ahead ("100 Continue") before the first byte. */
    JsonNode upload(String method, String path, HttpRequest.BodyPublisher body) {
        return send(request(path).header("Content-Type", "application/octet-stream").expectContinue(true).method(method, body));
    }

    private HttpRequest.Builder request(String path) {
        String token = Base64.getEncoder().encodeToString((credentials.user() + ":" + credentials.password()).getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).header("Authorization", "Basic " + token)
                .header("Accept", "application/json");
    }

    /** A GET whose answer is text (a thread dump), returned as it came; errors are JSON as for every other call. */
    String getText(String path) {
        HttpResponse<String> response = exchange(request(path).setHeader("Accept", "text/plain, application/json").GET());
        if (response.statusCode() / 100 == 2) {
            return response.body();
        }
        throw refusal(response, parse(response));
    }

    private JsonNode send(HttpRequest.Builder builder) {
        HttpResponse<String> response = exchange(builder);
        JsonNode body = parse(response);
        if (response.statusCode() / 100 == 2) {
            return body;
        }
        throw refusal(response, body);
    }

    /**
     * A GET whose answer is a file (a domain backup), written to {@code target} only once all of it came: to a temporary
     * file beside it first, so that a refusal or a broken connection leaves no partial file under the name. Errors are JSON
     * as for every other call.
     *
     * @return the bytes written
     */
    long download(String path, Path target) throws IOException {
        Path directory = target.toAbsolutePath().getParent();
        Path temporary = Files.createTempFile(directory, "." + target.getFileName() + "-", ".part");
        try {
            HttpResponse<InputStream> response = exchange(request(path).setHeader("Accept", "application/zip, application/json").GET(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() / 100 != 2) {
                    String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                    throw refusal(response.statusCode(), text, parse(response.statusCode(), text));
                }
                Files.copy(body, temporary, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            return Files.size(target);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private HttpResponse<String> exchange(HttpRequest.Builder builder) {
        return exchange(builder, HttpResponse.BodyHandlers.ofString());
    }

    private <T> HttpResponse<T> exchange(HttpRequest.Builder builder, HttpResponse.BodyHandler<T> handler) {
        HttpRequest request = builder.build();
        try {
            return http.send(request, handler);
        } catch (HttpConnectTimeoutException | ConnectException e) {
            throw unreachable(e);
        } catch (HttpTimeoutException e) {
            throw new ToolException(ExitCodes.UNREACHABLE, "the admin isolate at " + base + " did not answer within " + timeout.toSeconds()
                    + " s (" + request.method() + " " + request.uri().getPath() + "); it may still be working: check with deploy-tool status,"
                    + " or allow longer with --timeout");
        } catch (IOException e) {
            if (e.getCause() instanceof ConnectException || String.valueOf(e.getMessage()).contains("Connection refused")) {
                throw unreachable(e);
            }
            throw new ToolException(ExitCodes.UNREACHABLE, "the connection to the admin isolate at " + base + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ToolException(ExitCodes.INTERNAL, "interrupted");
        }
    }

    private ToolException refusal(HttpResponse<String> response, JsonNode body) {
        return refusal(response.statusCode(), response.body(), body);
    }

    private ToolException refusal(int status, String text, JsonNode body) {
        String message = body.path("message").asText("HTTP " + status + " " + text);
        if (status == 401 || status == 403) {
            return new ToolException(ExitCodes.AUTHENTICATION, "authentication failed (user " + credentials.user() + ", password from "
                    + credentials.source() + "): " + message + ". Give the admin password with --password-file or "
                    + Credentials.PASSWORD_VARIABLE);
        }
        return new ToolException(ExitCodes.ofHttpStatus(status), message);
    }

    private ToolException unreachable(Exception e) {
        return new ToolException(ExitCodes.UNREACHABLE, "cannot reach the admin isolate at " + base + " (" + (e.getMessage() == null
                ? e.getClass().getSimpleName() : e.getMessage()) + "); is it running? Start it with bin/appserver start, or point --url at it");
    }

    private static JsonNode parse(HttpResponse<String> response) {
        return parse(response.statusCode(), response.body());
    }

    private static JsonNode parse(int status, String text) {
        if (text == null || text.isBlank()) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return JSON.createObjectNode().put("message", "HTTP " + status + ": " + text.strip());
        }
    }
}

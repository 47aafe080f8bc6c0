package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where deploy-tool looks for the admin isolate, first found wins: {@code --url}, the environment
 * variable {@value #VARIABLE}, the URL the admin isolate of the domains root wrote while it runs
 * ({@code <domains root>/.admin/admin.json}: on this machine, an admin started on another port,
 * which {@code bin/appserver start} keeps for its next starts, is found without {@code --url}),
 * else {@value #DEFAULT}.
 */
final class AdminUrl {

    static final String VARIABLE = "ISOLA_ADMIN_URL";
    static final String DEFAULT = "http://127.0.0.1:4848";

    private AdminUrl() {
    }

    static String resolve(Optional<String> given, Map<String, String> environment, Path domainsRoot) {
        return given.or(() -> Optional.ofNullable(environment.get(VARIABLE)).filter(s -> !s.isEmpty()))
                .or(() -> written(domainsRoot.resolve(".admin").resolve("admin.json")))
                .orElse(DEFAULT);
    }

    /** The running admin isolate's URL as it wrote it; empty when there is none or it cannot be read (the default is then tried). */
    private static Optional<String> written(Path state) {
        if (!Files.isReadable(state)) {
            return Optional.empty();
        }
        try {
            JsonNode url = AdminConnection.JSON.readTree(state.toFile()).path("url");
            return url.isTextual() && url.asText().startsWith("http") ? Optional.of(url.asText()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.AdminFiles;
import dev.isola.admin.AdminSettings;
import dev.isola.admin.LiveAdminSettings;
import dev.isola.admin.auth.AdminPassword;
import dev.isola.admin.auth.PasswordChange;
import dev.isola.admin.auth.PasswordCheck;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.admin.deploy.ArchiveValidator;
import dev.isola.admin.supervise.RestartPolicy;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.DomainsRoot;
import dev.isola.mvm.image.Image;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The OpenAPI document describes exactly the API's routes (and /metrics), each with its responses. */
class OpenApiRoutesTest {

    @TempDir
    Path dir;

    private PasswordChange passwordChange() {
        String hash = PasswordHash.of("test-password".toCharArray());
        return new PasswordChange(new AdminFiles(dir.resolve(".admin")), new PasswordCheck(hash), new AdminPassword.Source(hash, "a test", true));
    }

    @Test
    void everyRouteIsDocumentedAndEveryDocumentedOperationIsARoute() {
        try (Supervisor supervisor = new Supervisor(DomainsRoot.at(dir), Image.ofCurrentJvm("test"), dir.resolve("mvm"), RestartPolicy.DEFAULTS)) {
            AdminApi api = new AdminApi(supervisor, new Uploads(new ArchiveValidator(ArchiveValidator.Limits.DEFAULTS), 1 << 20),
                    OpenApiDocument.load(), Instant.now(), new LiveAdminSettings(AdminSettings.DEFAULTS, changes -> { }), passwordChange());
            JsonNode document = OpenApiDocument.load().tree();
            assertTrue(document.path("openapi").asText().startsWith("3."), "an OpenAPI 3 document");

            Set<String> routes = new TreeSet<>();
            for (Route route : api.routes()) {
                routes.add(route.method() + " " + route.template());
            }
            routes.add("GET /metrics");
            Set<String> documented = new TreeSet<>();
            for (Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields(); paths.hasNext(); ) {
                Map.Entry<String, JsonNode> path = paths.next();
                for (Iterator<String> keys = path.getValue().fieldNames(); keys.hasNext(); ) {
                    String key = keys.next();
                    if (Set.of("get", "post", "put", "delete", "patch").contains(key)) {
                        documented.add(key.toUpperCase(Locale.ROOT) + " " + path.getKey());
                        JsonNode operation = path.getValue().get(key);
                        assertTrue(operation.has("responses") && operation.path("responses").has("401"),
                                key + " " + path.getKey() + " documents its responses, 401 included");
                    }
                }
            }
            assertEquals(routes, documented);
        }
    }
}

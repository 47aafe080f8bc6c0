package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.AdminSettings;
import dev.isola.admin.LiveAdminSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET} and {@code PUT /api/settings}: what the admin isolate runs with, and changes to
 * it that take effect at once and are kept for its next start ({@link LiveAdminSettings}). A
 * change names settings as {@code bin/appserver start} names its options, without the dashes,
 * with values as the options take them: {@code {"restart-limit": "2", "max-upload-size": "512m"}}.
 */
final class SettingsResource {

    /** The answer: the settings now (as {@code GET /api/status} shows them), each also as its option takes it, and what a change changed. */
    record SettingsView(AdminStatus.Settings settings, Map<String, String> options, Map<String, String> changed) {
    }

    private final LiveAdminSettings settings;

    SettingsResource(LiveAdminSettings settings) {
        this.settings = settings;
    }

    ApiResponse get(ApiRequest request) {
        return ApiResponse.ok(view(settings.current(), Map.of()));
    }

    ApiResponse change(ApiRequest request) throws IOException {
        JsonNode body = DomainsResource.readJson(request);
        if (!body.isObject() || body.isEmpty()) {
            throw new ApiException(400, "the body is an object of the settings to change, e.g. {\"restart-limit\": \"2\"}; the settings: "
                    + String.join(", ", AdminSettings.NAMES));
        }
        Map<String, String> changes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            JsonNode value = field.getValue();
            if (!value.isTextual() && !value.isIntegralNumber()) {
                throw new ApiException(400, field.getKey() + ": a setting's value is a string or a whole number, as its option takes it, not "
                        + value);
            }
            changes.put(field.getKey(), value.asText());
        }
        AdminSettings now;
        try {
            now = settings.change(changes);
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, e.getMessage());
        } catch (UncheckedIOException e) {
            throw new ApiException(500, "the change cannot be kept for the next start, so it is not made: " + e.getMessage());
        }
        return ApiResponse.ok(view(now, changes));
    }

    private static SettingsView view(AdminSettings current, Map<String, String> changed) {
        return new SettingsView(AdminStatus.Settings.of(current), current.asOptions(), changed);
    }
}

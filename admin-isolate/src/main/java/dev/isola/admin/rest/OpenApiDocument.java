package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAPI 3 description of the admin REST API, written by hand as YAML
 * ({@code openapi.yaml} next to this class) and served as is and as JSON.
 */
public final class OpenApiDocument {

    public static final String RESOURCE = "openapi.yaml";

    private final String yaml;
    private final JsonNode tree;

    private OpenApiDocument(String yaml, JsonNode tree) {
        this.yaml = yaml;
        this.tree = tree;
    }

    public static OpenApiDocument load() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the admin isolate's jar");
            }
            String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new OpenApiDocument(yaml, new ObjectMapper(new YAMLFactory()).readTree(yaml));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    public String yaml() {
        return yaml;
    }

    public JsonNode tree() {
        return tree;
    }
}

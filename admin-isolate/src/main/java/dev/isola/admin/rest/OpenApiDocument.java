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
 *
 * <p>The JSON form is parsed on its first request, not at start: parsing YAML loads SnakeYAML
 * and Jackson's YAML format (~120 classes) and a mapper of its own, which an admin isolate that
 * is never asked for {@code openapi.json} would otherwise keep for its whole life.
 */
public final class OpenApiDocument {

    public static final String RESOURCE = "openapi.yaml";

    private final String yaml;
    private JsonNode tree;

    private OpenApiDocument(String yaml) {
        this.yaml = yaml;
    }

    public static OpenApiDocument load() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the admin isolate's jar");
            }
            return new OpenApiDocument(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    public String yaml() {
        return yaml;
    }

    /** The document as a JSON tree, parsed once, on first use (a rare request: a lock is all it needs). */
    public synchronized JsonNode tree() {
        if (tree == null) {
            try {
                tree = new ObjectMapper(new YAMLFactory()).readTree(yaml);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot parse " + RESOURCE + ": " + e.getMessage(), e);
            }
        }
        return tree;
    }
}

package dev.isola.admin.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.domains.JsonFiles;

import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * A small JSON object as a request's body (a password change, a user), read with a size limit.
 * Every refusal is an {@link ApiException} that ends with an example of a good body, so that the
 * caller sees at once what to send instead.
 */
final class JsonBody {

    private JsonBody() {
    }

    /**
     * The body as a JSON object.
     *
     * @throws ApiException 413 past {@code maxBytes}, 400 if it is not JSON or not an object
     */
    static ObjectNode object(ApiRequest request, int maxBytes, String example) throws IOException {
        byte[] bytes = bytes(request, maxBytes, "the body is at most " + maxBytes + " bytes: " + example);
        try {
            if (JsonFiles.MAPPER.readTree(bytes) instanceof ObjectNode body) {
                return body;
            }
            throw new ApiException(400, "the body must be a JSON object: " + example);
        } catch (JsonProcessingException e) {
            throw new ApiException(400, "the body is not valid JSON (" + e.getOriginalMessage() + "): " + example);
        }
    }

    /**
     * The body's bytes, read no further than one byte past {@code maxBytes}.
     *
     * @throws ApiException 413 with {@code tooLarge} past {@code maxBytes}
     */
    static byte[] bytes(ApiRequest request, int maxBytes, String tooLarge) throws IOException {
        byte[] bytes;
        try (InputStream in = request.http().getInputStream()) {
            bytes = in.readNBytes(maxBytes + 1);
        }
        if (bytes.length > maxBytes) {
            throw new ApiException(413, tooLarge);
        }
        return bytes;
    }

    /**
     * Refuses a field other than {@code known}: a misspelt one would otherwise be ignored without a word.
     *
     * @throws ApiException 400 naming the first unknown field and the known ones
     */
    static void onlyFields(ObjectNode body, Set<String> known, String example) {
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new ApiException(400, "unknown field '" + name + "' (the body takes " + String.join(", ", new TreeSet<>(known)) + "): "
                        + example);
            }
        }
    }

    /**
     * The text of {@code field}, which must be there and be a string.
     *
     * @throws ApiException 400 saying so
     */
    static String text(ObjectNode body, String field, String example) {
        JsonNode value = body.get(field);
        if (value == null || !value.isTextual()) {
            throw new ApiException(400, "the body needs " + field + " as a string: " + example);
        }
        return value.textValue();
    }
}

package dev.isola.domains;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.regex.Pattern;

/**
 * Reads JSON text into a tree with Jackson's streaming parser and its tree nodes, without an
 * {@code ObjectMapper}.
 *
 * <p>Why not {@code ObjectMapper.readTree}: a domain isolate reads its configuration and its
 * applications' records as it starts, and nothing else of it needs data binding. Building an
 * {@code ObjectMapper} loads ~300 classes of jackson-databind (its serializer and deserializer
 * factories, type resolution, caches) beyond the ~40 of the tree nodes, whose metadata every
 * isolate then holds privately: the read-write pages of the AOT cache that loading a class
 * writes to, and their compiled code. An idle domain took ~2.5 MB less without it
 * ({@code docs/results/footprint/idle-breakdown/}).
 *
 * <p>Stricter than {@code readTree} where a hand-edited file is more likely wrong than meant:
 * a field named twice and anything after the document are refused, with their line and column.
 */
public final class JsonTrees {

    private static final JsonFactory FACTORY = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern SOURCE_DESCRIPTION = Pattern.compile("\\[Source: [^\\]]*?; line: ");

    private JsonTrees() {
    }

    /**
     * The tree of {@code text}: one JSON value, with nothing but white space after it.
     *
     * @throws JsonProcessingException for text that is not one JSON value; its location says where
     */
    public static JsonNode parse(String text) throws JsonProcessingException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new JsonParseException(parser, "no JSON value (the text is empty)");
            }
            JsonNode tree = value(parser, first);
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "unexpected " + parser.currentToken() + " after the end of the JSON value");
            }
            return tree;
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            // A String source has no I/O to fail; the parser's signature says IOException all the same.
            throw new IllegalStateException("reading JSON from a string failed", e);
        }
    }

    /**
     * What is wrong with text {@link #parse} refused, for a person: where, and Jackson's own words
     * without its source description ("Source: REDACTED ...").
     */
    public static String describe(JsonProcessingException e) {
        // Some messages point at a second place ("start marker at [Source: ...; line: 1, column: 2]").
        String message = SOURCE_DESCRIPTION.matcher(e.getOriginalMessage()).replaceAll("[line: ");
        return e.getLocation() == null ? "not valid JSON: " + message
                : "not valid JSON at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": " + message;
    }

    /** The node of the value that starts at {@code token}, the parser left on its last token. */
    private static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new JsonParseException(parser, "unexpected end of the text inside a JSON value");
        }
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new JsonParseException(parser, "unexpected " + token + " where a JSON value belongs");
        };
    }

    private static ObjectNode object(JsonParser parser) throws IOException {
        ObjectNode object = NODES.objectNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            if (token != JsonToken.FIELD_NAME) {
                throw new JsonParseException(parser, "unexpected " + (token == null ? "end of the text" : token) + " where a field name belongs");
            }
            String name = parser.currentName();
            object.set(name, value(parser, parser.nextToken()));
        }
        return object;
    }

    private static ArrayNode array(JsonParser parser) throws IOException {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            // value() refuses the end of the text (null) as it refuses any token that starts no value.
            array.add(value(parser, token));
        }
        return array;
    }
}

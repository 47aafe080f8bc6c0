package dev.isola.domains;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tree reader that domain isolates use instead of an ObjectMapper: the same trees, and clear refusals. */
class JsonTreesTest {

    @Test
    void readsTheSameTreeAsAnObjectMapper() throws Exception {
        String text = """
                {"name": "shop", "port": 8080, "big": 12345678901, "huge": 123456789012345678901234567890,
                 "ratio": 0.25, "on": true, "off": false, "none": null, "empty": {}, "list": [1, "two", [3], {"four": 4}, []]}
                """;
        JsonNode tree = JsonTrees.parse(text);
        assertEquals(new ObjectMapper().readTree(text), tree);
        assertTrue(tree.get("port").isInt());
        assertTrue(tree.get("big").isLong());
        assertEquals(new BigInteger("123456789012345678901234567890"), tree.get("huge").bigIntegerValue());
        assertEquals(0.25, tree.get("ratio").doubleValue());
        assertTrue(tree.get("none").isNull());
        assertEquals("two", tree.get("list").get(1).asText());
        assertEquals(4, tree.get("list").get(3).get("four").intValue());
        assertEquals("plain", JsonTrees.parse("\"plain\"").asText());
        assertEquals(7, JsonTrees.parse("  7  \n").intValue());
    }

    @Test
    void textThatIsNotOneJsonValueIsRefusedSayingWhere() {
        JsonProcessingException duplicate = assertThrows(JsonProcessingException.class,
                () -> JsonTrees.parse("{\"heap\": \"64m\",\n \"heap\": \"128m\"}"));
        assertTrue(duplicate.getOriginalMessage().contains("Duplicate field 'heap'"), duplicate.getMessage());
        assertEquals(2, duplicate.getLocation().getLineNr());

        JsonProcessingException trailing = assertThrows(JsonProcessingException.class, () -> JsonTrees.parse("{\"a\": 1}\n{\"b\": 2}"));
        assertTrue(trailing.getOriginalMessage().contains("after the end of the JSON value"), trailing.getMessage());
        assertEquals(2, trailing.getLocation().getLineNr());

        JsonProcessingException empty = assertThrows(JsonProcessingException.class, () -> JsonTrees.parse("  \n"));
        assertTrue(empty.getOriginalMessage().contains("no JSON value"), empty.getMessage());

        JsonProcessingException truncated = assertThrows(JsonProcessingException.class, () -> JsonTrees.parse("{\"a\": [1, 2"));
        assertTrue(truncated.getOriginalMessage().toLowerCase().contains("end-of-input"), truncated.getMessage());

        JsonProcessingException broken = assertThrows(JsonProcessingException.class, () -> JsonTrees.parse("{\"a\": tru}"));
        assertEquals(1, broken.getLocation().getLineNr());
        assertTrue(broken.getOriginalMessage().contains("tru"), broken.getMessage());
    }
}

package dev.isola.appserver.jms.selector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The selector language: grammar, types, three-valued logic, and errors with positions. */
class SelectorTest {

    private static final Map<String, Object> MESSAGE = new HashMap<>();

    static {
        MESSAGE.put("color", "blue");
        MESSAGE.put("weight", 2600);
        MESSAGE.put("price", 9.5d);
        MESSAGE.put("ratio", 0.25f);
        MESSAGE.put("count", (short) 3);
        MESSAGE.put("small", (byte) -2);
        MESSAGE.put("big", 5_000_000_000L);
        MESSAGE.put("urgent", true);
        MESSAGE.put("quiet", false);
        MESSAGE.put("orders", "2");
        MESSAGE.put("code", "A_1%");
        MESSAGE.put("text", "it's");
        MESSAGE.put("JMSType", "car");
        MESSAGE.put("JMSPriority", 7);
        MESSAGE.put("JMSDeliveryMode", "PERSISTENT");
        MESSAGE.put("JMSTimestamp", 1_700_000_000_000L);
        MESSAGE.put("JMSMessageID", "ID:abc-1");
        MESSAGE.put("JMSCorrelationID", null);
    }

    private static Boolean eval(String selector) throws Exception {
        return Selector.compile(selector).evaluate(MESSAGE::get);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', nullValues = "UNKNOWN", value = {
            // comparisons and numeric promotion
            "weight > 2500 | true",
            "weight = 2600.0 | true",
            "price >= 9.5 AND price < 10 | true",
            "ratio = 0.25 | true",
            "count * 2 = 6 | true",
            "small < 0 | true",
            "big > 4000000000 | true",
            "big = 5e9 | true",
            "7 / 2 = 3 | true",
            "7.0 / 2 = 3.5 | true",
            "-weight + 2600 = 0 | true",
            "weight - 100 * 2 / 4 = 2550 | true",
            "(weight - 100) * 2 = 5000 | true",
            "weight / 0 > 1 | UNKNOWN",
            "0x10 = 16 AND 010 = 8 AND 0b101 = 5 AND 1_000L = 1000 | true",
            "-9223372036854775808 < 0 | true",
            "7E3 = 7000 AND .5 = 0.5 AND 7. = 7 AND 1.5f = 1.5 AND 2d = 2 | true",
            // strings and booleans
            "color = 'blue' | true",
            "color <> 'blue' | false",
            "text = 'it''s' | true",
            "urgent = TRUE AND quiet = false | true",
            "urgent | true",
            "urgent AND NOT quiet | true",
            "color = 'Blue' | false",
            // the spec's example: a string property is not a number
            "orders > 1 | false",
            "NOT (orders > 1) | true",
            "orders + 1 = 3 | false",
            "color = 1 | false",
            "urgent = 1 | false",
            // BETWEEN, IN, LIKE, IS NULL
            "weight BETWEEN 2500 AND 2700 | true",
            "weight NOT BETWEEN 2500 AND 2700 | false",
            "price BETWEEN 1 AND 9 | false",
            "color BETWEEN 1 AND 9 | false",
            "color NOT BETWEEN 1 AND 9 | false",
            "color IN ('red', 'blue') | true",
            "color NOT IN ('red', 'blue') | false",
            "weight IN ('2600') | false",
            "color LIKE 'bl%' | true",
            "color LIKE 'b_ue' | true",
            "color LIKE 'b_e' | false",
            "color NOT LIKE '%u%' | false",
            "code LIKE 'A\\_1\\%' ESCAPE '\\' | true",
            "code LIKE 'A!_1!%' ESCAPE '!' | true",
            "code LIKE 'AX1!%' ESCAPE '!' | false",
            "color IS NULL | false",
            "color IS NOT NULL | true",
            "missing IS NULL | true",
            "JMSCorrelationID IS NULL | true",
            // header fields
            "JMSType = 'car' AND JMSPriority > 4 | true",
            "JMSDeliveryMode = 'PERSISTENT' | true",
            "JMSTimestamp > 0 AND JMSMessageID LIKE 'ID:%' | true",
            // keywords are case-insensitive, identifiers are not
            "color = 'blue' and weight > 1 Or Not urgent | true",
            "COLOR = 'blue' | UNKNOWN",
            // precedence: NOT before AND before OR
            "urgent OR quiet AND FALSE | true",
            "(urgent OR quiet) AND FALSE | false",
            "NOT urgent OR urgent | true",
    })
    void evaluates(String selector, Boolean expected) throws Exception {
        assertEquals(expected, eval(selector), selector);
    }

    @Test
    void nullFollowsTheThreeValuedTables() throws Exception {
        // missing is NULL: unknown in comparisons and arithmetic
        assertNull(eval("missing = 1"));
        assertNull(eval("missing + 1 > 0"));
        assertNull(eval("NOT (missing = 1)"));
        assertNull(eval("missing IN ('a')"));
        assertNull(eval("missing NOT IN ('a')"));
        assertNull(eval("missing LIKE 'a%'"));
        assertNull(eval("missing BETWEEN 1 AND 2"));
        // AND: F wins over U, U over T
        assertEquals(Boolean.FALSE, eval("missing = 1 AND FALSE"));
        assertEquals(Boolean.FALSE, eval("FALSE AND missing = 1"));
        assertNull(eval("missing = 1 AND TRUE"));
        // OR: T wins over U, U over F
        assertEquals(Boolean.TRUE, eval("missing = 1 OR TRUE"));
        assertEquals(Boolean.TRUE, eval("TRUE OR missing = 1"));
        assertNull(eval("missing = 1 OR FALSE"));
        // only TRUE selects
        assertFalse(Selector.compile("missing = 1 OR FALSE").matches(MESSAGE::get));
        assertTrue(Selector.compile("missing IS NULL").matches(MESSAGE::get));
    }

    @Test
    void emptyOrNullSelectorSelectsEverything() throws Exception {
        assertNull(Selector.compile(null));
        assertNull(Selector.compile("   "));
        assertTrue(Selector.selects(null, MESSAGE::get));
    }

    @ParameterizedTest(name = "{0} fails at {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "color = | 8 | expected an expression",
            "color = 'blue' AND | 19 | expected an expression",
            "color == 'blue' | 8 | expected a literal",
            "color = 'blue | 9 | not closed",
            "(weight > 1 | 12 | ')' to close",
            "weight > 1) | 11 | expected AND, OR",
            "color LIKE 5 | 12 | string literal pattern",
            "color IN (1, 2) | 11 | string literals only",
            "color IN ('a' 'b') | 15 | ',' or ')'",
            "weight + 1 | 8 | needs a condition",
            "'abc' | 1 | needs a condition",
            "'a' + 1 = 2 | 1 | needs a number",
            "'a' < 'b' | 1 | needs a number",
            "TRUE > FALSE | 1 | needs a number",
            "NOT 5 | 5 | needs a condition",
            "weight > 1 AND 7 | 16 | needs a condition",
            "5 LIKE 'a' | 1 | applies to an identifier",
            "color LIKE 'a' ESCAPE 'xy' | 23 | exactly one character",
            "code LIKE 'a!b' ESCAPE '!' | 11 | must be followed by",
            "x IS 5 | 6 | expected NULL after IS",
            "x NOT 5 | 7 | expected BETWEEN, IN or LIKE",
            "x BETWEEN 1 OR 2 | 13 | AND between the bounds",
            "9223372036854775808 > 1 | 1 | outside the range of long",
            "12abc > 1 | 3 | malformed number",
            "08 = 8 | 2 | octal",
            "1e > 2 | 1 | exponent without digits",
            "color = \"blue\" | 9 | single quotes",
            "weight # 2 | 8 | unexpected character",
            "weight = NULL | 10 | IS NULL",
            "AND = 1 | 1 | reserved word",
            "color IN () | 11 | string literals only",
    })
    void rejectsMalformedSelectorsNamingThePosition(String selector, int position, String problem) {
        SelectorSyntaxException e = assertThrows(SelectorSyntaxException.class, () -> Selector.compile(selector));
        assertEquals(position, e.position(), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains("at position " + position), e.getMessage());
        assertTrue(e.getMessage().contains(selector), e.getMessage());
    }
}

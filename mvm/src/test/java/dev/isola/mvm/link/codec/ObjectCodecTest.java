package dev.isola.mvm.link.codec;

import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The codec session and the allow-list on their own. */
class ObjectCodecTest {

    record Order(long id, String customer, List<String> lines) implements Serializable {
    }

    @Test
    void classDescriptionsTravelOncePerSession() {
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder();
        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Order.class));
        Order order = new Order(1, "ada", List.of("tea"));

        int first = encoder.encode(order, decoder.epoch());
        assertEquals(order, decoder.decode(encoder.array(), 0, first));
        int second = encoder.encode(order, decoder.epoch());
        assertEquals(order, decoder.decode(encoder.array(), 0, second));

        assertTrue(second < first - Order.class.getName().length(),
                "the second message (" + second + " bytes) should not carry the class again (first: " + first + " bytes)");
    }

    @Test
    void aNewEpochStartsTheSessionOver() {
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder();
        Order order = new Order(2, "bob", List.of());
        int first = encoder.encode(order, 0);
        int again = encoder.encode(order, 0);
        int afterReset = encoder.encode(order, 1);
        assertTrue(again < first);
        assertEquals(first, afterReset);
    }

    @Test
    void theAllowListMatchesNamesPackagesTreesAndArrays() {
        ClassAllowList list = ClassAllowList.none().allow("com.example.Order", "com.example.lines.*", "org.shop.**");
        assertTrue(list.allows("com.example.Order"));
        assertFalse(list.allows("com.example.Orders"));
        assertTrue(list.allows("com.example.lines.Line"));
        assertFalse(list.allows("com.example.lines.deep.Line"));
        assertTrue(list.allows("org.shop.a.b.C"));
        assertTrue(list.allows("[Lcom.example.Order;"));
        assertTrue(list.allows("[[I"));
        assertFalse(list.allows("[Lcom.example.Other;"));
        assertFalse(list.allows("java.lang.ProcessBuilder"));
        assertTrue(ClassAllowList.defaults().allows("java.util.ArrayList"));
        assertFalse(ClassAllowList.defaults().allows("java.lang.Runtime"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> list.allow("com.*.Order"));
        assertTrue(bad.getMessage().contains("'com.*.Order'"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> list.allow("**"));
    }
}

package dev.isola.mvm.link.codec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The codec session and the allow-list on their own. */
class ObjectCodecTest {

    record Order(long id, String customer, List<String> lines) implements Serializable {
    }

    /** Mutable, with a cycle and a shared element: what reference tracking must keep. */
    static final class Basket implements Serializable {
        String owner;
        Basket self;
        List<Order> orders = new ArrayList<>();
    }

    static final class NotSerializable {
    }

    @ParameterizedTest
    @CsvSource({"COMPILED, INTERPRETED", "INTERPRETED, COMPILED", "INTERPRETED, INTERPRETED"})
    void compiledAndInterpretedEndsUnderstandEachOther(Serializers sending, Serializers receiving) {
        ClassLoader loader = getClass().getClassLoader();
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, sending);
        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Order.class, Basket.class), loader, receiving);
        Order tea = new Order(1, "ada", List.of("tea", "milk"));
        Basket basket = new Basket();
        basket.owner = "ada";
        basket.self = basket;
        basket.orders.add(tea);
        basket.orders.add(tea);

        for (int message = 0; message < 2; message++) { // the class descriptions first, then by number
            int length = encoder.encode(basket, decoder.epoch());
            Basket copy = (Basket) decoder.decode(encoder.array(), 0, length);
            assertEquals("ada", copy.owner);
            assertSame(copy, copy.self);
            assertEquals(List.of(tea, tea), copy.orders);
            assertSame(copy.orders.get(0), copy.orders.get(1));
        }
    }

    @Test
    void interpretedEndsStillRefuseWhatTheyMustRefuse() {
        ClassLoader loader = getClass().getClassLoader();
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, Serializers.INTERPRETED);
        ObjectCodecException notCopyable = assertThrows(ObjectCodecException.class,
                () -> encoder.encode(List.of(new NotSerializable()), 0));
        assertTrue(notCopyable.getMessage().contains(NotSerializable.class.getName() + " is not Serializable"), notCopyable.getMessage());

        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults(), loader, Serializers.INTERPRETED);
        int length = encoder.encode(new Order(3, "eve", List.of()), decoder.epoch());
        ClassNotAllowedException refused = assertThrows(ClassNotAllowedException.class, () -> decoder.decode(encoder.array(), 0, length));
        assertTrue(refused.getMessage().contains(Order.class.getName() + " is not allowed on this link"), refused.getMessage());
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

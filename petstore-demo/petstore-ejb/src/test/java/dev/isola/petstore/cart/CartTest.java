package dev.isola.petstore.cart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.catalog.Item;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class CartTest {
    static final Item KOI = item("I-1005", "38.50", 25);
    static final Item FINCH = item("I-1026", "24.00", 30);
    static final Item PERSIAN = item("I-1023", "260.00", 1);

    static Item item(String id, String price, int stock) {
        return new Item(id, "P-" + id, "Product " + id, "FISH", "Fish", "Item " + id, "desc", "img.svg",
                new BigDecimal(price), List.of("Large"), stock);
    }

    @Test
    void addsLinesInOrderAndComputesTheSubtotal() {
        Cart cart = new Cart();
        assertTrue(cart.isEmpty());
        assertEquals(new BigDecimal("0.00"), cart.subtotal());
        cart.add(KOI, 2);
        cart.add(FINCH, 1);
        assertEquals(List.of("I-1005", "I-1026"), cart.lines().stream().map(CartLine::itemId).toList());
        assertEquals(new BigDecimal("77.00"), cart.lines().getFirst().lineTotal());
        assertEquals(new BigDecimal("101.00"), cart.subtotal());
        assertEquals(3, cart.itemCount());
    }

    @Test
    void addingAnItemAgainMergesTheQuantity() {
        Cart cart = new Cart();
        cart.add(KOI, 2);
        cart.add(KOI, 3);
        assertEquals(1, cart.lines().size());
        assertEquals(5, cart.quantityOf("I-1005"));
        assertEquals(new BigDecimal("192.50"), cart.subtotal());
    }

    @Test
    void changesQuantitiesAndRemovesLines() {
        Cart cart = new Cart();
        cart.add(KOI, 2);
        cart.add(FINCH, 1);
        cart.setQuantity("I-1026", 4);
        assertEquals(new BigDecimal("173.00"), cart.subtotal());
        cart.setQuantity("I-1005", 0);
        assertFalse(cart.contains("I-1005"));
        assertTrue(cart.remove("I-1026"));
        assertFalse(cart.remove("I-1026"));
        assertTrue(cart.isEmpty());
        assertEquals(0, cart.quantityOf("I-1026"));
    }

    @Test
    void rejectsQuantitiesOutsideTheRangeNamingTheItem() {
        Cart cart = new Cart();
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> cart.add(KOI, 0));
        assertTrue(zero.getMessage().contains("I-1005"), zero.getMessage());
        cart.add(KOI, 90);
        assertThrows(IllegalArgumentException.class, () -> cart.add(KOI, 10), "90 + 10 exceeds 99");
        assertEquals(90, cart.quantityOf("I-1005"), "a rejected add changes nothing");
        assertThrows(IllegalArgumentException.class, () -> cart.setQuantity("I-1005", -1));
        assertThrows(IllegalArgumentException.class, () -> cart.setQuantity("I-1005", 100));
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                () -> cart.setQuantity("I-4242", 1));
        assertTrue(absent.getMessage().contains("I-4242"), absent.getMessage());
    }

    @Test
    void flagsLinesAskingForMoreThanTheStockShown() {
        Cart cart = new Cart();
        cart.add(PERSIAN, 1);
        assertFalse(cart.contents().anyExceedsStock());
        cart.setQuantity("I-1023", 2);
        assertTrue(cart.lines().getFirst().exceedsStock());
        assertTrue(cart.contents().anyExceedsStock());
    }

    @Test
    void contentsAreASnapshot() {
        Cart cart = new Cart();
        cart.add(KOI, 1);
        CartContents before = cart.contents();
        cart.add(FINCH, 1);
        assertEquals(1, before.lines().size());
        assertEquals(new BigDecimal("38.50"), before.subtotal());
    }

    @Test
    void survivesSerializationAsPassivationRequires() throws IOException, ClassNotFoundException {
        Cart cart = new Cart();
        cart.add(KOI, 2);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(cart);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            Cart restored = (Cart) in.readObject();
            assertEquals(cart.lines(), restored.lines());
            assertEquals(cart.subtotal(), restored.subtotal());
        }
    }
}

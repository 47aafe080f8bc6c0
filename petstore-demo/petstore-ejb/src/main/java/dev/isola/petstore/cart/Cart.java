package dev.isola.petstore.cart;

import dev.isola.petstore.catalog.Item;
import java.io.Serial;
import java.io.Serializable;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The arithmetic of a shopping cart: lines in the order items were first added, at most one line
 * per item, quantities from 1 to {@link #MAX_QUANTITY}. The stateful cart bean keeps one of these
 * as its conversational state (hence {@link Serializable}: it survives passivation).
 */
public final class Cart implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The most of one item a single order may ask for. */
    public static final int MAX_QUANTITY = 99;

    private final LinkedHashMap<String, CartLine> lines = new LinkedHashMap<>();

    /**
     * Adds {@code quantity} of {@code item}, merging with a line already holding it.
     *
     * @throws IllegalArgumentException if the quantity, or the merged quantity, is outside 1..{@value #MAX_QUANTITY}
     */
    public void add(Item item, int quantity) {
        CartLine existing = lines.get(item.id());
        int merged = existing == null ? quantity : existing.quantity() + quantity;
        checkQuantity(item.id(), quantity);
        checkQuantity(item.id(), merged);
        lines.put(item.id(), new CartLine(item.id(), item.productId(), item.productName(), item.name(),
                item.attributes(), item.image(), item.listPrice(), merged, item.stock()));
    }

    /**
     * Sets the quantity of an item already in the cart; zero removes the line.
     *
     * @throws IllegalArgumentException if the item is not in the cart or the quantity is outside
     *                                  0..{@value #MAX_QUANTITY}
     */
    public void setQuantity(String itemId, int quantity) {
        CartLine line = lines.get(itemId);
        if (line == null) {
            throw new IllegalArgumentException("item '" + itemId + "' is not in the cart");
        }
        if (quantity < 0 || quantity > MAX_QUANTITY) {
            throw new IllegalArgumentException("quantity of item '" + itemId + "' must be from 0 (remove) to "
                    + MAX_QUANTITY + ", got " + quantity);
        }
        if (quantity == 0) {
            lines.remove(itemId);
        } else {
            lines.put(itemId, line.withQuantity(quantity));
        }
    }

    /** Removes the line of {@code itemId}; returns whether there was one. */
    public boolean remove(String itemId) {
        return lines.remove(itemId) != null;
    }

    public void clear() {
        lines.clear();
    }

    public List<CartLine> lines() {
        return List.copyOf(lines.values());
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    public boolean contains(String itemId) {
        return lines.containsKey(itemId);
    }

    /** How many of {@code itemId} the cart holds; zero when none. */
    public int quantityOf(String itemId) {
        CartLine line = lines.get(itemId);
        return line == null ? 0 : line.quantity();
    }

    /** The sum of all line totals. */
    public BigDecimal subtotal() {
        BigDecimal sum = BigDecimal.ZERO.setScale(2);
        for (CartLine line : lines.values()) {
            sum = sum.add(line.lineTotal());
        }
        return sum;
    }

    /** The number of animals in the cart (the sum of the quantities). */
    public int itemCount() {
        int count = 0;
        for (CartLine line : lines.values()) {
            count += line.quantity();
        }
        return count;
    }

    /** A copy of the current state for the pages. */
    public CartContents contents() {
        return new CartContents(lines(), subtotal(), itemCount());
    }

    /** The quantity rule of a cart line, which the database's check constraint on line items repeats. */
    static void checkQuantity(String itemId, int quantity) {
        if (quantity < 1 || quantity > MAX_QUANTITY) {
            throw new IllegalArgumentException("quantity of item '" + itemId + "' must be from 1 to "
                    + MAX_QUANTITY + ", got " + quantity);
        }
    }
}

package dev.isola.petstore.order;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/** A line of the order asks for more of an item than is in stock. */
@ApplicationException(rollback = true)
public final class InsufficientStockException extends CheckoutException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String itemId;
    private final int requested;
    private final int available;

    public InsufficientStockException(String itemId, String description, int requested, int available) {
        super(available == 0
                ? description + " (item " + itemId + ") is sold out; remove it from your cart to order the rest."
                : "Only " + available + " of " + description + " (item " + itemId + ") left in stock, but your cart asks for "
                        + requested + ". Lower the quantity to at most " + available + ".");
        this.itemId = itemId;
        this.requested = requested;
        this.available = available;
    }

    public String itemId() {
        return itemId;
    }

    public int requested() {
        return requested;
    }

    public int available() {
        return available;
    }
}

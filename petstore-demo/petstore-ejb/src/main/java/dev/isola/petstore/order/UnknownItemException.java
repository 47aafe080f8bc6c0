package dev.isola.petstore.order;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/** A line of the order names an item id the catalog does not have (no longer, or never). */
@ApplicationException(rollback = true)
public final class UnknownItemException extends CheckoutException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String itemId;

    public UnknownItemException(String itemId) {
        super("Your cart holds item '" + itemId + "', which is not in the catalog. Remove it from your cart.");
        this.itemId = itemId;
    }

    public String itemId() {
        return itemId;
    }
}

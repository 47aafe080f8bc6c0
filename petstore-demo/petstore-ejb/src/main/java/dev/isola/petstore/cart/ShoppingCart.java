package dev.isola.petstore.cart;

import dev.isola.petstore.catalog.CatalogEntryNotFoundException;
import dev.isola.petstore.order.CheckoutException;
import dev.isola.petstore.order.CheckoutForm;
import dev.isola.petstore.order.PlacedOrder;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.Local;
import java.util.Map;

/**
 * One customer's shopping cart, a stateful session bean: the web tier keeps one instance per
 * HTTP session and calls {@link #release()} when the customer signs off or the session expires.
 */
@Local
public interface ShoppingCart {

    CartContents contents();

    /**
     * Adds {@code quantity} of the catalog item {@code itemId}.
     *
     * @throws CatalogEntryNotFoundException if there is no such item
     * @throws InvalidInputException         (field {@code quantity}) if the quantity, or the total of
     *                                       this item in the cart, would be outside 1..{@value Cart#MAX_QUANTITY}
     */
    CartContents add(String itemId, int quantity) throws CatalogEntryNotFoundException, InvalidInputException;

    /**
     * Sets new quantities (item id to quantity; zero removes the line). All are checked before any
     * is applied.
     *
     * @throws InvalidInputException (fields {@code quantity.<itemId>}) for an item not in the cart
     *                               or a quantity outside 0..{@value Cart#MAX_QUANTITY}
     */
    CartContents update(Map<String, Integer> quantities) throws InvalidInputException;

    CartContents remove(String itemId);

    /**
     * Places an order for the whole cart and empties the cart once the order has committed.
     *
     * @throws InvalidInputException per offending field of {@code form}
     * @throws CheckoutException     if the cart is empty or an item is unknown or short of stock
     */
    PlacedOrder checkout(String userId, CheckoutForm form) throws InvalidInputException, CheckoutException;

    /** Ends the conversation: a {@code @Remove} method, so the container discards this cart. */
    void release();
}

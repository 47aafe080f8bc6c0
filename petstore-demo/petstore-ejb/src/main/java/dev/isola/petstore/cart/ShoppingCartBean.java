package dev.isola.petstore.cart;

import dev.isola.petstore.catalog.CatalogEntryNotFoundException;
import dev.isola.petstore.catalog.CatalogService;
import dev.isola.petstore.catalog.Item;
import dev.isola.petstore.order.CheckoutException;
import dev.isola.petstore.order.CheckoutForm;
import dev.isola.petstore.order.OrderService;
import dev.isola.petstore.order.PlacedOrder;
import dev.isola.petstore.order.TransientRollbackRetry;
import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.EJB;
import jakarta.ejb.Remove;
import jakarta.ejb.Stateful;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.Map;

/**
 * The cart's conversational state is one {@link Cart} (serializable, so the container may
 * passivate an idle cart) and two references to stateless beans, which the container restores on
 * activation.
 *
 * <p>The cart touches no transactional resource itself ({@code NOT_SUPPORTED}): checkout runs in
 * the order bean's own transaction, which has committed when {@link #checkout} clears the cart,
 * so a failed order never empties the cart, and checkout can run that transaction again when
 * the database rolled it back for a transient reason ({@link TransientRollbackRetry}).
 */
@Stateful
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ShoppingCartBean implements ShoppingCart {

    /** Checkout runs the order transaction again when the database rolled it back for a transient reason. */
    private static final TransientRollbackRetry CHECKOUT_RETRY = TransientRollbackRetry.forCheckout();

    @EJB
    private CatalogService catalog;

    @EJB
    private OrderService orders;

    private Cart cart = new Cart();

    @Override
    public CartContents contents() {
        return cart.contents();
    }

    @Override
    public CartContents add(String itemId, int quantity) throws CatalogEntryNotFoundException, InvalidInputException {
        Item item = catalog.item(itemId);
        int inCart = cart.quantityOf(itemId);
        if (quantity < 1 || quantity + inCart > Cart.MAX_QUANTITY) {
            String message = inCart == 0
                    ? "Quantity must be from 1 to " + Cart.MAX_QUANTITY + "."
                    : "You can order at most " + Cart.MAX_QUANTITY + " of one item; your cart already holds " + inCart + ".";
            throw new InvalidInputException(new FieldErrors().add("quantity", message));
        }
        cart.add(item, quantity);
        return cart.contents();
    }

    @Override
    public CartContents update(Map<String, Integer> quantities) throws InvalidInputException {
        FieldErrors errors = new FieldErrors();
        quantities.forEach((itemId, quantity) -> {
            if (!cart.contains(itemId)) {
                errors.add("quantity." + itemId, "Item '" + itemId + "' is not in your cart.");
            } else if (quantity == null || quantity < 0 || quantity > Cart.MAX_QUANTITY) {
                errors.add("quantity." + itemId, "Quantity must be from 0 (remove) to " + Cart.MAX_QUANTITY + ".");
            }
        });
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        quantities.forEach(cart::setQuantity);
        return cart.contents();
    }

    @Override
    public CartContents remove(String itemId) {
        cart.remove(itemId);
        return cart.contents();
    }

    @Override
    public PlacedOrder checkout(String userId, CheckoutForm form) throws InvalidInputException, CheckoutException {
        PlacedOrder placed = CHECKOUT_RETRY.run(() -> orders.placeOrder(userId, form, cart.lines()));
        cart.clear();
        return placed;
    }

    @Override
    @Remove
    public void release() {
        cart.clear();
    }
}

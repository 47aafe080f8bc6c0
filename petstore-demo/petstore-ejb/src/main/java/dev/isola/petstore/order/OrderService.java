package dev.isola.petstore.order;

import dev.isola.petstore.cart.CartLine;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.Local;
import java.util.List;

/** Placing orders and reading a customer's orders. */
@Local
public interface OrderService {

    /**
     * Places an order for {@code lines} in one transaction: validates the form, reserves stock,
     * stores the order and sends it to the order queue. Either all of that happens or none.
     *
     * @throws InvalidInputException with a message per offending field of {@code form}
     * @throws CheckoutException     if the cart is empty, an item is unknown or short of stock
     */
    PlacedOrder placeOrder(String userId, CheckoutForm form, List<CartLine> lines)
            throws InvalidInputException, CheckoutException;

    /** The customer's orders, newest first. */
    List<OrderSummary> ordersOf(String userId);

    /** One of the customer's orders with its lines, status history and notifications. */
    Order order(String userId, long orderId) throws OrderNotFoundException;
}

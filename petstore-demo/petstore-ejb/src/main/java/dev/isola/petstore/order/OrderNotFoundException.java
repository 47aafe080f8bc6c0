package dev.isola.petstore.order;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/** No order with that number belongs to the signed-on customer. */
@ApplicationException(rollback = false)
public class OrderNotFoundException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    public OrderNotFoundException(long orderId) {
        super("You have no order number " + orderId + ".");
    }
}

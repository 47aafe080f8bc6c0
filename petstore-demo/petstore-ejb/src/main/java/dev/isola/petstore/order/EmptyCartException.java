package dev.isola.petstore.order;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/** Checkout was asked for with nothing in the cart. */
@ApplicationException(rollback = true)
public final class EmptyCartException extends CheckoutException {
    @Serial
    private static final long serialVersionUID = 1L;

    public EmptyCartException() {
        super("Your cart is empty, so there is nothing to check out. Add a pet to the cart first.");
    }
}

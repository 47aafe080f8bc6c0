package dev.isola.petstore.order;

import java.io.Serial;

/**
 * Why an order could not be placed, in words a customer can act on. Each subtype rolls back the
 * checkout transaction, so no stock stays reserved for an order that was not placed.
 */
public abstract sealed class CheckoutException extends Exception
        permits EmptyCartException, InsufficientStockException, UnknownItemException {
    @Serial
    private static final long serialVersionUID = 1L;

    protected CheckoutException(String message) {
        super(message);
    }
}

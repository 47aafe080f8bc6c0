package dev.isola.petstore.order;

import dev.isola.petstore.account.Address;
import dev.isola.petstore.validation.FieldErrors;
import java.io.Serializable;
import java.time.YearMonth;

/**
 * The billing and shipping form of checkout.
 *
 * @param shipToBilling when true the order ships to the billing address and {@code shipping} is ignored
 */
public record CheckoutForm(Address billing, boolean shipToBilling, Address shipping, PaymentCard card)
        implements Serializable {

    public Address effectiveShipping() {
        return shipToBilling ? billing : shipping;
    }

    /** Messages per field ({@code billing.city}, {@code card.number}, ...); empty when acceptable. */
    public FieldErrors validate(YearMonth thisMonth) {
        FieldErrors errors = new FieldErrors();
        billing.validate(errors, "billing");
        if (!shipToBilling) {
            shipping.validate(errors, "shipping");
        }
        card.validate(errors, thisMonth);
        return errors;
    }
}

package dev.isola.petstore.order;

import dev.isola.petstore.account.Address;
import dev.isola.petstore.cart.CartLine;
import java.math.BigDecimal;
import java.util.List;

/** Checkout inputs shared by the order tests. */
final class Orders {
    static final String CUSTOMER = "demo";

    private Orders() {
    }

    static CheckoutForm form() {
        Address address = new Address("Dana", "Demo", "1 Aquarium Way", "", "Palo Alto", "CA", "94301", "USA");
        return new CheckoutForm(address, true, null, new PaymentCard("Visa", "4111 1111 1111 1111", "12/39"));
    }

    /** A cart line as the cart bean would hold it; {@code price} is the price shown when it was added. */
    static CartLine line(String itemId, String price, int quantity) {
        return new CartLine(itemId, "P", "Product " + itemId, "Item " + itemId, List.of(), "img.svg",
                new BigDecimal(price), quantity, 10);
    }
}

package dev.isola.petstore.order;

import java.io.Serializable;
import java.math.BigDecimal;

/** One line of a placed order, at the price charged. */
public record OrderLine(int lineNumber, String itemId, String productName, String itemName, int quantity,
                        BigDecimal unitPrice) implements Serializable {

    public BigDecimal lineTotal() {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }
}

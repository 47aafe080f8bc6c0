package dev.isola.petstore.cart;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/** A snapshot of a cart for a page: its lines, their subtotal and the number of animals. */
public record CartContents(List<CartLine> lines, BigDecimal subtotal, int itemCount) implements Serializable {

    public CartContents {
        lines = List.copyOf(lines);
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    /** Whether any line asks for more than the catalog had in stock. */
    public boolean anyExceedsStock() {
        return lines.stream().anyMatch(CartLine::exceedsStock);
    }
}

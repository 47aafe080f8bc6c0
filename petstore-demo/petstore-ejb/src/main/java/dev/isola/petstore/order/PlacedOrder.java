package dev.isola.petstore.order;

import java.io.Serializable;
import java.math.BigDecimal;

/** What checkout reports back: the new order's number, total and number of animals. */
public record PlacedOrder(long orderId, BigDecimal total, int itemCount) implements Serializable {
}

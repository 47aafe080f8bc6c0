package dev.isola.petstore.order;

import java.io.Serializable;
import java.time.Instant;

/** A status change of an order, as "My orders" lists them. */
public record OrderEvent(Instant at, OrderStatus status, String note) implements Serializable {
}

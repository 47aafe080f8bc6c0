package dev.isola.petstore.order;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;

/** One row of "My orders". */
public record OrderSummary(long id, Instant placedAt, OrderStatus status, BigDecimal total, int itemCount)
        implements Serializable {
}

package dev.isola.petstore.order;

import dev.isola.petstore.account.Address;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** A placed order with its lines, its status history and the notifications sent about it. */
public record Order(long id, String userId, Instant placedAt, OrderStatus status, BigDecimal total,
                    Address billing, Address shipping, String cardType, String cardLastFour, String cardExpiry,
                    List<OrderLine> lines, List<OrderEvent> events, List<Notification> notifications)
        implements Serializable {

    public Order {
        lines = List.copyOf(lines);
        events = List.copyOf(events);
        notifications = List.copyOf(notifications);
    }
}

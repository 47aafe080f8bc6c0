package dev.isola.petstore.order;

import java.io.Serializable;
import java.time.Instant;

/**
 * A message to the customer written to the outbox table by the order processor. A mail relay
 * would send outbox rows; the Pet Store shows them on the order page instead.
 */
public record Notification(long id, long orderId, String recipient, String subject, String body, Instant created)
        implements Serializable {
}

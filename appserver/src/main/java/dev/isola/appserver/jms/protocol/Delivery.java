package dev.isola.appserver.jms.protocol;

import java.io.Serializable;
import java.util.Objects;

/**
 * A message handed to one consumer.
 *
 * @param consumerId    the consumer it is for (chosen by the client)
 * @param tag           names this delivery when it is acknowledged or released; unique per connection
 * @param message       the message
 * @param deliveryCount how many times it has been delivered, this time included (JMSXDeliveryCount);
 *                      more than 1 means JMSRedelivered
 */
public record Delivery(long consumerId, long tag, MessageData message, int deliveryCount) implements Serializable {

    public Delivery {
        Objects.requireNonNull(message, "message");
        if (deliveryCount < 1) {
            throw new IllegalArgumentException("deliveryCount " + deliveryCount + " must be at least 1");
        }
    }

    public boolean redelivered() {
        return deliveryCount > 1;
    }
}

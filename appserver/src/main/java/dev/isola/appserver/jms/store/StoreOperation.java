package dev.isola.appserver.jms.store;

import java.util.Objects;

/** One change to the store; a batch of them is applied atomically by {@link MessageStore#apply}. */
public sealed interface StoreOperation {

    /**
     * Stores a message in a queue (a queue, or a durable subscription's queue).
     *
     * @param queue      the store key of the queue
     * @param sequence   unique per message across the broker's life; orders messages
     * @param deliveries how often it has been handed out so far
     * @param data       the encoded message
     */
    record AddMessage(String queue, long sequence, int deliveries, byte[] data) implements StoreOperation {
        public AddMessage {
            Objects.requireNonNull(queue, "queue");
            Objects.requireNonNull(data, "data");
        }
    }

    /** Removes a message from a queue (acknowledged, expired, or moved to the dead-letter queue). */
    record RemoveMessage(String queue, long sequence) implements StoreOperation {
    }

    /** Records how often a message has been handed out: written before a delivery, so a crash cannot lose the count. */
    record SetDeliveries(String queue, long sequence, int deliveries) implements StoreOperation {
    }

    /** Stores a durable subscription. */
    record AddSubscription(StoredSubscription subscription) implements StoreOperation {
    }

    /** Removes a durable subscription and every message of its queue. */
    record RemoveSubscription(String queue) implements StoreOperation {
    }
}

package dev.isola.appserver.jms.store;

import java.util.Objects;

/**
 * A durable subscription as the store keeps it.
 *
 * @param queue    the store key of its queue (where its messages are kept)
 * @param topic    the topic it subscribes to
 * @param clientId the client id it belongs to, or null (shared subscriptions without one)
 * @param name     the subscription name
 * @param selector its message selector, or null
 * @param noLocal  whether it skips messages published under its own client id
 * @param shared   whether several consumers may share it
 */
public record StoredSubscription(String queue, String topic, String clientId, String name, String selector, boolean noLocal,
                                 boolean shared) {
    public StoredSubscription {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(name, "name");
    }
}

package dev.isola.appserver.jms.protocol;

import java.io.Serializable;
import java.util.Objects;

/**
 * What kind of topic subscription a consumer wants; absent for queue consumers and for
 * ordinary (unshared, non-durable) topic subscribers.
 *
 * @param name    the subscription name
 * @param durable whether it outlives its consumers (and the broker)
 * @param shared  whether several consumers may share it, each message going to one of them
 */
public record SubscriptionRequest(String name, boolean durable, boolean shared) implements Serializable {

    public SubscriptionRequest {
        Objects.requireNonNull(name, "name");
    }
}

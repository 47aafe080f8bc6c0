package dev.isola.appserver.jms.broker;

import java.util.List;

/**
 * An administrative operation named a durable subscription that the topic does not have; the
 * message names the ones it has (by {@link DurableSubscriptionStats#id}).
 */
public final class NoSuchSubscriptionException extends RuntimeException {

    private final String topic;
    private final String subscription;
    private final List<String> subscriptions;

    NoSuchSubscriptionException(String broker, String topic, String subscription, List<String> subscriptions) {
        super("topic '" + topic + "' of JMS broker '" + broker + "' has no durable subscription '" + subscription + "'; its durable subscriptions: "
                + (subscriptions.isEmpty() ? "none" : String.join(", ", subscriptions)));
        this.topic = topic;
        this.subscription = subscription;
        this.subscriptions = List.copyOf(subscriptions);
    }

    public String topic() {
        return topic;
    }

    public String subscription() {
        return subscription;
    }

    /** The ids of the topic's durable subscriptions, sorted. */
    public List<String> subscriptions() {
        return subscriptions;
    }
}

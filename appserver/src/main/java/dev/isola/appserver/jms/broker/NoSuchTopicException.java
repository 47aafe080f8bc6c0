package dev.isola.appserver.jms.broker;

import java.util.List;

/**
 * An administrative operation on a topic's durable subscriptions named a topic the broker has not
 * declared: none of that name, or only a queue of that name (whose messages wait in the queue
 * itself, not in subscriptions).
 */
public final class NoSuchTopicException extends RuntimeException {

    private final String name;
    private final boolean queue;
    private final List<String> topics;

    NoSuchTopicException(String broker, String name, boolean queue, List<String> topics) {
        super((queue ? "'" + name + "' is a queue of JMS broker '" + broker + "', not a topic: its messages wait in the queue itself"
                : "topic '" + name + "' is not declared on JMS broker '" + broker + "'")
                + "; declared topics: " + (topics.isEmpty() ? "none" : String.join(", ", topics)));
        this.name = name;
        this.queue = queue;
        this.topics = List.copyOf(topics);
    }

    public String name() {
        return name;
    }

    /** A queue of that name is declared. */
    public boolean queue() {
        return queue;
    }

    /** The topics that are declared, sorted. */
    public List<String> topics() {
        return topics;
    }
}

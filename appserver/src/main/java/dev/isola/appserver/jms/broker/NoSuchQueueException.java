package dev.isola.appserver.jms.broker;

import java.util.List;

/**
 * An administrative operation named a queue the broker has not declared: none of that name, or
 * only a topic of that name, whose messages wait in its subscriptions rather than in the topic.
 */
public final class NoSuchQueueException extends RuntimeException {

    private final String name;
    private final boolean topic;
    private final List<String> queues;

    NoSuchQueueException(String broker, String name, boolean topic, List<String> queues) {
        super((topic ? "'" + name + "' is a topic of JMS broker '" + broker + "', not a queue: a topic's messages wait in its subscriptions"
                : "queue '" + name + "' is not declared on JMS broker '" + broker + "'")
                + "; declared queues: " + (queues.isEmpty() ? "none" : String.join(", ", queues)));
        this.name = name;
        this.topic = topic;
        this.queues = List.copyOf(queues);
    }

    public String name() {
        return name;
    }

    /** A topic of that name is declared. */
    public boolean topic() {
        return topic;
    }

    /** The queues that are declared, sorted. */
    public List<String> queues() {
        return queues;
    }
}

package dev.isola.domains.control;

/**
 * A JMS queue operation named something that is not a queue of the isolate's JMS sub-server:
 * nothing of that name, or a topic (whose messages wait in its subscriptions). The message
 * names the queues and topics there are. Crosses the control link as itself.
 */
public class NotAQueueException extends ControlException {

    private final boolean topic;

    public NotAQueueException(String message, boolean topic) {
        super(message);
        this.topic = topic;
    }

    /** The name is a topic's; otherwise nothing of that name is declared. */
    public boolean topic() {
        return topic;
    }
}

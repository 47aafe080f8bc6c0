package dev.isola.domains.control;

/**
 * A JMS durable-subscription operation named something that is not a topic of the isolate's JMS
 * sub-server: nothing of that name, or a queue (whose messages wait in the queue itself). The
 * message names the topics and queues there are. Crosses the control link as itself.
 */
public class NotATopicException extends ControlException {

    private final boolean queue;

    public NotATopicException(String message, boolean queue) {
        super(message);
        this.queue = queue;
    }

    /** The name is a queue's; otherwise nothing of that name is declared. */
    public boolean queue() {
        return queue;
    }
}

package dev.isola.domains.control;

/**
 * A JMS operation named a durable subscription the topic does not have; the message names the
 * ones it has. Crosses the control link as itself.
 */
public class UnknownSubscriptionException extends ControlException {

    public UnknownSubscriptionException(String message) {
        super(message);
    }
}

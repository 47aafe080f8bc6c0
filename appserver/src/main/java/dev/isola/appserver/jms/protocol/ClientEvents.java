package dev.isola.appserver.jms.protocol;

/**
 * The client's side of a connection, as the broker sees it: where events go. Implementations
 * must not block: they are called on broker and store threads.
 */
public interface ClientEvents {

    void onEvent(BrokerEvent event);

    /** The broker is gone (stopped, crashed, or the link to it broke); the connection is dead. */
    void onConnectionLost(String reason);
}

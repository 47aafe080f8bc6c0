package dev.isola.appserver.jms.protocol;

import java.util.concurrent.CompletableFuture;

/**
 * The broker's end of one client connection. A transport feeds it the client's commands in
 * order and tells it when the client is gone.
 */
public interface BrokerEndpoint {

    /**
     * Carries out a command. Never blocks for long: a reply that has to wait (for the disk,
     * or for a message to arrive) completes the future later.
     */
    CompletableFuture<BrokerReply> handle(BrokerCommand command);

    /**
     * The client is gone without a goodbye (its isolate died, its link broke). Everything it
     * was delivered and had not acknowledged is redelivered, flagged as redelivered.
     */
    void clientLost();
}

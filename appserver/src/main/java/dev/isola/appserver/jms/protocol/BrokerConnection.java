package dev.isola.appserver.jms.protocol;

import java.util.concurrent.CompletableFuture;

/**
 * The client's end of one connection to a broker: commands go out, replies come back as
 * futures, events arrive at the {@link ClientEvents} given to {@link BrokerConnector#connect}.
 * This is the whole seam between the application-facing provider and the broker, so it can
 * be carried by a direct call (same isolate) or by a link (broker in another isolate).
 */
public interface BrokerConnection {

    /**
     * Sends a command. The future completes with the broker's reply, or exceptionally with
     * {@link BrokerUnavailableException} if the broker cannot be reached.
     */
    CompletableFuture<BrokerReply> request(BrokerCommand command);

    /** Drops the connection without a goodbye; the broker treats it like a client that died. */
    void abort();
}

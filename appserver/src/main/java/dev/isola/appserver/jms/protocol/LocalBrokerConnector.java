package dev.isola.appserver.jms.protocol;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The seam carried by direct calls, for clients in the broker's own isolate (the combined
 * placement). Commands and events are passed by reference: they are immutable plain data,
 * so nothing is shared that either side could change.
 */
public final class LocalBrokerConnector implements BrokerConnector {

    private final BrokerAcceptor broker;

    public LocalBrokerConnector(BrokerAcceptor broker) {
        this.broker = Objects.requireNonNull(broker, "broker");
    }

    @Override
    public BrokerConnection connect(ClientEvents events) {
        BrokerEndpoint endpoint = broker.accept(events);
        return new BrokerConnection() {
            @Override
            public CompletableFuture<BrokerReply> request(BrokerCommand command) {
                try {
                    return endpoint.handle(command);
                } catch (BrokerUnavailableException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }

            @Override
            public void abort() {
                endpoint.clientLost();
            }
        };
    }
}

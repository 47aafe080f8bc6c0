package dev.isola.appserver.jms.protocol;

/** The broker's side of {@link BrokerConnector}: takes in a new client connection. */
public interface BrokerAcceptor {

    /**
     * @param client where events for the new connection go
     * @throws BrokerUnavailableException if the broker is not running
     */
    BrokerEndpoint accept(ClientEvents client);
}

package dev.isola.appserver.jms.protocol;

/** Opens connections to one broker; a connection factory holds one of these. */
public interface BrokerConnector {

    /**
     * @param events where the broker's events for this connection go
     * @throws BrokerUnavailableException if the broker is not running or not reachable
     */
    BrokerConnection connect(ClientEvents events);
}

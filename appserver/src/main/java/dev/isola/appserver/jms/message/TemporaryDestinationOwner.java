package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.JMSException;

/** The connection through which a temporary destination is deleted. */
public interface TemporaryDestinationOwner {

    void deleteTemporaryDestination(DestinationRef destination) throws JMSException;
}

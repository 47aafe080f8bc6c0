package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.TemporaryQueue;

/** A queue that lives as long as the connection that created it. */
public final class IsolaTemporaryQueue extends IsolaDestination implements TemporaryQueue {

    private final transient TemporaryDestinationOwner owner;

    public IsolaTemporaryQueue(String name, TemporaryDestinationOwner owner) {
        super(new DestinationRef(DestinationRef.Kind.TEMPORARY_QUEUE, name));
        this.owner = owner;
    }

    @Override
    public String getQueueName() {
        return ref().name();
    }

    @Override
    public void delete() throws JMSException {
        if (owner == null) {
            throw new IllegalStateException("temporary queue '" + ref().name() + "' was deserialized and has no connection to delete it through");
        }
        owner.deleteTemporaryDestination(ref());
    }
}

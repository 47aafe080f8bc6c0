package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.Queue;

/** A queue, by name; whether it exists is decided by the broker when it is used. */
public final class IsolaQueue extends IsolaDestination implements Queue {

    public IsolaQueue(String name) {
        super(DestinationRef.queue(name));
    }

    @Override
    public String getQueueName() {
        return ref().name();
    }
}

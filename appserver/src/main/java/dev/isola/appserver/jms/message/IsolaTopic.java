package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.Topic;

/** A topic, by name; whether it exists is decided by the broker when it is used. */
public final class IsolaTopic extends IsolaDestination implements Topic {

    public IsolaTopic(String name) {
        super(DestinationRef.topic(name));
    }

    @Override
    public String getTopicName() {
        return ref().name();
    }
}

package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.TemporaryTopic;

/** A topic that lives as long as the connection that created it. */
public final class IsolaTemporaryTopic extends IsolaDestination implements TemporaryTopic {

    private final transient TemporaryDestinationOwner owner;

    public IsolaTemporaryTopic(String name, TemporaryDestinationOwner owner) {
        super(new DestinationRef(DestinationRef.Kind.TEMPORARY_TOPIC, name));
        this.owner = owner;
    }

    @Override
    public String getTopicName() {
        return ref().name();
    }

    @Override
    public void delete() throws JMSException {
        if (owner == null) {
            throw new IllegalStateException("temporary topic '" + ref().name() + "' was deserialized and has no connection to delete it through");
        }
        owner.deleteTemporaryDestination(ref());
    }
}

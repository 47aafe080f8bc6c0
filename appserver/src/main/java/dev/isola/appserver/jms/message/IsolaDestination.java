package dev.isola.appserver.jms.message;

import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Queue;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.Topic;

import java.io.Serializable;
import java.util.Objects;

/**
 * A destination of this provider: a name and a kind. Equal destinations name the same
 * physical queue or topic; they can be serialized (and bound in JNDI) as plain values.
 */
public abstract sealed class IsolaDestination implements Destination, Serializable
        permits IsolaQueue, IsolaTopic, IsolaTemporaryQueue, IsolaTemporaryTopic {

    private final DestinationRef ref;

    IsolaDestination(DestinationRef ref) {
        this.ref = Objects.requireNonNull(ref, "ref");
    }

    /** The destination as it crosses the seam to the broker. */
    public DestinationRef ref() {
        return ref;
    }

    /** Builds the application-facing object for {@code ref}; temporary ones delete through {@code owner}. */
    public static IsolaDestination of(DestinationRef ref, TemporaryDestinationOwner owner) {
        if (ref == null) {
            return null;
        }
        return switch (ref.kind()) {
            case QUEUE -> new IsolaQueue(ref.name());
            case TOPIC -> new IsolaTopic(ref.name());
            case TEMPORARY_QUEUE -> new IsolaTemporaryQueue(ref.name(), owner);
            case TEMPORARY_TOPIC -> new IsolaTemporaryTopic(ref.name(), owner);
        };
    }

    /**
     * The broker-side form of any destination, also of another provider's (by its queue or
     * topic name).
     *
     * @throws InvalidDestinationException for null or a destination that is neither queue nor topic
     */
    public static DestinationRef refOf(Destination destination) throws InvalidDestinationException {
        return switch (destination) {
            case null -> throw new InvalidDestinationException("destination is null");
            case IsolaDestination d -> d.ref();
            case TemporaryQueue q -> new DestinationRef(DestinationRef.Kind.TEMPORARY_QUEUE, nameOf(q));
            case TemporaryTopic t -> new DestinationRef(DestinationRef.Kind.TEMPORARY_TOPIC, nameOf(t));
            case Queue q -> DestinationRef.queue(nameOf(q));
            case Topic t -> DestinationRef.topic(nameOf(t));
            default -> throw new InvalidDestinationException("destination " + destination + " (" + destination.getClass().getName()
                    + ") is neither a Queue nor a Topic");
        };
    }

    private static String nameOf(Queue queue) throws InvalidDestinationException {
        try {
            return Objects.requireNonNull(queue.getQueueName(), "queue name");
        } catch (Exception e) {
            throw new InvalidDestinationException("cannot read the name of queue " + queue + ": " + e.getMessage());
        }
    }

    private static String nameOf(Topic topic) throws InvalidDestinationException {
        try {
            return Objects.requireNonNull(topic.getTopicName(), "topic name");
        } catch (Exception e) {
            throw new InvalidDestinationException("cannot read the name of topic " + topic + ": " + e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IsolaDestination d && d.ref.equals(ref);
    }

    @Override
    public int hashCode() {
        return ref.hashCode();
    }

    @Override
    public String toString() {
        return ref.toString();
    }
}

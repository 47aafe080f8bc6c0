package dev.isola.appserver.jms.protocol;

import java.io.Serializable;
import java.util.Objects;

/**
 * A destination as it crosses the client/broker seam: its kind and its broker-wide name.
 * Application-facing {@code Queue}/{@code Topic} objects convert to and from this.
 *
 * @param kind what the name refers to
 * @param name the physical name; temporary destinations carry a broker-generated name
 */
public record DestinationRef(Kind kind, String name) implements Serializable {

    /** The four kinds of destination of Jakarta Messaging. */
    public enum Kind {
        QUEUE, TOPIC, TEMPORARY_QUEUE, TEMPORARY_TOPIC;

        /** Queues (also temporary ones) deliver each message to one consumer. */
        public boolean isQueue() {
            return this == QUEUE || this == TEMPORARY_QUEUE;
        }

        public boolean isTemporary() {
            return this == TEMPORARY_QUEUE || this == TEMPORARY_TOPIC;
        }
    }

    public DestinationRef {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    public static DestinationRef queue(String name) {
        return new DestinationRef(Kind.QUEUE, name);
    }

    public static DestinationRef topic(String name) {
        return new DestinationRef(Kind.TOPIC, name);
    }

    public boolean isQueue() {
        return kind.isQueue();
    }

    @Override
    public String toString() {
        return (isQueue() ? "queue '" : "topic '") + name + "'";
    }
}

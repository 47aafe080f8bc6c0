package dev.isola.appserver.jms.protocol;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** The broker's answer to one {@link BrokerCommand}. */
public sealed interface BrokerReply extends Serializable {

    /** The command was carried out. */
    record Ok() implements BrokerReply {
    }

    /**
     * The answer to {@link BrokerCommand.Hello}.
     *
     * @param connectionId   unique across broker restarts; message ids are built from it
     * @param maxMessageSize the largest encoded message the broker accepts, in bytes
     */
    record Welcome(String connectionId, long maxMessageSize, String brokerName) implements BrokerReply {
    }

    /** The answer to {@link BrokerCommand.Pull}: the delivery, or null if none came in time. */
    record Pulled(Delivery delivery) implements BrokerReply {
    }

    /** The answer to {@link BrokerCommand.CreateTemporaryDestination}. */
    record TemporaryDestinationCreated(DestinationRef destination) implements BrokerReply {
    }

    /**
     * A page of a browsed queue.
     *
     * @param lastPosition where the next page starts
     * @param exhausted    true if there was nothing more after this page when it was read
     */
    record BrowsePage(List<MessageData> messages, long lastPosition, boolean exhausted) implements BrokerReply {
        public BrowsePage {
            messages = List.copyOf(messages);
        }
    }

    /** The command was refused or failed; nothing of it took effect. */
    record Failed(FailureKind kind, String message) implements BrokerReply {
        public Failed {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(message, "message");
        }
    }
}

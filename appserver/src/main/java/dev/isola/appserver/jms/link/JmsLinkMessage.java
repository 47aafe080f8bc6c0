package dev.isola.appserver.jms.link;

import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerEvent;
import dev.isola.appserver.jms.protocol.BrokerReply;

import java.io.Serializable;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The frames of the client/broker seam on a pair of links between a client isolate (web or
 * EJB) and the JMS isolate of a separated domain. One pair carries every connection of the
 * client isolate, told apart by a connection number the client picks; commands, replies and
 * events are the seam's own records ({@link BrokerCommand}, {@link BrokerReply},
 * {@link BrokerEvent}), copied as they are.
 *
 * <pre>
 *   client isolate                                    JMS isolate
 *   Connect(7) ──────────────────────────────────▶  broker.accept(...)           (a new BrokerEndpoint)
 *   Command(7, 1, Hello) ────────────────────────▶  endpoint.handle(Hello)
 *        ◀──────────────────────────────────────── Reply(7, 1, Welcome)
 *        ◀──────────────────────────────────────── Event(7, Deliver ...)
 *   Abort(7) ────────────────────────────────────▶  endpoint.clientLost()        (redelivers what 7 held)
 *   Admin(3, Declare("shop", queue orders)) ─────▶  JmsSubServer.declare
 *        ◀──────────────────────────────────────── AdminReply(3, ...)
 * </pre>
 */
public sealed interface JmsLinkMessage extends Serializable {

    /** A new connection numbered {@code connection}. */
    record Connect(long connection) implements JmsLinkMessage {
    }

    /** A command on a connection; answered by a {@link Reply} with the same {@code request}. */
    record Command(long connection, long request, BrokerCommand command) implements JmsLinkMessage {
    }

    /** The client dropped the connection without a goodbye. */
    record Abort(long connection) implements JmsLinkMessage {
    }

    /** The broker's reply; {@code unavailable} is set (and {@code reply} null) if the connection cannot be served. */
    record Reply(long connection, long request, BrokerReply reply, String unavailable) implements JmsLinkMessage {
    }

    /** An event for a connection. */
    record Event(long connection, BrokerEvent event) implements JmsLinkMessage {
    }

    /** The broker ended a connection. */
    record Lost(long connection, String reason) implements JmsLinkMessage {
    }

    /** A request about the destinations applications define; answered by an {@link AdminReply}. */
    record Admin(long request, Operation operation) implements JmsLinkMessage {
    }

    /**
     * The answer to an {@link Admin} request.
     *
     * @param declaration  for {@link Operation.Declare}: names the declaration for {@link Operation.Undeclare}
     * @param invalid      the message of an {@code InvalidJmsConfigException}, or null
     * @param failure      any other failure, or null
     */
    record AdminReply(long request, long declaration, String invalid, String failure) implements JmsLinkMessage {
    }

    /** What a client isolate asks of the JMS sub-server about destinations while it deploys and undeploys. */
    sealed interface Operation extends Serializable {

        /** Declares a destination {@code application} defines (see {@code JmsSubServer.declare}). */
        record Declare(String application, Destination destination) implements Operation {
        }

        /** Undoes a declaration of a deployment that failed. */
        record Undeclare(long declaration) implements Operation {
        }

        /** Checks the dead-letter queue of a destination the application defines. */
        record CheckDeadLetterQueue(Destination destination) implements Operation {
        }

        /** The application was undeployed in the client isolate. */
        record ApplicationUndeployed(String application) implements Operation {
        }
    }

    /**
     * A {@link DestinationConfig} as plain data.
     *
     * @param maxDeliveryAttempts -1 for the broker's default
     * @param deadLetterQueue     null for the broker's default
     */
    record Destination(String name, DestinationType type, int maxDeliveryAttempts, String deadLetterQueue) implements Serializable {

        static Destination of(DestinationConfig config) {
            return new Destination(config.name(), config.type(), config.maxDeliveryAttempts().orElse(-1), config.deadLetterQueue().orElse(null));
        }

        DestinationConfig config() {
            return new DestinationConfig(name, type, maxDeliveryAttempts < 0 ? OptionalInt.empty() : OptionalInt.of(maxDeliveryAttempts),
                    Optional.ofNullable(deadLetterQueue));
        }
    }
}

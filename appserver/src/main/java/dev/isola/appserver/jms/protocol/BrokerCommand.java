package dev.isola.appserver.jms.protocol;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What a client asks of the broker, one record per request. Every command gets exactly one
 * {@link BrokerReply}; the broker pushes messages for listeners as {@link BrokerEvent}s.
 *
 * <pre>
 *   client (connection, sessions)              broker (destinations, store, dispatch)
 *   Hello ───────────────────────────────────▶ Welcome
 *   CreateConsumer(7, queue 'orders') ───────▶ Ok
 *   GrantCredit(7, 100) ─────────────────────▶ Ok
 *            ◀──────────────────────────────── Deliver(7, tag 1, ...)   (event)
 *   Acknowledge([1]) ────────────────────────▶ Ok                       (after the store synced)
 *   Pull(8, 1000 ms) ────────────────────────▶ Pulled(delivery or none)
 * </pre>
 *
 * <p>All fields are plain data ({@link MessageData}, names, numbers, lists of them), so
 * commands can be copied over a link as they are. Consumer ids are chosen by the client and
 * are unique within its connection; delivery tags are chosen by the broker and are unique
 * within the connection too.
 */
public sealed interface BrokerCommand extends Serializable {

    /** Opens the connection; the reply is {@link BrokerReply.Welcome}. */
    record Hello(String clientId) implements BrokerCommand {
    }

    /** Sets the client id of a connection that had none (fails if another connection holds it). */
    record SetClientId(String clientId) implements BrokerCommand {
        public SetClientId {
            Objects.requireNonNull(clientId, "clientId");
        }
    }

    /** Succeeds if {@code destination} exists (declared, or a live temporary destination). */
    record CheckDestination(DestinationRef destination) implements BrokerCommand {
    }

    /** Sends one message outside a transaction; a persistent one is durable when the reply comes. */
    record Send(MessageData message) implements BrokerCommand {
    }

    /**
     * Creates a consumer on a queue or topic. It receives nothing until it is given credit
     * or pulls.
     *
     * @param selector     a message selector, or null
     * @param subscription for topics: durable and/or shared subscription, or null
     */
    record CreateConsumer(long consumerId, DestinationRef destination, String selector, boolean noLocal,
                          SubscriptionRequest subscription) implements BrokerCommand {
    }

    /**
     * Closes a consumer. {@code unseen} are deliveries it had buffered but never handed to the
     * application: they go back without counting as a delivery attempt. Deliveries it handed
     * out stay with the connection until they are acknowledged or released.
     */
    record CloseConsumer(long consumerId, List<Long> unseen) implements BrokerCommand {
        public CloseConsumer {
            unseen = List.copyOf(unseen);
        }
    }

    /** Lets the broker push {@code credit} more messages to a consumer (a listener's prefetch window). */
    record GrantCredit(long consumerId, int credit) implements BrokerCommand {
    }

    /** Stops pushing to a consumer; what was pushed already stays with the client. */
    record RevokeCredit(long consumerId) implements BrokerCommand {
    }

    /**
     * Asks for the next message of a consumer: {@code timeoutMillis} {@code < 0} means only if
     * one is available now, {@code 0} means wait until one comes (or the pull is cancelled).
     * {@code acknowledgeFirst} are deliveries to acknowledge in the same store batch before
     * the next one is handed out (auto-acknowledge piggybacks the previous message on the pull).
     */
    record Pull(long consumerId, long timeoutMillis, List<Long> acknowledgeFirst) implements BrokerCommand {
        public Pull {
            acknowledgeFirst = List.copyOf(acknowledgeFirst);
        }
    }

    /** Ends a waiting pull of a consumer: it replies with no message (unless one was already on its way). */
    record CancelPull(long consumerId) implements BrokerCommand {
    }

    /**
     * Acknowledges deliveries. With {@code awaitDurable} the reply comes when the removal is
     * on disk; without, as soon as the broker has applied it in memory.
     */
    record Acknowledge(List<Long> tags, boolean awaitDurable) implements BrokerCommand {
        public Acknowledge {
            tags = List.copyOf(tags);
        }
    }

    /**
     * Gives deliveries back for redelivery: {@code seen} ones were handed to the application
     * (they count as a delivery attempt and may move to the dead-letter queue), {@code unseen}
     * ones were not (they go back as if never delivered).
     */
    record Release(List<Long> seen, List<Long> unseen) implements BrokerCommand {
        public Release {
            seen = List.copyOf(seen);
            unseen = List.copyOf(unseen);
        }
    }

    /**
     * Commits a transacted session's work at once: every message in {@code sends} is
     * delivered and every delivery in {@code acknowledged} is removed, or nothing is.
     */
    record Commit(List<MessageData> sends, List<Long> acknowledged) implements BrokerCommand {
        public Commit {
            sends = List.copyOf(sends);
            acknowledged = List.copyOf(acknowledged);
        }
    }

    /**
     * Reads a page of a queue without consuming: up to {@code max} available messages after
     * position {@code afterPosition} (start with {@link Long#MIN_VALUE}), in delivery order.
     */
    record Browse(DestinationRef queue, String selector, long afterPosition, int max) implements BrokerCommand {
    }

    /** Creates a temporary queue or topic owned by this connection. */
    record CreateTemporaryDestination(DestinationRef.Kind kind) implements BrokerCommand {
    }

    /** Deletes a temporary destination of this connection (refused while it has consumers). */
    record DeleteTemporaryDestination(DestinationRef destination) implements BrokerCommand {
    }

    /** Deletes a durable subscription of this connection's client id (refused while it is in use). */
    record Unsubscribe(String name) implements BrokerCommand {
    }

    /** Closes the connection in an orderly way; what it still holds goes back unseen. */
    record Goodbye() implements BrokerCommand {
    }
}

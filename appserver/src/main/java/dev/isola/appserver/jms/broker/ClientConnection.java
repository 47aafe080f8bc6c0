package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerEndpoint;
import dev.isola.appserver.jms.protocol.BrokerEvent;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.ClientEvents;
import dev.isola.appserver.jms.protocol.Delivery;
import dev.isola.appserver.jms.protocol.FailureKind;
import dev.isola.appserver.jms.store.StoreOperation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The broker's side of one client connection: its consumers, the deliveries it holds
 * (handed out, not yet acknowledged), its temporary destinations and client id. Commands
 * are carried out here; what involves the broker's registry is delegated to {@link Broker}.
 */
final class ClientConnection implements BrokerEndpoint {

    private static final BrokerReply OK = new BrokerReply.Ok();
    private static final System.Logger LOG = System.getLogger(ClientConnection.class.getName());

    final String id;
    private final Broker broker;
    private final ClientEvents events;
    private volatile String clientId;
    private volatile boolean welcomed;
    private volatile boolean closed;
    private final Map<Long, BrokerConsumer> consumers = new ConcurrentHashMap<>();
    private final Map<Long, InFlight> inFlight = new ConcurrentHashMap<>();
    private final AtomicLong tags = new AtomicLong();

    /** A delivery this connection holds. */
    record InFlight(MessageQueue queue, QueueEntry entry) {
    }

    ClientConnection(Broker broker, String id, ClientEvents events) {
        this.broker = broker;
        this.id = id;
        this.events = events;
    }

    String clientId() {
        return clientId;
    }

    void clientId(String clientId) {
        this.clientId = clientId;
    }

    /** Called under the queue's lock when a message is handed to one of this connection's consumers. */
    long registerInFlight(MessageQueue queue, QueueEntry entry) {
        long tag = tags.incrementAndGet();
        inFlight.put(tag, new InFlight(queue, entry));
        return tag;
    }

    /** Passes an event to the client; a client that cannot take it is treated as lost. */
    void send(BrokerEvent event) {
        if (closed) {
            return;
        }
        try {
            events.onEvent(event);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, this + " could not take an event and is treated as lost: " + e);
            Thread.ofVirtual().name("jms-client-lost").start(this::clientLost);
        }
    }

    /**
     * Carries out a command. Whatever happens, the future completes normally with exactly one
     * reply: a failure of the store or of the broker itself becomes {@link BrokerReply.Failed}
     * ({@code INTERNAL}), so a transport never has to carry an exception across the seam.
     */
    @Override
    public CompletableFuture<BrokerReply> handle(BrokerCommand command) {
        CompletableFuture<BrokerReply> reply;
        try {
            reply = carryOut(command);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, this + " failed on " + command.getClass().getSimpleName(), e);
            return done(internalFailure(command, e));
        }
        return reply.exceptionally(failure -> internalFailure(command, failure));
    }

    private BrokerReply.Failed internalFailure(BrokerCommand command, Throwable failure) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return new BrokerReply.Failed(FailureKind.INTERNAL, command.getClass().getSimpleName() + " failed on the JMS broker: " + cause.getMessage());
    }

    private CompletableFuture<BrokerReply> carryOut(BrokerCommand command) {
        if (closed) {
            return CompletableFuture.completedFuture(new BrokerReply.Failed(FailureKind.ILLEGAL_STATE, "connection " + id + " is closed"));
        }
        if (!welcomed && !(command instanceof BrokerCommand.Hello)) {
            return CompletableFuture.completedFuture(new BrokerReply.Failed(FailureKind.ILLEGAL_STATE,
                    "connection " + id + " must start with Hello, not " + command.getClass().getSimpleName()));
        }
        try {
            return switch (command) {
                case BrokerCommand.Hello hello -> {
                    if (hello.clientId() != null) {
                        broker.claimClientId(this, hello.clientId());
                    }
                    welcomed = true;
                    yield done(new BrokerReply.Welcome(id, broker.config().maxMessageSize(), broker.config().name()));
                }
                case BrokerCommand.SetClientId set -> {
                    if (clientId != null) {
                        throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "connection " + id + " already has client id '" + clientId + "'");
                    }
                    broker.claimClientId(this, set.clientId());
                    yield done(OK);
                }
                case BrokerCommand.CheckDestination check -> {
                    broker.checkDestination(check.destination());
                    yield done(OK);
                }
                case BrokerCommand.Send send -> broker.send(this, send.message()).thenApply(v -> OK);
                case BrokerCommand.CreateConsumer create -> {
                    if (consumers.containsKey(create.consumerId())) {
                        throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "consumer id " + create.consumerId() + " is in use on connection " + id);
                    }
                    BrokerConsumer consumer = broker.createConsumer(this, create);
                    consumers.put(consumer.id, consumer);
                    yield done(OK);
                }
                case BrokerCommand.CloseConsumer close -> {
                    BrokerConsumer consumer = consumers.remove(close.consumerId());
                    if (consumer != null) {
                        broker.closeConsumer(consumer);
                    }
                    release(List.of(), close.unseen());
                    yield done(OK);
                }
                case BrokerCommand.GrantCredit grant -> {
                    consumer(grant.consumerId()).queue.grantCredit(consumer(grant.consumerId()), grant.credit());
                    yield done(OK);
                }
                case BrokerCommand.RevokeCredit revoke -> {
                    BrokerConsumer consumer = consumer(revoke.consumerId());
                    consumer.queue.revokeCredit(consumer);
                    yield done(OK);
                }
                case BrokerCommand.Pull pull -> pull(pull);
                case BrokerCommand.CancelPull cancel -> {
                    BrokerConsumer consumer = consumers.get(cancel.consumerId());
                    if (consumer != null) {
                        consumer.queue.cancelPull(consumer, null);
                    }
                    yield done(OK);
                }
                case BrokerCommand.Acknowledge ack -> {
                    CompletableFuture<Void> durable = acknowledge(ack.tags());
                    yield ack.awaitDurable() ? durable.thenApply(v -> OK) : done(OK);
                }
                case BrokerCommand.Release release -> {
                    release(release.seen(), release.unseen());
                    yield done(OK);
                }
                case BrokerCommand.Commit commit -> commit(commit);
                case BrokerCommand.Browse browse -> {
                    MessageQueue.BrowsePage page = broker.browse(this, browse);
                    yield done(new BrokerReply.BrowsePage(page.messages(), page.lastPosition(), page.exhausted()));
                }
                case BrokerCommand.CreateTemporaryDestination create ->
                        done(new BrokerReply.TemporaryDestinationCreated(broker.createTemporary(this, create.kind())));
                case BrokerCommand.DeleteTemporaryDestination delete -> {
                    broker.deleteTemporary(this, delete.destination());
                    yield done(OK);
                }
                case BrokerCommand.Unsubscribe unsubscribe -> broker.unsubscribe(this, unsubscribe.name()).thenApply(v -> OK);
                case BrokerCommand.Goodbye goodbye -> {
                    end(false);
                    yield done(OK);
                }
            };
        } catch (BrokerRefusal refusal) {
            return done(refusal.reply());
        }
    }

    private static CompletableFuture<BrokerReply> done(BrokerReply reply) {
        return CompletableFuture.completedFuture(reply);
    }

    private BrokerConsumer consumer(long consumerId) throws BrokerRefusal {
        BrokerConsumer consumer = consumers.get(consumerId);
        if (consumer == null) {
            throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "no consumer " + consumerId + " on connection " + id + " (closed?)");
        }
        return consumer;
    }

    private CompletableFuture<BrokerReply> pull(BrokerCommand.Pull pull) throws BrokerRefusal {
        BrokerConsumer consumer = consumer(pull.consumerId());
        CompletableFuture<Void> acknowledged = acknowledge(pull.acknowledgeFirst());
        CompletableFuture<Delivery> next = new CompletableFuture<>();
        consumer.queue.pull(consumer, pull.timeoutMillis(), next);
        // The acknowledgement travels in the same group commit as the next delivery's count.
        return next.thenCombine(acknowledged, (delivery, v) -> new BrokerReply.Pulled(delivery));
    }

    /** Removes acknowledged deliveries; the future completes when their removal is durable. */
    private CompletableFuture<Void> acknowledge(List<Long> tagList) throws BrokerRefusal {
        if (tagList.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<InFlight> claimed = claim(tagList);
        List<StoreOperation> removals = new ArrayList<>();
        for (InFlight f : claimed) {
            StoreOperation op = f.queue().acknowledge(f.entry());
            if (op != null) {
                removals.add(op);
            }
        }
        return broker.store().apply(removals);
    }

    /** Takes the deliveries out of this connection's hands, all or none. */
    private List<InFlight> claim(List<Long> tagList) throws BrokerRefusal {
        List<Long> unknown = tagList.stream().filter(t -> !inFlight.containsKey(t)).toList();
        if (!unknown.isEmpty()) {
            throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "connection " + id + " holds no deliveries with tags " + unknown
                    + " (already acknowledged or released)");
        }
        List<InFlight> claimed = new ArrayList<>(tagList.size());
        for (Long tag : tagList) {
            InFlight f = inFlight.remove(tag);
            if (f != null) {
                claimed.add(f);
            }
        }
        return claimed;
    }

    private void release(List<Long> seen, List<Long> unseen) {
        for (Long tag : unseen) {
            InFlight f = inFlight.remove(tag);
            if (f != null) {
                f.queue().release(f.entry(), false);
            }
        }
        for (Long tag : seen) {
            InFlight f = inFlight.remove(tag);
            if (f != null) {
                f.queue().release(f.entry(), true);
            }
        }
    }

    private CompletableFuture<BrokerReply> commit(BrokerCommand.Commit commit) throws BrokerRefusal {
        Broker.PreparedSends sends = broker.prepare(this, commit.sends());
        List<InFlight> claimed;
        try {
            claimed = claim(commit.acknowledged());
        } catch (BrokerRefusal unknownTags) {
            throw new BrokerRefusal(FailureKind.TRANSACTION_ROLLED_BACK, "transaction rolled back: " + unknownTags.getMessage());
        }
        List<StoreOperation> batch = new ArrayList<>(sends.operations());
        for (InFlight f : claimed) {
            if (f.entry().stored) {
                batch.add(new StoreOperation.RemoveMessage(f.queue().storeKey, f.entry().sequence));
            }
        }
        return broker.store().apply(batch).handle((ok, failure) -> {
            if (failure != null) {
                claimed.forEach(f -> f.queue().release(f.entry(), true));
                return new BrokerReply.Failed(FailureKind.TRANSACTION_ROLLED_BACK, "transaction rolled back: " + failure.getMessage());
            }
            claimed.forEach(f -> f.queue().acknowledge(f.entry()));
            sends.deliver();
            return OK;
        });
    }

    @Override
    public void clientLost() {
        end(true);
    }

    /** The broker stops: tell the client, then clean up as for a lost client. */
    void brokerStopping() {
        if (!closed) {
            events.onConnectionLost("the JMS broker '" + broker.config().name() + "' stopped");
        }
        end(true);
    }

    /**
     * Ends the connection: consumers go, temporary destinations are deleted, and deliveries
     * still held go back ({@code lost}: counted as seen, since the client may have processed
     * them; otherwise the client released what it had seen before saying goodbye).
     */
    private void end(boolean lost) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (BrokerConsumer consumer : consumers.values()) {
            broker.closeConsumer(consumer);
        }
        consumers.clear();
        List<Long> held = new ArrayList<>(inFlight.keySet());
        if (lost) {
            release(held, List.of());
        } else {
            release(List.of(), held);
        }
        broker.connectionClosed(this);
    }

    boolean closed() {
        return closed;
    }

    @Override
    public String toString() {
        return "connection " + id + (clientId != null ? " (client id '" + clientId + "')" : "");
    }
}

package dev.isola.appserver.jms.link;

import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerConnection;
import dev.isola.appserver.jms.protocol.BrokerConnector;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.BrokerUnavailableException;
import dev.isola.appserver.jms.protocol.ClientEvents;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client's end of the seam over one pair of links to the JMS isolate: every connection the
 * client isolate opens to the broker travels on it ({@link JmsLinkMessage}). One platform
 * thread reads the incoming link and completes replies and hands events to the connections
 * (which never block on them); sends never block ({@link Outbox}).
 *
 * <p>When the JMS isolate dies (or the domain replaces the pair), every connection learns it at
 * once: calls in progress fail with {@link BrokerUnavailableException}, and
 * {@link ClientEvents#onConnectionLost} reaches the application's {@code ExceptionListener}.
 */
final class JmsLinkChannel implements BrokerConnector {

    private static final System.Logger LOG = System.getLogger(JmsLinkChannel.class.getName());

    /** One connection of the client isolate: where its events go, and its commands waiting for replies. */
    private record Connection(ClientEvents events, Map<Long, CompletableFuture<BrokerReply>> pending) {
    }

    private final LinkPair links;
    private final String unreachable;
    private final Outbox out;
    private final Map<Long, Connection> connections = new ConcurrentHashMap<>();
    private final Map<Long, CompletableFuture<JmsLinkMessage.AdminReply>> admin = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile String deadReason;

    /** @param unreachable how to say that the JMS isolate cannot be reached ("the JMS isolate of domain shop is not reachable") */
    JmsLinkChannel(LinkPair links, String unreachable) {
        this.links = links;
        this.unreachable = unreachable;
        this.out = new Outbox(links.outgoing(), e -> fail(e.getMessage()));
        links.incoming().allowClasses(JmsLinkClasses.FROM_BROKER);
        Thread reader = Thread.ofPlatform().daemon().name("jms-link-client-" + links.incoming().id()).unstarted(this::read);
        reader.setContextClassLoader(JmsLinkChannel.class.getClassLoader());
        reader.start();
    }

    /** Whether the pair still works (as far as this side knows). */
    boolean alive() {
        return deadReason == null;
    }

    /** The id of the JMS isolate at the other end. */
    String peer() {
        return links.outgoing().receiverId();
    }

    @Override
    public BrokerConnection connect(ClientEvents events) {
        String dead = deadReason;
        if (dead != null) {
            throw new BrokerUnavailableException(dead);
        }
        long id = ids.incrementAndGet();
        Connection connection = new Connection(events, new ConcurrentHashMap<>());
        connections.put(id, connection);
        out.send(LinkMessage.ofValue(new JmsLinkMessage.Connect(id)), refused -> lost(id, "cannot open a connection: " + refused.getMessage()));
        return new BrokerConnection() {
            @Override
            public CompletableFuture<BrokerReply> request(BrokerCommand command) {
                CompletableFuture<BrokerReply> reply = new CompletableFuture<>();
                String why = deadReason;
                if (why != null || !connections.containsKey(id)) {
                    reply.completeExceptionally(new BrokerUnavailableException(why != null ? why : "the JMS connection " + id + " was lost"));
                    return reply;
                }
                long request = ids.incrementAndGet();
                connection.pending().put(request, reply);
                if (command instanceof BrokerCommand.Goodbye) {
                    reply.whenComplete((r, f) -> connections.remove(id));
                }
                out.send(LinkMessage.ofValue(new JmsLinkMessage.Command(id, request, command)), refused -> {
                    connection.pending().remove(request);
                    reply.completeExceptionally(new BrokerUnavailableException("a " + command.getClass().getSimpleName()
                            + " command could not be sent to the JMS isolate: " + refused.getMessage()));
                });
                if (deadReason != null) {
                    reply.completeExceptionally(new BrokerUnavailableException(deadReason));
                }
                return reply;
            }

            @Override
            public void abort() {
                if (connections.remove(id) != null) {
                    out.send(LinkMessage.ofValue(new JmsLinkMessage.Abort(id)), refused -> { });
                }
            }
        };
    }

    /** Sends an administrative request; the future fails if the JMS isolate cannot be reached. */
    CompletableFuture<JmsLinkMessage.AdminReply> admin(JmsLinkMessage.Operation operation) {
        CompletableFuture<JmsLinkMessage.AdminReply> reply = new CompletableFuture<>();
        String dead = deadReason;
        if (dead != null) {
            reply.completeExceptionally(new BrokerUnavailableException(dead));
            return reply;
        }
        long request = ids.incrementAndGet();
        admin.put(request, reply);
        out.send(LinkMessage.ofValue(new JmsLinkMessage.Admin(request, operation)), refused -> {
            admin.remove(request);
            reply.completeExceptionally(refused);
        });
        if (deadReason != null) {
            reply.completeExceptionally(new BrokerUnavailableException(deadReason));
        }
        return reply.whenComplete((r, f) -> admin.remove(request));
    }

    private void read() {
        try {
            while (true) {
                LinkMessage message;
                try {
                    message = links.incoming().receive();
                } catch (LinkClosedException e) {
                    throw e;
                } catch (LinkException e) {
                    LOG.log(System.Logger.Level.WARNING, "dropped a message from the JMS isolate on " + links.incoming().id() + ": " + e.getMessage());
                    continue;
                }
                if (message instanceof LinkMessage.Value(JmsLinkMessage frame)) {
                    receive(frame);
                } else {
                    LOG.log(System.Logger.Level.WARNING, "dropped a " + message.getClass().getSimpleName() + " on JMS link " + links.incoming().id());
                }
            }
        } catch (LinkClosedException e) {
            fail("its link closed: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "the reader of JMS link " + links.incoming().id() + " failed", e);
            fail("the link reader failed: " + e);
        }
    }

    private void receive(JmsLinkMessage frame) {
        switch (frame) {
            case JmsLinkMessage.Reply(long connection, long request, BrokerReply reply, String unavailable) -> {
                Connection c = connections.get(connection);
                CompletableFuture<BrokerReply> waiting = c == null ? null : c.pending().remove(request);
                if (waiting != null) {
                    if (unavailable != null) {
                        waiting.completeExceptionally(new BrokerUnavailableException(unavailable));
                    } else {
                        waiting.complete(reply);
                    }
                }
            }
            case JmsLinkMessage.Event(long connection, var event) -> {
                Connection c = connections.get(connection);
                if (c != null) {
                    c.events().onEvent(event);
                }
            }
            case JmsLinkMessage.Lost(long connection, String reason) -> lost(connection, reason);
            case JmsLinkMessage.AdminReply reply -> {
                CompletableFuture<JmsLinkMessage.AdminReply> waiting = admin.remove(reply.request());
                if (waiting != null) {
                    waiting.complete(reply);
                }
            }
            default -> LOG.log(System.Logger.Level.WARNING, "dropped a " + frame.getClass().getSimpleName() + " from the JMS isolate");
        }
    }

    private void lost(long id, String reason) {
        Connection c = connections.remove(id);
        if (c != null) {
            failPending(c, reason);
            c.events().onConnectionLost(reason);
        }
    }

    private static void failPending(Connection c, String reason) {
        for (Long request : c.pending().keySet()) {
            CompletableFuture<BrokerReply> waiting = c.pending().remove(request);
            if (waiting != null) {
                waiting.completeExceptionally(new BrokerUnavailableException(reason));
            }
        }
    }

    /** The pair is dead: every connection is lost. */
    private void fail(String why) {
        synchronized (this) {
            if (deadReason != null) {
                return;
            }
            deadReason = unreachable + " (" + why + ")";
        }
        LOG.log(System.Logger.Level.WARNING, deadReason);
        for (Long id : connections.keySet()) {
            lost(id, deadReason);
        }
        for (Long request : admin.keySet()) {
            CompletableFuture<JmsLinkMessage.AdminReply> waiting = admin.remove(request);
            if (waiting != null) {
                waiting.completeExceptionally(new BrokerUnavailableException(deadReason));
            }
        }
    }

    /** Closes the pair: the broker treats every connection on it as lost, and so does this side. */
    void close(String why) {
        fail(why);
        links.outgoing().close();
        links.incoming().close();
    }
}

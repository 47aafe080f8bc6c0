package dev.isola.appserver.jms.link;

import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.container.JmsSubServer;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerEndpoint;
import dev.isola.appserver.jms.protocol.BrokerEvent;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.BrokerUnavailableException;
import dev.isola.appserver.jms.protocol.ClientEvents;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkException;
import dev.isola.mvm.link.LinkMessage;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JMS isolate's end of the seam for one client isolate: takes the client's connections
 * ({@link JmsLinkMessage.Connect}) to the broker's {@code acceptor()}, feeds their commands to
 * their endpoints in order, and sends back replies and events. One platform thread reads;
 * replies and events go out from whichever thread produces them, never blocking it
 * ({@link Outbox}).
 *
 * <p>When the client isolate dies, its links close: every one of its connections is lost to the
 * broker ({@link BrokerEndpoint#clientLost()}), which redelivers what they held and had not
 * acknowledged, flagged as redelivered; its destination definitions are released.
 */
public final class JmsLinkService implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(JmsLinkService.class.getName());

    private final JmsSubServer jms;
    private final LinkPair links;
    private final String client;
    private final String holder;
    private final Outbox out;
    private final Map<Long, BrokerEndpoint> endpoints = new ConcurrentHashMap<>();
    private final Map<Long, Declaration> declarations = new ConcurrentHashMap<>();
    private final AtomicLong declarationIds = new AtomicLong();
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();

    private record Declaration(String application, Runnable undo) {
    }

    /**
     * Serves the client at the other end of {@code fromClient} (outgoing: to the client) until
     * its links close.
     */
    public static JmsLinkService serve(JmsSubServer jms, LinkPair fromClient) {
        return new JmsLinkService(Objects.requireNonNull(jms, "jms"), Objects.requireNonNull(fromClient, "fromClient"));
    }

    private JmsLinkService(JmsSubServer jms, LinkPair links) {
        this.jms = jms;
        this.links = links;
        this.client = links.incoming().senderId();
        this.holder = "link " + links.incoming().id() + " of " + client;
        this.out = new Outbox(links.outgoing(), e -> LOG.log(System.Logger.Level.DEBUG, "JMS client " + client + ": " + e.getMessage()));
        links.incoming().allowClasses(JmsLinkClasses.FROM_CLIENT);
        Thread reader = Thread.ofPlatform().daemon().name("jms-link-server-" + links.incoming().id()).unstarted(this::read);
        reader.setContextClassLoader(JmsLinkService.class.getClassLoader());
        reader.start();
    }

    /** The id of the client isolate. */
    public String client() {
        return client;
    }

    /** Completes when the client is gone and everything it held has been given back. */
    public CompletableFuture<Void> onStop() {
        return stopped.copy();
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
                    LOG.log(System.Logger.Level.WARNING, "dropped a message from JMS client " + client + ": " + e.getMessage());
                    continue;
                }
                if (message instanceof LinkMessage.Value(JmsLinkMessage frame)) {
                    receive(frame);
                } else {
                    LOG.log(System.Logger.Level.WARNING, "dropped a " + message.getClass().getSimpleName() + " from JMS client " + client);
                }
            }
        } catch (LinkClosedException e) {
            LOG.log(System.Logger.Level.INFO, "JMS client " + client + " is gone; " + endpoints.size() + " connection(s) lost");
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "the reader of JMS link " + links.incoming().id() + " failed", e);
        } finally {
            clientGone();
        }
    }

    private void receive(JmsLinkMessage frame) {
        switch (frame) {
            case JmsLinkMessage.Connect(long connection) -> {
                try {
                    endpoints.put(connection, jms.acceptor().accept(events(connection)));
                } catch (BrokerUnavailableException e) {
                    out.send(LinkMessage.ofValue(new JmsLinkMessage.Lost(connection, e.getMessage())), refused -> { });
                }
            }
            case JmsLinkMessage.Command(long connection, long request, BrokerCommand command) -> handle(connection, request, command);
            case JmsLinkMessage.Abort(long connection) -> {
                BrokerEndpoint endpoint = endpoints.remove(connection);
                if (endpoint != null) {
                    endpoint.clientLost();
                }
            }
            case JmsLinkMessage.Admin(long request, JmsLinkMessage.Operation operation) -> administer(request, operation);
            default -> LOG.log(System.Logger.Level.WARNING, "dropped a " + frame.getClass().getSimpleName() + " from JMS client " + client);
        }
    }

    private void handle(long connection, long request, BrokerCommand command) {
        BrokerEndpoint endpoint = endpoints.get(connection);
        if (endpoint == null) {
            reply(connection, request, null, "JMS connection " + connection + " of " + client + " is not open on this broker");
            return;
        }
        CompletableFuture<BrokerReply> reply;
        try {
            reply = endpoint.handle(command);
        } catch (BrokerUnavailableException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        if (command instanceof BrokerCommand.Goodbye) {
            reply = reply.whenComplete((r, f) -> endpoints.remove(connection));
        }
        reply.whenComplete((r, failure) -> {
            if (failure == null) {
                reply(connection, request, r, null);
            } else {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
                reply(connection, request, null, cause.getMessage() == null ? cause.toString() : cause.getMessage());
            }
        });
    }

    private void reply(long connection, long request, BrokerReply reply, String unavailable) {
        out.send(LinkMessage.ofValue(new JmsLinkMessage.Reply(connection, request, reply, unavailable)), refused ->
                out.send(LinkMessage.ofValue(new JmsLinkMessage.Reply(connection, request, null,
                        "the broker's reply could not be sent over the link: " + refused.getMessage())), again -> { }));
    }

    private ClientEvents events(long connection) {
        return new ClientEvents() {
            @Override
            public void onEvent(BrokerEvent event) {
                out.send(LinkMessage.ofValue(new JmsLinkMessage.Event(connection, event)), refused -> {
                    // A message the link cannot carry: end the connection, so the broker gives back what it held.
                    BrokerEndpoint endpoint = endpoints.remove(connection);
                    if (endpoint != null) {
                        endpoint.clientLost();
                    }
                    onConnectionLost("an event could not be sent over the link: " + refused.getMessage());
                });
            }

            @Override
            public void onConnectionLost(String reason) {
                endpoints.remove(connection);
                out.send(LinkMessage.ofValue(new JmsLinkMessage.Lost(connection, reason)), refused -> { });
            }
        };
    }

    private void administer(long request, JmsLinkMessage.Operation operation) {
        long declaration = 0;
        String invalid = null;
        String failure = null;
        try {
            switch (operation) {
                case JmsLinkMessage.Operation.Declare(String application, JmsLinkMessage.Destination destination) -> {
                    Runnable undo = jms.declare(application, holder, destination.config());
                    declaration = declarationIds.incrementAndGet();
                    declarations.put(declaration, new Declaration(application, undo));
                }
                case JmsLinkMessage.Operation.Undeclare(long id) -> {
                    Declaration d = declarations.remove(id);
                    if (d != null) {
                        d.undo().run();
                    }
                }
                case JmsLinkMessage.Operation.CheckDeadLetterQueue(JmsLinkMessage.Destination destination) ->
                        jms.checkDeadLetterQueue(destination.config());
                case JmsLinkMessage.Operation.ApplicationUndeployed(String application) -> {
                    declarations.values().removeIf(d -> d.application().equals(application));
                    jms.applicationUndeployed(application, holder);
                }
            }
        } catch (InvalidJmsConfigException e) {
            invalid = e.getMessage();
        } catch (RuntimeException e) {
            failure = e.toString();
        }
        out.send(LinkMessage.ofValue(new JmsLinkMessage.AdminReply(request, declaration, invalid, failure)), refused -> { });
    }

    private void clientGone() {
        for (Long connection : endpoints.keySet()) {
            BrokerEndpoint endpoint = endpoints.remove(connection);
            if (endpoint != null) {
                endpoint.clientLost();
            }
        }
        declarations.clear();
        jms.holderGone(holder);
        links.incoming().close();
        links.outgoing().close();
        stopped.complete(null);
    }

    /** Ends the service: the client's connections are lost. */
    @Override
    public void close() {
        links.incoming().close();
        links.outgoing().close();
    }
}

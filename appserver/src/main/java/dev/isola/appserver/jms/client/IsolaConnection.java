package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.message.ObjectMessageFilter;
import dev.isola.appserver.jms.message.TemporaryDestinationOwner;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerConnection;
import dev.isola.appserver.jms.protocol.BrokerConnector;
import dev.isola.appserver.jms.protocol.BrokerEvent;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.BrokerUnavailableException;
import dev.isola.appserver.jms.protocol.ClientEvents;
import dev.isola.appserver.jms.protocol.DestinationRef;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicSession;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A connection to the broker. It owns the {@link BrokerConnection} (the only way to the
 * broker), routes pushed deliveries to its consumers, and reports a lost broker to its
 * {@link ExceptionListener} and to every call in progress.
 */
public final class IsolaConnection implements QueueConnection, TopicConnection, ClientEvents, TemporaryDestinationOwner {

    private static final System.Logger LOG = System.getLogger(IsolaConnection.class.getName());

    private final ConnectionFactoryConfig config;
    private final TransactionEnlistment enlistment;
    private final ObjectMessageFilter objectFilter;
    private final BrokerConnection broker;
    private final String connectionId;
    private final long maxMessageSize;
    private final Set<CompletableFuture<BrokerReply>> pending = ConcurrentHashMap.newKeySet();
    private final List<IsolaSession> sessions = new CopyOnWriteArrayList<>();
    private final Map<Long, IsolaConsumer> consumers = new ConcurrentHashMap<>();
    private final Set<DestinationRef> knownDestinations = ConcurrentHashMap.newKeySet();
    private final AtomicLong consumerIds = new AtomicLong();
    private final AtomicLong messageIds = new AtomicLong();
    private final Object lifecycle = new Object();
    private volatile String clientId;
    private volatile boolean clientIdFixed;
    private volatile boolean started;
    private volatile boolean closed;
    /** Closed by the application while sessions still wait for their container transaction: the goodbye comes after them. */
    private boolean goodbyeDeferred;
    private volatile String lostReason;
    private volatile ExceptionListener exceptionListener;

    IsolaConnection(BrokerConnector connector, ConnectionFactoryConfig config, TransactionEnlistment enlistment) throws JMSException {
        this.config = config;
        this.enlistment = enlistment;
        this.objectFilter = new ObjectMessageFilter(config.objectMessageAllowList());
        try {
            this.broker = connector.connect(this);
        } catch (BrokerUnavailableException e) {
            throw JmsExceptions.wrap("cannot connect to the JMS broker", e);
        }
        BrokerReply.Welcome welcome;
        try {
            welcome = (BrokerReply.Welcome) call(new BrokerCommand.Hello(config.clientId().orElse(null)));
        } catch (JMSException e) {
            broker.abort();
            throw e;
        }
        this.connectionId = welcome.connectionId();
        this.maxMessageSize = welcome.maxMessageSize();
        this.clientId = config.clientId().orElse(null);
        this.clientIdFixed = clientId != null;
    }

    // ---- calls over the seam -----------------------------------------------------------------

    /** Sends a command and waits for its reply; a refusal becomes the matching JMSException. */
    BrokerReply call(BrokerCommand command) throws JMSException {
        BrokerReply reply = await(request(command), command);
        if (reply instanceof BrokerReply.Failed failed) {
            throw JmsExceptions.of(failed);
        }
        return reply;
    }

    /** Sends a command without waiting; a failure is logged (used for credit and lazy acknowledgements). */
    void post(BrokerCommand command) {
        request(command).whenComplete((reply, failure) -> {
            if (failure != null || reply instanceof BrokerReply.Failed) {
                if (lostReason == null && !closed) {
                    LOG.log(System.Logger.Level.WARNING, command.getClass().getSimpleName() + " failed on JMS connection " + connectionId + ": "
                            + (failure != null ? failure.getMessage() : ((BrokerReply.Failed) reply).message()));
                }
            }
        });
    }

    CompletableFuture<BrokerReply> request(BrokerCommand command) {
        if (lostReason != null) {
            return CompletableFuture.failedFuture(new BrokerUnavailableException(lostReason));
        }
        CompletableFuture<BrokerReply> future = broker.request(command);
        if (!future.isDone()) {
            pending.add(future);
            future.whenComplete((r, f) -> pending.remove(future));
            if (lostReason != null) {
                future.completeExceptionally(new BrokerUnavailableException(lostReason));
            }
        }
        return future;
    }

    BrokerReply await(CompletableFuture<BrokerReply> future, BrokerCommand command) throws JMSException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw JmsExceptions.wrap("interrupted while waiting for the JMS broker (" + command.getClass().getSimpleName() + ")", e);
        } catch (ExecutionException e) {
            throw JmsExceptions.wrap("JMS connection " + connectionId + " failed during " + command.getClass().getSimpleName(), e.getCause());
        }
    }

    // ---- events from the broker --------------------------------------------------------------

    @Override
    public void onEvent(BrokerEvent event) {
        switch (event) {
            case BrokerEvent.Deliver deliver -> {
                IsolaConsumer consumer = consumers.get(deliver.delivery().consumerId());
                if (consumer == null || !consumer.pushed(deliver.delivery())) {
                    // Pushed while the consumer was closing: give it back untouched.
                    post(new BrokerCommand.Release(List.of(), List.of(deliver.delivery().tag())));
                }
            }
            case BrokerEvent.ConsumerClosed closedByBroker -> {
                IsolaConsumer consumer = consumers.get(closedByBroker.consumerId());
                if (consumer != null) {
                    consumer.closedByBroker(closedByBroker.reason());
                }
            }
        }
    }

    @Override
    public void onConnectionLost(String reason) {
        if (closed || lostReason != null) {
            return;
        }
        lostReason = "connection to the JMS broker lost: " + reason;
        for (CompletableFuture<BrokerReply> future : pending) {
            future.completeExceptionally(new BrokerUnavailableException(lostReason));
        }
        sessions.forEach(IsolaSession::connectionLost);
        ExceptionListener listener = exceptionListener;
        if (listener != null) {
            JMSException e = new JMSException(lostReason, "CONNECTION_LOST");
            Thread.ofVirtual().name("jms-exception-listener").start(() -> listener.onException(e));
        }
    }

    // ---- state used by sessions --------------------------------------------------------------

    String connectionId() {
        return connectionId;
    }

    String clientIdOrNull() {
        return clientId;
    }

    ConnectionFactoryConfig config() {
        return config;
    }

    ObjectMessageFilter objectFilter() {
        return objectFilter;
    }

    long maxMessageSize() {
        return maxMessageSize;
    }

    boolean started() {
        return started;
    }

    String lostReason() {
        return lostReason;
    }

    long nextConsumerId() {
        return consumerIds.incrementAndGet();
    }

    String nextMessageId() {
        return "ID:" + connectionId + ":" + messageIds.incrementAndGet();
    }

    void register(IsolaConsumer consumer) {
        consumers.put(consumer.id(), consumer);
    }

    void unregister(IsolaConsumer consumer) {
        consumers.remove(consumer.id());
    }

    void sessionClosed(IsolaSession session) {
        sessions.remove(session);
        synchronized (lifecycle) {
            if (goodbyeDeferred && sessions.stream().noneMatch(IsolaSession::awaitsTransaction)) {
                goodbyeDeferred = false;
                goodbye();
            }
        }
    }

    /** Checks a destination with the broker once; declared destinations cannot disappear, so the answer is kept. */
    void checkDestination(DestinationRef destination) throws JMSException {
        if (knownDestinations.contains(destination)) {
            return;
        }
        call(new BrokerCommand.CheckDestination(destination));
        if (!destination.kind().isTemporary()) {
            knownDestinations.add(destination);
        }
    }

    void checkOpen() throws JMSException {
        if (closed) {
            throw new IllegalStateException("JMS connection " + connectionId + " is closed");
        }
        if (lostReason != null) {
            throw new JMSException(lostReason, "CONNECTION_LOST");
        }
    }

    // ---- jakarta.jms.Connection --------------------------------------------------------------

    @Override
    public Session createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return createSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode);
    }

    @Override
    public Session createSession(int sessionMode) throws JMSException {
        return newSession(sessionMode, IsolaSession.Domain.UNIFIED);
    }

    @Override
    public Session createSession() throws JMSException {
        return createSession(Session.AUTO_ACKNOWLEDGE);
    }

    IsolaSession newSession(int sessionMode, IsolaSession.Domain domain) throws JMSException {
        checkOpen();
        clientIdFixed = true;
        if (sessionMode != Session.SESSION_TRANSACTED && sessionMode != Session.AUTO_ACKNOWLEDGE
                && sessionMode != Session.CLIENT_ACKNOWLEDGE && sessionMode != Session.DUPS_OK_ACKNOWLEDGE) {
            throw new JMSException("session mode " + sessionMode + " is not one of SESSION_TRANSACTED (0), AUTO_ACKNOWLEDGE (1),"
                    + " CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)");
        }
        IsolaSession session = null;
        if (enlistment != null) {
            ContainerTransactionWork work = new ContainerTransactionWork(this);
            if (enlistment.enlist(work)) {
                session = new IsolaSession(this, Session.SESSION_TRANSACTED, domain, work);
            }
        }
        if (session == null) {
            session = new IsolaSession(this, sessionMode, domain, null);
        }
        sessions.add(session);
        return session;
    }

    @Override
    public QueueSession createQueueSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return newSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode, IsolaSession.Domain.QUEUE);
    }

    @Override
    public TopicSession createTopicSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return newSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode, IsolaSession.Domain.TOPIC);
    }

    @Override
    public String getClientID() throws JMSException {
        checkOpen();
        return clientId;
    }

    @Override
    public void setClientID(String clientID) throws JMSException {
        checkOpen();
        synchronized (lifecycle) {
            if (clientIdFixed) {
                throw new IllegalStateException(clientId != null
                        ? "the client id of this connection is already '" + clientId + "'"
                        : "the client id must be set before the connection is used (sessions created or started)");
            }
            call(new BrokerCommand.SetClientId(clientID));
            clientId = clientID;
            clientIdFixed = true;
        }
    }

    @Override
    public ConnectionMetaData getMetaData() throws JMSException {
        checkOpen();
        return new IsolaConnectionMetaData();
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException {
        checkOpen();
        return exceptionListener;
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) throws JMSException {
        checkOpen();
        clientIdFixed = true;
        this.exceptionListener = listener;
    }

    @Override
    public void start() throws JMSException {
        checkOpen();
        clientIdFixed = true;
        synchronized (lifecycle) {
            started = true;
            sessions.forEach(IsolaSession::connectionStarted);
        }
    }

    /** Stops delivery; returns when no message listener of this connection is running any more. */
    @Override
    public void stop() throws JMSException {
        checkOpen();
        clientIdFixed = true;
        for (IsolaSession session : sessions) {
            if (session.isListenerThread()) {
                throw new IllegalStateException("a message listener must not stop its own connection");
            }
        }
        synchronized (lifecycle) {
            started = false;
            for (IsolaSession session : sessions) {
                session.connectionStopped();
            }
        }
    }

    @Override
    public void close() throws JMSException {
        for (IsolaSession session : sessions) {
            if (session.isListenerThread()) {
                throw new IllegalStateException("a message listener must not close its own connection");
            }
        }
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            started = false;
            for (IsolaSession session : List.copyOf(sessions)) {
                session.close();
            }
            closed = true;
            if (sessions.stream().anyMatch(IsolaSession::awaitsTransaction)) {
                // Their sends and acknowledgements belong to a transaction that has not ended;
                // the last of them to complete says goodbye (sessionClosed).
                goodbyeDeferred = true;
                return;
            }
            goodbye();
        }
    }

    private void goodbye() {
        if (lostReason == null) {
            try {
                await(broker.request(new BrokerCommand.Goodbye()), new BrokerCommand.Goodbye());
            } catch (JMSException e) {
                LOG.log(System.Logger.Level.DEBUG, "goodbye to the JMS broker failed: " + e.getMessage());
            }
        }
    }

    /**
     * Drops the connection the way a crashed client would: no goodbye, nothing released. The
     * broker redelivers what it had handed out. (For tests and for a transport that detects a
     * dead peer.)
     */
    public void abort() {
        closed = true;
        broker.abort();
    }

    @Override
    public void deleteTemporaryDestination(DestinationRef destination) throws JMSException {
        checkOpen();
        call(new BrokerCommand.DeleteTemporaryDestination(destination));
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Destination destination, String messageSelector, ServerSessionPool sessionPool,
                                                       int maxMessages) throws JMSException {
        throw unsupportedConnectionConsumer();
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String subscriptionName, String messageSelector,
                                                             ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        throw unsupportedConnectionConsumer();
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String subscriptionName, String messageSelector,
                                                              ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        throw unsupportedConnectionConsumer();
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String subscriptionName, String messageSelector,
                                                                    ServerSessionPool sessionPool, int maxMessages) throws JMSException {
        throw unsupportedConnectionConsumer();
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Queue queue, String messageSelector, ServerSessionPool sessionPool,
                                                       int maxMessages) throws JMSException {
        throw unsupportedConnectionConsumer();
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Topic topic, String messageSelector, ServerSessionPool sessionPool,
                                                       int maxMessages) throws JMSException {
        throw unsupportedConnectionConsumer();
    }

    private static JMSException unsupportedConnectionConsumer() {
        // The optional application server facilities of chapter 10 are not offered; the EJB
        // container consumes for message-driven beans with ordinary sessions.
        return new JMSException("connection consumers (ServerSessionPool) are not supported by this provider;"
                + " use a MessageListener or a message-driven bean");
    }

    @Override
    public String toString() {
        return "IsolaConnection[" + connectionId + (clientId != null ? " client id '" + clientId + "'" : "") + "]";
    }
}

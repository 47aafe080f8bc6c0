package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.Acknowledger;
import dev.isola.appserver.jms.message.IsolaBytesMessage;
import dev.isola.appserver.jms.message.IsolaDestination;
import dev.isola.appserver.jms.message.IsolaMapMessage;
import dev.isola.appserver.jms.message.IsolaMessage;
import dev.isola.appserver.jms.message.IsolaObjectMessage;
import dev.isola.appserver.jms.message.IsolaQueue;
import dev.isola.appserver.jms.message.IsolaStreamMessage;
import dev.isola.appserver.jms.message.IsolaTextMessage;
import dev.isola.appserver.jms.message.IsolaTopic;
import dev.isola.appserver.jms.message.Messages;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.Delivery;
import dev.isola.appserver.jms.protocol.DestinationRef;
import dev.isola.appserver.jms.protocol.MessageCodec;
import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.appserver.jms.protocol.SubscriptionRequest;
import dev.isola.appserver.jms.selector.Selector;
import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.QueueReceiver;
import jakarta.jms.QueueSender;
import jakarta.jms.QueueSession;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;
import jakarta.jms.TopicSession;
import jakarta.jms.TopicSubscriber;
import jakarta.jms.TransactionInProgressException;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session: a single-threaded context for producing and consuming, and the unit of
 * acknowledgement and transactions.
 *
 * <p>How each mode acknowledges:
 * <ul>
 *   <li>AUTO_ACKNOWLEDGE: a message taken with {@code receive} is acknowledged by the next
 *       pull of the session (in the same store batch as the next delivery), or when the
 *       consumer or session closes; a listener's message is acknowledged after
 *       {@code onMessage} returns, and that acknowledgement is durable before the next
 *       {@code onMessage} starts. So after a crash at most the last message of a session
 *       comes back, as the specification allows.</li>
 *   <li>DUPS_OK_ACKNOWLEDGE: acknowledgements are sent lazily in batches and not waited for.</li>
 *   <li>CLIENT_ACKNOWLEDGE: {@code Message.acknowledge()} acknowledges everything the session
 *       consumed so far, and returns when that is durable.</li>
 *   <li>SESSION_TRANSACTED: sends are kept here and consumed messages remembered until
 *       {@code commit()}, which hands both to the broker in one atomic store batch.</li>
 * </ul>
 *
 * <p>A session created in a container transaction ({@link TransactionEnlistment}) is
 * transacted whatever mode was asked for, and its commit is the transaction's: the
 * application's {@code commit}/{@code rollback} are refused, and its {@code close} keeps the
 * transaction's work until the transaction completes.
 */
public final class IsolaSession implements QueueSession, TopicSession, Acknowledger {

    private static final int DUPS_OK_BATCH = 64;

    /** Which API created the session: a {@code QueueSession} and a {@code TopicSession} refuse the other domain. */
    enum Domain { UNIFIED, QUEUE, TOPIC }

    private final IsolaConnection connection;
    private final int mode;
    private final Domain domain;
    /** Non-null if the session takes part in a container transaction. */
    private final ContainerTransactionWork containerWork;
    final ReentrantLock lock = new ReentrantLock();
    /** Signalled when buffers, the connection's started state, or listener activity change. */
    final Condition changed = lock.newCondition();

    // Guarded by lock.
    private final List<IsolaConsumer> consumers = new ArrayList<>();
    private final List<Long> unacknowledged = new ArrayList<>();
    private final List<Long> dupsOk = new ArrayList<>();
    private final List<MessageData> transactionSends = new ArrayList<>();
    private long pendingAutoAck = -1;
    private CompletableFuture<BrokerReply> lastListenerAck;
    private volatile boolean closed;
    private volatile String closedReason;

    private final List<IsolaProducer> producers = new CopyOnWriteArrayList<>();
    private final ListenerDispatcher dispatcher;
    private final AsyncSender asyncSender;

    IsolaSession(IsolaConnection connection, int mode, Domain domain, ContainerTransactionWork containerWork) {
        this.connection = connection;
        this.mode = mode;
        this.domain = domain;
        this.containerWork = containerWork;
        this.dispatcher = new ListenerDispatcher(this);
        this.asyncSender = new AsyncSender(this);
        if (containerWork != null) {
            containerWork.attach(this);
        }
    }

    IsolaConnection connection() {
        return connection;
    }

    int mode() {
        return mode;
    }

    boolean isClosed() {
        return closed;
    }

    void checkOpen() throws JMSException {
        if (closed) {
            String reason = closedReason;
            throw new IllegalStateException(reason != null ? reason : "the session is closed");
        }
        connection.checkOpen();
    }

    /** Whether the session's work still waits for the end of its container transaction. */
    boolean awaitsTransaction() {
        return containerWork != null && !containerWork.isCompleted();
    }

    boolean isListenerThread() {
        return dispatcher.isListenerThread();
    }

    // ---- connection state --------------------------------------------------------------------

    void connectionStarted() {
        signal();
    }

    /** Stop: cancel waiting pulls (they resume on start) and wait for a running listener to return. */
    void connectionStopped() {
        List<IsolaConsumer> pulling = new ArrayList<>();
        lock.lock();
        try {
            consumers.stream().filter(IsolaConsumer::pulling).forEach(pulling::add);
        } finally {
            lock.unlock();
        }
        pulling.forEach(c -> connection.post(new BrokerCommand.CancelPull(c.id())));
        dispatcher.awaitIdle();
    }

    void connectionLost() {
        signal();
    }

    void signal() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    // ---- consuming ---------------------------------------------------------------------------

    /** The message the application gets for a delivery. */
    IsolaMessage messageFor(Delivery delivery) {
        return Messages.received(delivery.message(), delivery.deliveryCount(), connection, this, connection.objectFilter());
    }

    /** Takes the pending auto-acknowledgement, to be sent with the next pull. */
    List<Long> takePendingAutoAck() {
        lock.lock();
        try {
            if (pendingAutoAck < 0) {
                return List.of();
            }
            List<Long> tags = List.of(pendingAutoAck);
            pendingAutoAck = -1;
            return tags;
        } finally {
            lock.unlock();
        }
    }

    /** Records that the application has a delivered message, as the session's mode requires. */
    void consumed(Delivery delivery, boolean byListener) {
        long tag = delivery.tag();
        switch (mode) {
            case Session.AUTO_ACKNOWLEDGE -> {
                if (byListener) {
                    CompletableFuture<BrokerReply> ack = connection.request(new BrokerCommand.Acknowledge(List.of(tag), true));
                    lock.lock();
                    try {
                        lastListenerAck = ack;
                    } finally {
                        lock.unlock();
                    }
                } else {
                    lock.lock();
                    try {
                        pendingAutoAck = tag;
                    } finally {
                        lock.unlock();
                    }
                }
            }
            case Session.DUPS_OK_ACKNOWLEDGE -> {
                List<Long> batch = null;
                lock.lock();
                try {
                    dupsOk.add(tag);
                    if (dupsOk.size() >= DUPS_OK_BATCH) {
                        batch = List.copyOf(dupsOk);
                        dupsOk.clear();
                    }
                } finally {
                    lock.unlock();
                }
                if (batch != null) {
                    connection.post(new BrokerCommand.Acknowledge(batch, false));
                }
            }
            default -> {
                lock.lock();
                try {
                    unacknowledged.add(tag);
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /** Sends lazily collected DUPS_OK acknowledgements (when the session runs out of messages). */
    void flushLazyAcknowledgements() {
        List<Long> batch;
        lock.lock();
        try {
            if (dupsOk.isEmpty()) {
                return;
            }
            batch = List.copyOf(dupsOk);
            dupsOk.clear();
        } finally {
            lock.unlock();
        }
        connection.post(new BrokerCommand.Acknowledge(batch, false));
    }

    /** Before the next listener call in AUTO mode: the previous acknowledgement must be durable. */
    void awaitListenerAcknowledgement() throws JMSException {
        CompletableFuture<BrokerReply> ack;
        lock.lock();
        try {
            ack = lastListenerAck;
            lastListenerAck = null;
        } finally {
            lock.unlock();
        }
        if (ack != null) {
            BrokerReply reply = connection.await(ack, new BrokerCommand.Acknowledge(List.of(), true));
            if (reply instanceof BrokerReply.Failed failed) {
                throw JmsExceptions.of(failed);
            }
        }
    }

    /** Sends the acknowledgement of an auto-acknowledged message that no pull carried yet, and waits for it. */
    void flushPendingAutoAck() throws JMSException {
        List<Long> tags = takePendingAutoAck();
        if (!tags.isEmpty() && connection.lostReason() == null) {
            connection.call(new BrokerCommand.Acknowledge(tags, true));
        }
    }

    @Override
    public void acknowledgeFromMessage() throws JMSException {
        if (closed) {
            throw new IllegalStateException("cannot acknowledge: the session that received the message is closed");
        }
        if (mode == Session.CLIENT_ACKNOWLEDGE) {
            acknowledgeAll();
        }
    }

    void acknowledgeAll() throws JMSException {
        checkOpen();
        List<Long> tags;
        lock.lock();
        try {
            tags = List.copyOf(unacknowledged);
            unacknowledged.clear();
        } finally {
            lock.unlock();
        }
        if (!tags.isEmpty()) {
            connection.call(new BrokerCommand.Acknowledge(tags, true));
        }
    }

    /**
     * Gives back every message the session holds: {@code seen} ones (consumed, not
     * acknowledged) are redelivered and counted, buffered ones go back untouched, so the
     * next delivery starts again with the oldest.
     */
    private void redeliver(List<Long> seen) throws JMSException {
        List<Long> unseen = new ArrayList<>();
        List<IsolaConsumer> regrant = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        lock.lock();
        try {
            for (IsolaConsumer c : consumers) {
                List<Long> drained = c.drainBuffer();
                unseen.addAll(drained);
                if (c.listening() && !drained.isEmpty()) {
                    regrant.add(c);
                    counts.add(drained.size());
                }
            }
        } finally {
            lock.unlock();
        }
        if (!seen.isEmpty() || !unseen.isEmpty()) {
            connection.call(new BrokerCommand.Release(seen, unseen));
        }
        for (int i = 0; i < regrant.size(); i++) {
            connection.post(new BrokerCommand.GrantCredit(regrant.get(i).id(), counts.get(i)));
        }
    }

    @Override
    public void recover() throws JMSException {
        checkOpen();
        if (mode == Session.SESSION_TRANSACTED) {
            throw new IllegalStateException("recover() is for non-transacted sessions; use rollback()");
        }
        List<Long> seen;
        lock.lock();
        try {
            seen = new ArrayList<>(unacknowledged);
            unacknowledged.clear();
            if (pendingAutoAck >= 0) {
                seen.add(pendingAutoAck);
                pendingAutoAck = -1;
            }
        } finally {
            lock.unlock();
        }
        redeliver(seen);
    }

    // ---- transactions ------------------------------------------------------------------------

    @Override
    public boolean getTransacted() throws JMSException {
        checkOpen();
        return mode == Session.SESSION_TRANSACTED;
    }

    @Override
    public int getAcknowledgeMode() throws JMSException {
        checkOpen();
        return mode;
    }

    @Override
    public void commit() throws JMSException {
        checkOpen();
        if (mode != Session.SESSION_TRANSACTED) {
            throw new IllegalStateException("commit() needs a transacted session; this one is " + modeName());
        }
        refuseInContainerTransaction("commit");
        asyncSender.checkNotCompletionThread("commit");
        commitNow();
    }

    private void refuseInContainerTransaction(String operation) throws TransactionInProgressException {
        if (containerWork != null) {
            throw new TransactionInProgressException(operation + "() is not allowed: this session was created in a container-managed"
                    + " transaction and commits or rolls back with it (Jakarta Messaging 3.1, section 12.3)");
        }
    }

    /** The container transaction commits: send and acknowledge in one broker commit (even if the application closed the session). */
    void commitForContainer() throws JMSException {
        commitNow();
    }

    /** The container transaction rolls back: nothing is sent, received messages come back. */
    void rollbackForContainer() throws JMSException {
        rollbackNow();
    }

    /** The container transaction has ended: the session belonged to it only, so it closes now. */
    void transactionCompleted() {
        if (!closed) {
            try {
                closeNow();
            } catch (JMSException e) {
                System.getLogger(IsolaSession.class.getName()).log(System.Logger.Level.WARNING,
                        "closing a JMS session after its container transaction: " + e.getMessage());
            }
            closedReason = "the session was created in a container-managed transaction, which has ended; a session takes part in"
                    + " the transaction it was created in only, so create a new one";
        }
        connection.sessionClosed(this);
    }

    private void commitNow() throws JMSException {
        asyncSender.drain();
        List<MessageData> sends;
        List<Long> acks;
        lock.lock();
        try {
            sends = List.copyOf(transactionSends);
            acks = List.copyOf(unacknowledged);
            transactionSends.clear();
            unacknowledged.clear();
        } finally {
            lock.unlock();
        }
        if (!sends.isEmpty() || !acks.isEmpty()) {
            connection.call(new BrokerCommand.Commit(sends, acks));
        }
    }

    @Override
    public void rollback() throws JMSException {
        checkOpen();
        if (mode != Session.SESSION_TRANSACTED) {
            throw new IllegalStateException("rollback() needs a transacted session; this one is " + modeName());
        }
        refuseInContainerTransaction("rollback");
        asyncSender.checkNotCompletionThread("rollback");
        rollbackNow();
    }

    private void rollbackNow() throws JMSException {
        asyncSender.drain();
        List<Long> seen;
        lock.lock();
        try {
            transactionSends.clear();
            seen = List.copyOf(unacknowledged);
            unacknowledged.clear();
        } finally {
            lock.unlock();
        }
        redeliver(seen);
    }

    private String modeName() {
        return switch (mode) {
            case Session.AUTO_ACKNOWLEDGE -> "AUTO_ACKNOWLEDGE";
            case Session.CLIENT_ACKNOWLEDGE -> "CLIENT_ACKNOWLEDGE";
            case Session.DUPS_OK_ACKNOWLEDGE -> "DUPS_OK_ACKNOWLEDGE";
            default -> "SESSION_TRANSACTED";
        };
    }

    // ---- sending -----------------------------------------------------------------------------

    /** The producer settings a send uses. */
    record SendOptions(int deliveryMode, int priority, long timeToLive, long deliveryDelay, boolean disableMessageId,
                       boolean disableTimestamp) {
    }

    /**
     * Sends (or, in a transaction, keeps) {@code message}; sets the headers on it as the
     * specification requires, also on another provider's message.
     */
    void send(Destination destination, Message message, SendOptions options, CompletionListener completion) throws JMSException {
        checkOpen();
        if (message == null) {
            throw new MessageFormatException("cannot send a null message");
        }
        if (options.deliveryMode() != DeliveryMode.PERSISTENT && options.deliveryMode() != DeliveryMode.NON_PERSISTENT) {
            throw new JMSException("delivery mode " + options.deliveryMode() + " is neither PERSISTENT (2) nor NON_PERSISTENT (1)");
        }
        if (options.priority() < 0 || options.priority() > 9) {
            throw new JMSException("priority " + options.priority() + " is outside 0..9");
        }
        if (options.timeToLive() < 0 || options.deliveryDelay() < 0) {
            throw new JMSException("time to live (" + options.timeToLive() + ") and delivery delay (" + options.deliveryDelay()
                    + ") must not be negative");
        }
        DestinationRef ref = IsolaDestination.refOf(destination);
        IsolaMessage ours = message instanceof IsolaMessage m ? m : Messages.copyOf(message, connection.objectFilter());
        long now = System.currentTimeMillis();
        String messageId = options.disableMessageId() ? null : connection.nextMessageId();
        for (Message target : message == ours ? List.of(message) : List.of(message, ours)) {
            target.setJMSDestination(destination);
            target.setJMSDeliveryMode(options.deliveryMode());
            target.setJMSPriority(options.priority());
            target.setJMSTimestamp(options.disableTimestamp() ? 0 : now);
            target.setJMSExpiration(options.timeToLive() > 0 ? now + options.timeToLive() : 0);
            target.setJMSDeliveryTime(now + options.deliveryDelay());
            target.setJMSMessageID(messageId);
        }
        MessageData data = ours.toData(ref, connection.connectionId(), connection.clientIdOrNull());
        if (completion != null) {
            asyncSender.submit(message, () -> deliverToBroker(data), completion);
        } else {
            deliverToBroker(data);
        }
    }

    private void deliverToBroker(MessageData data) throws JMSException {
        if (mode == Session.SESSION_TRANSACTED) {
            connection.checkDestination(data.destination());
            int size = MessageCodec.encode(data).length;
            if (size > connection.maxMessageSize()) {
                throw new ResourceAllocationException("message " + data.messageId() + " to " + data.destination() + " is " + size
                        + " bytes, more than the JMS broker's maximum message size of " + connection.maxMessageSize()
                        + " bytes (maxMessageSize); it was not sent");
            }
            lock.lock();
            try {
                transactionSends.add(data);
            } finally {
                lock.unlock();
            }
        } else {
            connection.call(new BrokerCommand.Send(data));
        }
    }

    // ---- factories ---------------------------------------------------------------------------

    @Override
    public BytesMessage createBytesMessage() throws JMSException {
        checkOpen();
        return new IsolaBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() throws JMSException {
        checkOpen();
        return new IsolaMapMessage();
    }

    @Override
    public Message createMessage() throws JMSException {
        checkOpen();
        return new IsolaMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() throws JMSException {
        checkOpen();
        return new IsolaObjectMessage(connection.objectFilter());
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) throws JMSException {
        ObjectMessage message = createObjectMessage();
        message.setObject(object);
        return message;
    }

    @Override
    public StreamMessage createStreamMessage() throws JMSException {
        checkOpen();
        return new IsolaStreamMessage();
    }

    @Override
    public TextMessage createTextMessage() throws JMSException {
        checkOpen();
        return new IsolaTextMessage();
    }

    @Override
    public TextMessage createTextMessage(String text) throws JMSException {
        checkOpen();
        return new IsolaTextMessage(text);
    }

    @Override
    public Queue createQueue(String queueName) throws JMSException {
        checkOpen();
        requireDomain(Domain.QUEUE, "createQueue");
        return new IsolaQueue(queueName);
    }

    @Override
    public Topic createTopic(String topicName) throws JMSException {
        checkOpen();
        requireDomain(Domain.TOPIC, "createTopic");
        return new IsolaTopic(topicName);
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException {
        checkOpen();
        requireDomain(Domain.QUEUE, "createTemporaryQueue");
        BrokerReply.TemporaryDestinationCreated created = (BrokerReply.TemporaryDestinationCreated)
                connection.call(new BrokerCommand.CreateTemporaryDestination(DestinationRef.Kind.TEMPORARY_QUEUE));
        return (TemporaryQueue) IsolaDestination.of(created.destination(), connection);
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException {
        checkOpen();
        requireDomain(Domain.TOPIC, "createTemporaryTopic");
        BrokerReply.TemporaryDestinationCreated created = (BrokerReply.TemporaryDestinationCreated)
                connection.call(new BrokerCommand.CreateTemporaryDestination(DestinationRef.Kind.TEMPORARY_TOPIC));
        return (TemporaryTopic) IsolaDestination.of(created.destination(), connection);
    }

    private void requireDomain(Domain wanted, String method) throws IllegalStateException {
        if (domain != Domain.UNIFIED && domain != wanted) {
            throw new IllegalStateException(method + " is not available on a " + (domain == Domain.QUEUE ? "QueueSession" : "TopicSession"));
        }
    }

    @Override
    public MessageProducer createProducer(Destination destination) throws JMSException {
        checkOpen();
        if (destination != null) {
            connection.checkDestination(IsolaDestination.refOf(destination));
        }
        IsolaProducer producer = new IsolaProducer(this, destination);
        producers.add(producer);
        return producer;
    }

    @Override
    public QueueSender createSender(Queue queue) throws JMSException {
        return (QueueSender) createProducer(queue);
    }

    @Override
    public TopicPublisher createPublisher(Topic topic) throws JMSException {
        return (TopicPublisher) createProducer(topic);
    }

    void producerClosed(IsolaProducer producer) {
        producers.remove(producer);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination) throws JMSException {
        return createConsumer(destination, null, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String messageSelector) throws JMSException {
        return createConsumer(destination, messageSelector, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String messageSelector, boolean noLocal) throws JMSException {
        return newConsumer(destination, messageSelector, noLocal, null);
    }

    @Override
    public QueueReceiver createReceiver(Queue queue) throws JMSException {
        return newConsumer(queue, null, false, null);
    }

    @Override
    public QueueReceiver createReceiver(Queue queue, String messageSelector) throws JMSException {
        return newConsumer(queue, messageSelector, false, null);
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic) throws JMSException {
        return newConsumer(topic, null, false, null);
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic, String messageSelector, boolean noLocal) throws JMSException {
        return newConsumer(topic, messageSelector, noLocal, null);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName) throws JMSException {
        return createSharedConsumer(topic, sharedSubscriptionName, null);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName, String messageSelector) throws JMSException {
        requireDomain(Domain.TOPIC, "createSharedConsumer");
        return newConsumer(topic, messageSelector, false, new SubscriptionRequest(requireName(sharedSubscriptionName), false, true));
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name, String messageSelector, boolean noLocal) throws JMSException {
        requireDomain(Domain.TOPIC, "createDurableSubscriber");
        return newConsumer(topic, messageSelector, noLocal, new SubscriptionRequest(requireName(name), true, false));
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name, String messageSelector, boolean noLocal) throws JMSException {
        return createDurableSubscriber(topic, name, messageSelector, noLocal);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name) throws JMSException {
        return createSharedDurableConsumer(topic, name, null);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector) throws JMSException {
        requireDomain(Domain.TOPIC, "createSharedDurableConsumer");
        return newConsumer(topic, messageSelector, false, new SubscriptionRequest(requireName(name), true, true));
    }

    private static String requireName(String name) throws JMSException {
        if (name == null || name.isBlank()) {
            throw new JMSException("a subscription name must not be " + (name == null ? "null" : "blank"));
        }
        return name;
    }

    private IsolaConsumer newConsumer(Destination destination, String selector, boolean noLocal, SubscriptionRequest subscription)
            throws JMSException {
        checkOpen();
        if (destination == null) {
            throw new InvalidDestinationException("cannot create a consumer for a null destination");
        }
        DestinationRef ref = IsolaDestination.refOf(destination);
        if (subscription != null && ref.isQueue()) {
            throw new InvalidDestinationException("subscriptions are for topics; " + ref + " is a queue");
        }
        // Checked here too, so the application gets the exact position of a syntax error.
        Selector.compile(selector);
        IsolaConsumer consumer = new IsolaConsumer(this, connection.nextConsumerId(), destination, selector, noLocal);
        connection.register(consumer);
        try {
            connection.call(new BrokerCommand.CreateConsumer(consumer.id(), ref, selector, noLocal, subscription));
        } catch (JMSException e) {
            connection.unregister(consumer);
            throw e;
        }
        lock.lock();
        try {
            consumers.add(consumer);
        } finally {
            lock.unlock();
        }
        return consumer;
    }

    void consumerClosed(IsolaConsumer consumer) {
        lock.lock();
        try {
            consumers.remove(consumer);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        connection.unregister(consumer);
    }

    /** Consumers with a listener, for the dispatcher. Called under the lock. */
    List<IsolaConsumer> consumersUnderLock() {
        return consumers;
    }

    void listenerSet(IsolaConsumer consumer) {
        dispatcher.ensureRunning();
        signal();
    }

    ListenerDispatcher dispatcher() {
        return dispatcher;
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        return createBrowser(queue, null);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) throws JMSException {
        checkOpen();
        requireDomain(Domain.QUEUE, "createBrowser");
        if (queue == null) {
            throw new InvalidDestinationException("cannot browse a null queue");
        }
        Selector.compile(messageSelector);
        DestinationRef ref = IsolaDestination.refOf(queue);
        connection.checkDestination(ref);
        return new IsolaQueueBrowser(this, queue, ref, messageSelector);
    }

    @Override
    public void unsubscribe(String name) throws JMSException {
        checkOpen();
        requireDomain(Domain.TOPIC, "unsubscribe");
        connection.call(new BrokerCommand.Unsubscribe(requireName(name)));
    }

    @Override
    public MessageListener getMessageListener() throws JMSException {
        checkOpen();
        return null;
    }

    /** The session-wide listener is part of the optional application server facilities, which this provider does not offer. */
    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        checkOpen();
        throw new JMSException("Session.setMessageListener belongs to the application server facilities (ServerSessionPool),"
                + " which this provider does not support; set the listener on a MessageConsumer");
    }

    @Override
    public void run() {
        throw new UnsupportedOperationException("Session.run belongs to the application server facilities, which this provider does not support");
    }

    // ---- closing -----------------------------------------------------------------------------

    /**
     * Closes the session: waits for a running listener, rolls back a transaction, redelivers
     * unacknowledged messages (client acknowledge), sends pending automatic
     * acknowledgements, and closes consumers and producers.
     */
    @Override
    public void close() throws JMSException {
        if (dispatcher.isListenerThread()) {
            throw new IllegalStateException("a message listener must not close its own session");
        }
        asyncSender.checkNotCompletionThread("close");
        if (closed) {
            return;
        }
        if (awaitsTransaction()) {
            closeKeepingTransaction();
            return;
        }
        closeNow();
    }

    /**
     * The application closes a session whose container transaction is still running: it
     * becomes unusable now, but what it sent and received stays for the transaction's
     * commit or rollback, and the connection keeps it until then.
     */
    private void closeKeepingTransaction() throws JMSException {
        endActivity();
        closeConsumersAndProducers();
    }

    /** Lets asynchronous sends and a running listener finish, then refuses further use. */
    private void endActivity() throws JMSException {
        asyncSender.drain();
        dispatcher.awaitIdle();
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        dispatcher.stop();
        asyncSender.stop();
    }

    private void closeNow() throws JMSException {
        endActivity();
        if (connection.lostReason() == null) {
            awaitListenerAcknowledgement();
            List<Long> seen = List.of();
            if (mode == Session.SESSION_TRANSACTED || mode == Session.CLIENT_ACKNOWLEDGE) {
                lock.lock();
                try {
                    seen = List.copyOf(unacknowledged);
                    unacknowledged.clear();
                    transactionSends.clear();
                } finally {
                    lock.unlock();
                }
            }
            flushPendingAutoAck();
            flushLazyAcknowledgements();
            if (!seen.isEmpty()) {
                connection.call(new BrokerCommand.Release(seen, List.of()));
            }
        }
        closeConsumersAndProducers();
        if (containerWork == null) {
            connection.sessionClosed(this);
        }
    }

    private void closeConsumersAndProducers() throws JMSException {
        List<IsolaConsumer> open;
        lock.lock();
        try {
            open = List.copyOf(consumers);
        } finally {
            lock.unlock();
        }
        for (IsolaConsumer consumer : open) {
            consumer.closeForSession();
        }
        for (IsolaProducer producer : producers) {
            producer.close();
        }
    }
}

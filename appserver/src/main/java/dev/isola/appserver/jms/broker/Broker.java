package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.protocol.BrokerAcceptor;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerEndpoint;
import dev.isola.appserver.jms.protocol.BrokerUnavailableException;
import dev.isola.appserver.jms.protocol.ClientEvents;
import dev.isola.appserver.jms.protocol.DestinationRef;
import dev.isola.appserver.jms.protocol.FailureKind;
import dev.isola.appserver.jms.protocol.MessageCodec;
import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.appserver.jms.selector.Selector;
import dev.isola.appserver.jms.selector.SelectorSyntaxException;
import dev.isola.appserver.jms.store.MessageStore;
import dev.isola.appserver.jms.store.StoreOperation;
import dev.isola.appserver.jms.store.StoredMessage;
import dev.isola.appserver.jms.store.StoredSubscription;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JMS broker: declared destinations, subscriptions, dispatch and the message store.
 * Clients reach it only through {@link #accept} (the broker side of the client/broker seam),
 * so the same broker serves clients in its own isolate and, over links, in others.
 *
 * <pre>
 *   ClientConnection ──send──▶ Broker.prepare ──▶ MessageQueue (queue)      ──▶ consumers
 *        (one per client)            │            └ TopicState ─▶ Subscription ─▶ MessageQueue ─▶ consumers
 *                                    └──▶ MessageStore (persistent messages of queues and durable subscriptions)
 * </pre>
 *
 * <p>A persistent message is in the store before its send completes, and a message's
 * delivery count is in the store before it is handed out, so after a crash messages come
 * back exactly as they were: unacknowledged ones flagged as redelivered, acknowledged ones
 * gone. Only queues and durable subscriptions store messages; temporary destinations and
 * non-durable subscriptions live as long as their connection and keep even persistent
 * messages in memory.
 *
 * <p>Messages are also held in memory (the store is for recovery), so a queue's depth is
 * bounded by the heap. Expired messages are dropped when dispatch or a browser reaches
 * them, so the depth shown may include some that have expired but were not reached yet.
 */
public final class Broker implements BrokerAcceptor, MessageAdministration, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Broker.class.getName());
    private static final String QUEUE_KEY_PREFIX = "Q:";
    private static final String SUBSCRIPTION_KEY_PREFIX = "S:";

    private final BrokerConfig config;
    private final MessageStore store;
    private final ScheduledExecutorService timer;
    private final AtomicLong sequence;
    private final AtomicLong temporaryCounter = new AtomicLong();
    private final Map<String, MessageQueue> queues = new ConcurrentHashMap<>();
    private final Map<String, TopicState> topics = new ConcurrentHashMap<>();
    private final Map<String, TemporaryQueue> temporaryQueues = new ConcurrentHashMap<>();
    private final Map<String, TopicState> temporaryTopics = new ConcurrentHashMap<>();
    /** Durable and shared non-durable subscriptions, by {@link #subscriptionKey}. */
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final Map<String, ClientConnection> clientIds = new ConcurrentHashMap<>();
    private final Map<String, ClientConnection> connections = new ConcurrentHashMap<>();
    private final Object registry = new Object();
    private volatile boolean running = true;

    private record TemporaryQueue(MessageQueue queue, ClientConnection owner) {
    }

    private Broker(BrokerConfig config, MessageStore store) {
        this.config = config;
        this.store = store;
        // The thread is made on first use, maybe by an application's thread: it must not inherit that one's context loader.
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = Thread.ofPlatform().name("jms-broker-timer").daemon().unstarted(r);
            t.setContextClassLoader(Broker.class.getClassLoader());
            return t;
        });
        MessageStore.Recovery recovery = store.recover();
        this.sequence = new AtomicLong(recovery.highestSequence());
        for (DestinationConfig d : config.effectiveDestinations()) {
            declareNow(d);
        }
        recover(recovery);
    }

    /**
     * Opens the store in the configuration's data directory (if there is one yet: a new store is
     * created by the first persistent message or durable subscription), recovers what it holds
     * and starts serving.
     *
     * @throws dev.isola.appserver.jms.store.StoreException if the store cannot be opened or read
     */
    public static Broker start(BrokerConfig config) {
        Objects.requireNonNull(config, "config");
        // A broker whose store was never written to starts without booting its database.
        MessageStore store = MessageStore.derbyOnFirstWrite(config.dataDirectory(), config.databaseTemplates());
        try {
            return new Broker(config, store);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    public BrokerConfig config() {
        return config;
    }

    MessageStore store() {
        return store;
    }

    ScheduledExecutorService timer() {
        return timer;
    }

    long nextSequence() {
        return sequence.incrementAndGet();
    }

    System.Logger log() {
        return LOG;
    }

    // ---- destinations ------------------------------------------------------------------------

    /**
     * Declares a destination while running (e.g. from {@code @JMSDestinationDefinition} at
     * deployment); nothing changes if it exists.
     *
     * @return true if it was created, false if it existed already
     */
    public boolean declare(DestinationConfig destination) {
        synchronized (registry) {
            return declareNow(destination);
        }
    }

    private boolean declareNow(DestinationConfig d) {
        RedeliveryPolicy policy = policyOf(d);
        boolean[] created = new boolean[1];
        if (d.type() == DestinationType.QUEUE) {
            queues.computeIfAbsent(d.name(), name -> {
                created[0] = true;
                return new MessageQueue(this, "queue '" + name + "'", DestinationRef.queue(name), QUEUE_KEY_PREFIX + name, policy);
            });
        } else {
            topics.computeIfAbsent(d.name(), name -> {
                created[0] = true;
                return new TopicState(DestinationRef.topic(name), policy, null);
            });
        }
        return created[0];
    }

    private RedeliveryPolicy policyOf(DestinationConfig d) {
        return new RedeliveryPolicy(config.maxDeliveryAttemptsOf(d), config.deadLetterQueueOf(d));
    }

    /**
     * The declared destination {@code name} with the redelivery settings it has now (both
     * given explicitly, defaults filled in), or empty if it is not declared.
     */
    public Optional<DestinationConfig> declared(String name, DestinationType type) {
        RedeliveryPolicy policy = type == DestinationType.QUEUE
                ? Optional.ofNullable(queues.get(name)).map(MessageQueue::policy).orElse(null)
                : Optional.ofNullable(topics.get(name)).map(t -> t.policy).orElse(null);
        if (policy == null) {
            return Optional.empty();
        }
        DestinationConfig base = type == DestinationType.QUEUE ? DestinationConfig.queue(name) : DestinationConfig.topic(name);
        return Optional.of(base.withMaxDeliveryAttempts(policy.maxDeliveryAttempts()).withDeadLetterQueue(policy.deadLetterQueue()));
    }

    /**
     * Gives a declared destination the redelivery settings of {@code d} (unset ones: the
     * broker's defaults); for a topic, its existing subscriptions too. Messages already
     * counted keep their counts.
     *
     * @throws IllegalArgumentException if the destination is not declared
     */
    public void redeclare(DestinationConfig d) {
        RedeliveryPolicy policy = policyOf(d);
        synchronized (registry) {
            if (d.type() == DestinationType.QUEUE) {
                MessageQueue queue = queues.get(d.name());
                if (queue == null) {
                    throw new IllegalArgumentException("queue '" + d.name() + "' is not declared");
                }
                queue.policy(policy);
            } else {
                TopicState topic = topics.get(d.name());
                if (topic == null) {
                    throw new IllegalArgumentException("topic '" + d.name() + "' is not declared");
                }
                topic.policy = policy;
                topic.subscriptions.forEach(s -> s.queue().policy(policy));
            }
        }
    }

    /**
     * Removes a declared destination if nothing uses it: a queue without messages (waiting or
     * in flight) and consumers, a topic without subscriptions. The default dead-letter queue
     * always stays.
     *
     * @return whether it was removed
     */
    public boolean undeclareIfUnused(String name, DestinationType type) {
        synchronized (registry) {
            if (type == DestinationType.QUEUE) {
                MessageQueue queue = queues.get(name);
                if (queue == null || name.equals(config.defaultDeadLetterQueue())) {
                    return false;
                }
                MessageQueue.Counts counts = queue.counts();
                if (counts.depth() > 0 || counts.inFlight() > 0 || counts.consumers() > 0) {
                    return false;
                }
                queues.remove(name);
                queue.drop();
                return true;
            }
            TopicState topic = topics.get(name);
            if (topic == null || !topic.subscriptions.isEmpty()) {
                return false;
            }
            topics.remove(name);
            return true;
        }
    }

    private void recover(MessageStore.Recovery recovery) {
        Map<String, MessageQueue> byKey = new ConcurrentHashMap<>();
        queues.values().forEach(q -> byKey.put(q.storeKey, q));
        for (StoredSubscription s : recovery.subscriptions()) {
            TopicState topic = topics.get(s.topic());
            if (topic == null) {
                LOG.log(System.Logger.Level.WARNING, "durable subscription '" + s.name() + "' is on topic '" + s.topic()
                        + "', which is no longer declared; declaring it so the subscription's messages are kept");
                declareNow(DestinationConfig.topic(s.topic()));
                topic = topics.get(s.topic());
            }
            Subscription subscription = newSubscription(s.queue().substring(SUBSCRIPTION_KEY_PREFIX.length()), s.queue(), s.name(),
                    s.clientId(), topic, compileStored(s), s.noLocal(), true, s.shared(), null);
            subscriptions.put(subscription.key(), subscription);
            topic.subscriptions.add(subscription);
            byKey.put(s.queue(), subscription.queue());
        }
        int recovered = 0;
        for (StoredMessage m : recovery.messages()) {
            MessageQueue queue = byKey.get(m.queue());
            if (queue == null && m.queue().startsWith(QUEUE_KEY_PREFIX)) {
                String name = m.queue().substring(QUEUE_KEY_PREFIX.length());
                LOG.log(System.Logger.Level.WARNING, "the store holds messages for queue '" + name
                        + "', which is no longer declared; declaring it so they are kept");
                declareNow(DestinationConfig.queue(name));
                queue = queues.get(name);
                byKey.put(m.queue(), queue);
            }
            if (queue == null) {
                LOG.log(System.Logger.Level.WARNING, "skipping stored message " + m.sequence() + " of unknown store queue " + m.queue());
                continue;
            }
            queue.enqueue(new QueueEntry(m.sequence(), MessageCodec.decode(m.data()), true, m.deliveries()));
            recovered++;
        }
        LOG.log(System.Logger.Level.INFO, "JMS broker '" + config.name() + "' recovered " + recovered + " messages and "
                + recovery.subscriptions().size() + " durable subscriptions from " + config.dataDirectory());
    }

    private Selector compileStored(StoredSubscription s) {
        try {
            return Selector.compile(s.selector());
        } catch (SelectorSyntaxException e) {
            throw new IllegalStateException("stored subscription '" + s.name() + "' has a selector this broker rejects: " + e.getMessage(), e);
        }
    }

    void checkDestination(DestinationRef destination) throws BrokerRefusal {
        if (destination.isQueue()) {
            resolveQueue(destination);
        } else {
            resolveTopic(destination);
        }
    }

    private MessageQueue resolveQueue(DestinationRef destination) throws BrokerRefusal {
        if (destination.kind() == DestinationRef.Kind.TEMPORARY_QUEUE) {
            TemporaryQueue temporary = temporaryQueues.get(destination.name());
            if (temporary == null) {
                throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "temporary queue '" + destination.name()
                        + "' does not exist (deleted, or its connection closed)");
            }
            return temporary.queue();
        }
        MessageQueue queue = queues.get(destination.name());
        if (queue == null) {
            if (config.autoCreateDestinations()) {
                declare(DestinationConfig.queue(destination.name()));
                return queues.get(destination.name());
            }
            throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "queue '" + destination.name() + "' is not declared on JMS broker '"
                    + config.name() + "'; declared queues: " + names(queues.keySet()));
        }
        return queue;
    }

    private TopicState resolveTopic(DestinationRef destination) throws BrokerRefusal {
        if (destination.kind() == DestinationRef.Kind.TEMPORARY_TOPIC) {
            TopicState temporary = temporaryTopics.get(destination.name());
            if (temporary == null) {
                throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "temporary topic '" + destination.name()
                        + "' does not exist (deleted, or its connection closed)");
            }
            return temporary;
        }
        TopicState topic = topics.get(destination.name());
        if (topic == null) {
            if (config.autoCreateDestinations()) {
                declare(DestinationConfig.topic(destination.name()));
                return topics.get(destination.name());
            }
            throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "topic '" + destination.name() + "' is not declared on JMS broker '"
                    + config.name() + "'; declared topics: " + names(topics.keySet()));
        }
        return topic;
    }

    private static String names(java.util.Set<String> names) {
        List<String> sorted = names.stream().sorted().limit(20).toList();
        return sorted.isEmpty() ? "none" : String.join(", ", sorted) + (names.size() > 20 ? ", ..." : "");
    }

    MessageQueue deadLetterQueue(String name) {
        return queues.get(name);
    }

    // ---- sending -----------------------------------------------------------------------------

    /** Messages checked and bound to their queues, with the store operations that make them durable. */
    record PreparedSends(List<Target> targets, List<StoreOperation> operations) {
        void deliver() {
            targets.forEach(t -> t.queue().enqueue(t.entry()));
        }
    }

    record Target(MessageQueue queue, QueueEntry entry) {
    }

    /**
     * Checks every message (destination exists, size within the limit) before anything
     * happens, so a batch is refused as a whole.
     */
    PreparedSends prepare(ClientConnection origin, List<MessageData> messages) throws BrokerRefusal {
        List<Target> targets = new ArrayList<>();
        List<StoreOperation> operations = new ArrayList<>();
        for (MessageData sent : messages) {
            MessageData message = sent.sentBy(origin.id, origin.clientId());
            byte[] encoded = MessageCodec.encode(message);
            if (encoded.length > config.maxMessageSize()) {
                throw new BrokerRefusal(FailureKind.RESOURCE_ALLOCATION, "message " + message.messageId() + " to " + message.destination()
                        + " is " + encoded.length + " bytes, more than the JMS broker's maximum message size of " + config.maxMessageSize()
                        + " bytes (maxMessageSize); it was not sent");
            }
            long seq = nextSequence();
            if (message.destination().isQueue()) {
                MessageQueue queue = resolveQueue(message.destination());
                boolean stored = message.persistent() && queue.storeKey != null;
                targets.add(new Target(queue, new QueueEntry(seq, message, stored, 0)));
                if (stored) {
                    operations.add(new StoreOperation.AddMessage(queue.storeKey, seq, 0, encoded));
                }
            } else {
                TopicState topic = resolveTopic(message.destination());
                for (Subscription subscription : topic.subscriptions) {
                    if (subscription.accepts(message, 1)) {
                        MessageQueue queue = subscription.queue();
                        boolean stored = message.persistent() && queue.storeKey != null;
                        targets.add(new Target(queue, new QueueEntry(seq, message, stored, 0)));
                        if (stored) {
                            operations.add(new StoreOperation.AddMessage(queue.storeKey, seq, 0, encoded));
                        }
                    }
                }
            }
        }
        return new PreparedSends(targets, operations);
    }

    /** Sends one message: the future completes when it is durable (if persistent) and queued. */
    CompletableFuture<Void> send(ClientConnection origin, MessageData message) throws BrokerRefusal {
        PreparedSends prepared = prepare(origin, List.of(message));
        if (prepared.operations().isEmpty()) {
            prepared.deliver();
            return CompletableFuture.completedFuture(null);
        }
        return store.apply(prepared.operations()).thenRun(prepared::deliver);
    }

    // ---- consumers and subscriptions ---------------------------------------------------------

    /** The key of a named subscription: its client id (or none) and name. */
    static String subscriptionKey(String clientId, String name) {
        String id = clientId == null ? "" : clientId;
        return id.length() + ":" + id + ":" + name;
    }

    BrokerConsumer createConsumer(ClientConnection connection, BrokerCommand.CreateConsumer create) throws BrokerRefusal {
        Selector selector;
        try {
            selector = Selector.compile(create.selector());
        } catch (SelectorSyntaxException e) {
            throw new BrokerRefusal(FailureKind.INVALID_SELECTOR, e.getMessage());
        }
        DestinationRef destination = create.destination();
        if (destination.isQueue()) {
            MessageQueue queue = resolveQueue(destination);
            TemporaryQueue temporary = temporaryQueues.get(destination.name());
            if (destination.kind() == DestinationRef.Kind.TEMPORARY_QUEUE && temporary.owner() != connection) {
                throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "temporary queue '" + destination.name()
                        + "' can only be consumed from the connection that created it");
            }
            BrokerConsumer consumer = new BrokerConsumer(create.consumerId(), connection, queue, selector, null);
            queue.addConsumer(consumer);
            return consumer;
        }
        TopicState topic = resolveTopic(destination);
        if (topic.owner != null && topic.owner != connection) {
            throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "temporary topic '" + destination.name()
                    + "' can only be consumed from the connection that created it");
        }
        synchronized (registry) {
            Subscription subscription = create.subscription() == null
                    ? plainSubscription(connection, topic, selector, create.noLocal())
                    : namedSubscription(connection, topic, selector, create);
            BrokerConsumer consumer = new BrokerConsumer(create.consumerId(), connection, subscription.queue(), null, subscription);
            subscription.queue().addConsumer(consumer);
            return consumer;
        }
    }

    private Subscription plainSubscription(ClientConnection connection, TopicState topic, Selector selector, boolean noLocal) {
        Subscription subscription = newSubscription("plain:" + UUID.randomUUID(), null, null, connection.clientId(), topic, selector,
                noLocal, false, false, connection.id);
        topic.subscriptions.add(subscription);
        return subscription;
    }

    private Subscription namedSubscription(ClientConnection connection, TopicState topic, Selector selector,
                                           BrokerCommand.CreateConsumer create) throws BrokerRefusal {
        boolean durable = create.subscription().durable();
        boolean shared = create.subscription().shared();
        String name = create.subscription().name();
        String clientId = connection.clientId();
        if (name.isBlank()) {
            throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "subscription name must not be blank");
        }
        if (durable && !shared && clientId == null) {
            throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "unshared durable subscription '" + name
                    + "' needs a client id: set one on the connection or the connection factory, or use a shared durable subscription");
        }
        boolean noLocal = !shared && create.noLocal();
        String key = subscriptionKey(clientId, name);
        Subscription existing = subscriptions.get(key);
        if (existing != null) {
            if (existing.durable() != durable || existing.shared() != shared) {
                throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "cannot open " + (durable ? "a durable " : "a non-durable ")
                        + (shared ? "shared" : "unshared") + " subscription named '" + name + "': " + existing.describe()
                        + " already has that name");
            }
            boolean active = existing.queue().consumerCount() > 0;
            if (!shared && active) {
                throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, existing.describe() + " already has an active consumer");
            }
            if (existing.sameDefinition(topic, create.selector(), noLocal)) {
                return existing;
            }
            if (active || existing.queue().counts().inFlight() > 0) {
                throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, existing.describe() + " is in use with a different topic or selector");
            }
            // A durable subscription whose definition changes is replaced (section 8.3.1 of the specification).
            removeSubscription(existing).join();
        }
        String storeKey = durable ? SUBSCRIPTION_KEY_PREFIX + key : null;
        Subscription created = newSubscription(key, storeKey, name, clientId, topic, selector, noLocal, durable, shared, connection.id);
        if (durable) {
            store.apply(List.of(new StoreOperation.AddSubscription(new StoredSubscription(storeKey, topic.name, clientId, name,
                    created.selectorText(), noLocal, shared)))).join();
        }
        subscriptions.put(key, created);
        topic.subscriptions.add(created);
        return created;
    }

    private Subscription newSubscription(String key, String storeKey, String name, String clientId, TopicState topic, Selector selector,
                                         boolean noLocal, boolean durable, boolean shared, String owner) {
        String description = name == null ? "a subscriber of topic '" + topic.name + "'" : "subscription '" + name + "' of topic '" + topic.name + "'";
        MessageQueue queue = new MessageQueue(this, description, topic.address, storeKey, topic.policy);
        return new Subscription(key, name, clientId, topic, selector, noLocal, durable, shared, owner, queue);
    }

    void closeConsumer(BrokerConsumer consumer) {
        consumer.queue.removeConsumer(consumer);
        Subscription subscription = consumer.subscription;
        if (subscription != null && !subscription.durable()) {
            synchronized (registry) {
                if (subscription.queue().consumerCount() == 0) {
                    subscription.topic().subscriptions.remove(subscription);
                    if (subscription.name() != null) {
                        subscriptions.remove(subscription.key(), subscription);
                    }
                    subscription.queue().drop();
                }
            }
        }
    }

    CompletableFuture<Void> unsubscribe(ClientConnection connection, String name) throws BrokerRefusal {
        synchronized (registry) {
            Subscription subscription = subscriptions.get(subscriptionKey(connection.clientId(), name));
            if (subscription == null || !subscription.durable()) {
                throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "there is no durable subscription '" + name + "'"
                        + (connection.clientId() != null ? " for client id '" + connection.clientId() + "'" : " without a client id"));
            }
            MessageQueue.Counts counts = subscription.queue().counts();
            if (counts.consumers() > 0 || counts.inFlight() > 0) {
                throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "cannot unsubscribe " + subscription.describe() + ": it has "
                        + counts.consumers() + " active consumers and " + counts.inFlight() + " unacknowledged messages");
            }
            return removeSubscription(subscription);
        }
    }

    private CompletableFuture<Void> removeSubscription(Subscription subscription) {
        subscriptions.remove(subscription.key(), subscription);
        subscription.topic().subscriptions.remove(subscription);
        subscription.queue().drop();
        return store.apply(List.of(new StoreOperation.RemoveSubscription(subscription.queue().storeKey)));
    }

    MessageQueue.BrowsePage browse(ClientConnection connection, BrokerCommand.Browse browse) throws BrokerRefusal {
        if (!browse.queue().isQueue()) {
            throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "only queues can be browsed, not " + browse.queue());
        }
        Selector selector;
        try {
            selector = Selector.compile(browse.selector());
        } catch (SelectorSyntaxException e) {
            throw new BrokerRefusal(FailureKind.INVALID_SELECTOR, e.getMessage());
        }
        return resolveQueue(browse.queue()).browse(selector, browse.afterPosition(), Math.max(1, browse.max()));
    }

    // ---- connections, client ids, temporary destinations -------------------------------------

    @Override
    public BrokerEndpoint accept(ClientEvents client) {
        if (!running) {
            throw new BrokerUnavailableException("the JMS broker '" + config.name() + "' is stopped");
        }
        ClientConnection connection = new ClientConnection(this, UUID.randomUUID().toString(), client);
        connections.put(connection.id, connection);
        return connection;
    }

    void claimClientId(ClientConnection connection, String clientId) throws BrokerRefusal {
        if (clientId.isBlank()) {
            throw new BrokerRefusal(FailureKind.INVALID_CLIENT_ID, "client id must not be blank");
        }
        ClientConnection holder = clientIds.putIfAbsent(clientId, connection);
        if (holder != null && holder != connection) {
            throw new BrokerRefusal(FailureKind.INVALID_CLIENT_ID, "client id '" + clientId + "' is in use by another connection");
        }
        connection.clientId(clientId);
    }

    DestinationRef createTemporary(ClientConnection owner, DestinationRef.Kind kind) throws BrokerRefusal {
        if (!kind.isTemporary()) {
            throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, kind + " is not a temporary destination kind");
        }
        String name = "$tmp." + owner.id.substring(0, 8) + "." + temporaryCounter.incrementAndGet();
        DestinationRef ref = new DestinationRef(kind, name);
        if (kind == DestinationRef.Kind.TEMPORARY_QUEUE) {
            RedeliveryPolicy defaults = new RedeliveryPolicy(config.defaultMaxDeliveryAttempts(), config.defaultDeadLetterQueue());
            temporaryQueues.put(name, new TemporaryQueue(new MessageQueue(this, "temporary queue '" + name + "'", ref, null, defaults), owner));
        } else {
            temporaryTopics.put(name, new TopicState(ref, new RedeliveryPolicy(config.defaultMaxDeliveryAttempts(),
                    config.defaultDeadLetterQueue()), owner));
        }
        return ref;
    }

    void deleteTemporary(ClientConnection connection, DestinationRef ref) throws BrokerRefusal {
        synchronized (registry) {
            if (ref.kind() == DestinationRef.Kind.TEMPORARY_QUEUE) {
                TemporaryQueue temporary = temporaryQueues.get(ref.name());
                if (temporary == null || temporary.owner() != connection) {
                    throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "temporary queue '" + ref.name() + "' does not exist on this connection");
                }
                if (temporary.queue().consumerCount() > 0) {
                    throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "temporary queue '" + ref.name() + "' still has consumers; close them first");
                }
                temporaryQueues.remove(ref.name());
                temporary.queue().drop();
            } else if (ref.kind() == DestinationRef.Kind.TEMPORARY_TOPIC) {
                TopicState topic = temporaryTopics.get(ref.name());
                if (topic == null || topic.owner != connection) {
                    throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, "temporary topic '" + ref.name() + "' does not exist on this connection");
                }
                if (!topic.subscriptions.isEmpty()) {
                    throw new BrokerRefusal(FailureKind.ILLEGAL_STATE, "temporary topic '" + ref.name() + "' still has consumers; close them first");
                }
                temporaryTopics.remove(ref.name());
            } else {
                throw new BrokerRefusal(FailureKind.INVALID_DESTINATION, ref + " is not a temporary destination");
            }
        }
    }

    void connectionClosed(ClientConnection connection) {
        connections.remove(connection.id);
        if (connection.clientId() != null) {
            clientIds.remove(connection.clientId(), connection);
        }
        synchronized (registry) {
            temporaryQueues.entrySet().removeIf(e -> {
                if (e.getValue().owner() == connection) {
                    e.getValue().queue().drop();
                    return true;
                }
                return false;
            });
            temporaryTopics.values().removeIf(t -> t.owner == connection);
        }
    }

    // ---- administration ----------------------------------------------------------------------

    /** One row per declared destination (topics sum over their subscriptions), sorted by type and name. */
    public List<DestinationStats> destinations() {
        List<DestinationStats> rows = new ArrayList<>();
        for (MessageQueue queue : queues.values()) {
            rows.add(DestinationStats.of(queue.address.name(), DestinationType.QUEUE, List.of(queue.counts()), 0));
        }
        for (TopicState topic : topics.values()) {
            List<MessageQueue.Counts> counts = topic.subscriptions.stream().map(s -> s.queue().counts()).toList();
            rows.add(DestinationStats.of(topic.name, DestinationType.TOPIC, counts, topic.subscriptions.size()));
        }
        rows.sort(Comparator.comparing(DestinationStats::type).thenComparing(DestinationStats::name));
        return rows;
    }

    /**
     * The first {@code max} messages waiting in queue {@code name}, in delivery order, without
     * consuming them; messages in flight are counted, not listed.
     *
     * @throws NoSuchQueueException if no queue of that name is declared (a topic of that name is said to be one)
     * @throws IllegalArgumentException if {@code max} is not positive
     */
    @Override
    public QueueContents queueContents(String name, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("at most " + max + " messages: list at least 1");
        }
        return declaredQueue(name).contents(max);
    }

    /**
     * Removes every message waiting in queue {@code name}, from memory and from the store, and
     * returns once the store has forgotten them. Messages in flight stay with the consumers that
     * hold them; messages sent from now on are queued and delivered as usual.
     *
     * @return how many were removed
     * @throws NoSuchQueueException if no queue of that name is declared
     * @throws dev.isola.appserver.jms.store.StoreException if the store could not remove them (they are all back in the queue)
     */
    @Override
    public int purgeQueue(String name) {
        try {
            return declaredQueue(name).purge().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private MessageQueue declaredQueue(String name) {
        MessageQueue queue = queues.get(name);
        if (queue == null) {
            throw new NoSuchQueueException(config.name(), name, topics.containsKey(name), queues.keySet().stream().sorted().toList());
        }
        return queue;
    }

    /**
     * The durable subscriptions of topic {@code name} with what waits in each, sorted by id.
     * Non-durable subscriptions are not listed: they end with their consumers, and nothing of
     * them is stored.
     *
     * @throws NoSuchTopicException if no topic of that name is declared (a queue of that name is said to be one)
     */
    @Override
    public List<DurableSubscriptionStats> durableSubscriptions(String name) {
        List<DurableSubscriptionStats> rows = new ArrayList<>();
        for (Subscription s : declaredTopic(name).subscriptions) {
            if (s.durable()) {
                MessageQueue.Counts counts = s.queue().counts();
                rows.add(new DurableSubscriptionStats(s.operatorId(), s.clientId(), s.name(), s.shared(), s.selectorText(), s.noLocal(),
                        counts.depth(), counts.inFlight(), counts.consumers()));
            }
        }
        rows.sort(Comparator.comparing(DurableSubscriptionStats::id));
        return rows;
    }

    /**
     * The first {@code max} messages waiting in durable subscription {@code subscription} (its
     * {@link DurableSubscriptionStats#id}) of topic {@code topic}, in delivery order, without
     * consuming them, as {@link #queueContents} lists a queue's ({@link QueueContents#queue} is the topic).
     *
     * @throws NoSuchTopicException        if no topic of that name is declared
     * @throws NoSuchSubscriptionException if the topic has no durable subscription of that id
     * @throws IllegalArgumentException    if {@code max} is not positive, or the id fits several subscriptions
     */
    @Override
    public QueueContents subscriptionContents(String topic, String subscription, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("at most " + max + " messages: list at least 1");
        }
        return durableSubscription(topic, subscription).queue().contents(max);
    }

    /**
     * Removes every message waiting in durable subscription {@code subscription} of topic
     * {@code topic}, from memory and from the store, as {@link #purgeQueue} does for a queue:
     * in-flight messages stay with their consumer, and if the store refuses, every message is
     * put back. The subscription itself stays, and gets what is published from now on.
     *
     * @return how many were removed
     * @throws NoSuchTopicException        if no topic of that name is declared
     * @throws NoSuchSubscriptionException if the topic has no durable subscription of that id
     * @throws IllegalArgumentException    if the id fits several subscriptions
     * @throws dev.isola.appserver.jms.store.StoreException if the store could not remove them (they are all back)
     */
    @Override
    public int purgeSubscription(String topic, String subscription) {
        MessageQueue queue = durableSubscription(topic, subscription).queue();
        try {
            return queue.purge().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private TopicState declaredTopic(String name) {
        TopicState topic = topics.get(name);
        if (topic == null) {
            throw new NoSuchTopicException(config.name(), name, queues.containsKey(name), topics.keySet().stream().sorted().toList());
        }
        return topic;
    }

    private Subscription durableSubscription(String topicName, String id) {
        TopicState topic = declaredTopic(topicName);
        List<Subscription> durable = topic.subscriptions.stream().filter(Subscription::durable).toList();
        List<Subscription> matching = durable.stream().filter(s -> s.operatorId().equals(id)).toList();
        if (matching.isEmpty()) {
            throw new NoSuchSubscriptionException(config.name(), topicName, id, durable.stream().map(Subscription::operatorId).sorted().toList());
        }
        if (matching.size() > 1) {
            // Only when a client id holds ':' and another subscription's client id and name split the same text differently.
            throw new IllegalArgumentException("'" + id + "' names " + matching.size() + " durable subscriptions of topic '" + topicName + "': "
                    + String.join(", ", matching.stream().map(Subscription::describe).toList())
                    + "; unsubscribe one of them (the application's Session.unsubscribe) to tell them apart");
        }
        return matching.getFirst();
    }

    /** What the message store did since the broker started (batches and commits: group commit at work). */
    public MessageStore.Statistics storeStatistics() {
        return store.statistics();
    }

    /** The directory of the message store's database. */
    public Path storeDirectory() {
        return store.databaseDirectory();
    }

    /**
     * Copies the message store to {@code target} while the broker goes on ({@link MessageStore#backUp}).
     *
     * @return false if nothing was ever stored
     */
    public boolean backUpStore(Path target) {
        return store.backUp(target);
    }

    /** The number of open client connections. */
    public int connectionCount() {
        return connections.size();
    }

    public boolean running() {
        return running;
    }

    /**
     * Stops serving: every client is told its connection is lost, then the store is closed.
     * Persistent messages stay in the store for the next start.
     */
    @Override
    public void close() {
        if (!running) {
            return;
        }
        running = false;
        for (ClientConnection connection : List.copyOf(connections.values())) {
            connection.brokerStopping();
        }
        timer.shutdownNow();
        store.close();
        LOG.log(System.Logger.Level.INFO, "JMS broker '" + config.name() + "' stopped");
    }
}

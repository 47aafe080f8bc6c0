package dev.isola.appserver.jms.container;

import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.broker.MessageAdministration;
import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.config.JmsConfig;
import dev.isola.appserver.jms.protocol.BrokerAcceptor;
import dev.isola.appserver.jms.server.JmsServer;
import dev.isola.appserver.tx.LocalTransactionManager;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The JMS sub-server of a combined server: the broker runs in the server's own process, its
 * store in {@code <data>/jms}, and applications reach it through connection factories whose
 * sessions join the server's container transactions.
 *
 * <pre>{@code
 * JmsSubServer jms = JmsSubServer.start(config.jms(), dataDirectory, transactionManager);
 * ConnectionFactory factory = jms.defaultConnectionFactory();   // java:comp/DefaultJMSConnectionFactory
 * Runnable undo = jms.declare("shop", DestinationConfig.queue("orders"));   // from @JMSDestinationDefinition
 * jms.applicationUndeployed("shop");                            // the queue and its messages stay
 * }</pre>
 *
 * <h2>Who declares a destination, and how long it lives</h2>
 * <ul>
 *   <li>The domain configuration ({@link JmsConfig#destinations()}): declared at start and
 *       never removed. An application may define the same destination only with settings that
 *       agree with the configuration.</li>
 *   <li>An application ({@code @JMSDestinationDefinition}): declared when it deploys, with its
 *       settings. Undeploying does <em>not</em> remove it: messages sent to a persistent queue
 *       (or kept for a durable subscription) wait for the next deployment of the application,
 *       which gets the destination with the settings it then defines. A destination that a
 *       failed deployment created is removed again if nothing used it meanwhile. Two
 *       applications deployed at the same time may define the same destination only with the
 *       same settings. After a server restart, the store recovers destinations that hold
 *       messages; empty ones come back with the next deployment that defines them.</li>
 * </ul>
 */
public final class JmsSubServer implements ApplicationJms, AutoCloseable {

    /** The holder of declarations made by deployments in this isolate. */
    public static final String LOCAL = "local";

    private record Key(String name, DestinationType type) {
        String describe() {
            return type.name().toLowerCase() + " '" + name + "'";
        }
    }

    /**
     * Who defined a destination: an application, as deployed in one isolate ({@code holder}:
     * {@link #LOCAL}, or the link of a client isolate). An application deployed in several
     * isolates of a separated domain holds its destinations until the last of them undeploys it.
     */
    private record Owner(String application, String holder) {
    }

    private final JmsConfig config;
    private final JmsServer server;
    private final TransactionalSessions enlistment;
    private final IsolaConnectionFactory defaultFactory;
    /** Destinations applications define, by destination, then owner: the settings each asked for. */
    private final Map<Key, Map<Owner, DestinationConfig>> definedBy = new HashMap<>();

    private JmsSubServer(JmsConfig config, JmsServer server, LocalTransactionManager tm) {
        this.config = config;
        this.server = server;
        this.enlistment = new TransactionalSessions(tm);
        this.defaultFactory = server.connectionFactory(config.defaultConnectionFactory(), enlistment);
    }

    /**
     * Starts the broker with its store in {@code <dataDirectory>/jms}, recovering what the store holds.
     *
     * @throws dev.isola.appserver.jms.store.StoreException if the store cannot be opened
     */
    public static JmsSubServer start(JmsConfig config, Path dataDirectory, LocalTransactionManager tm) {
        return start(config, dataDirectory, Optional.empty(), tm);
    }

    /** Starts the broker as {@link #start(JmsConfig, Path, LocalTransactionManager)} does; a new store is copied from {@code templates} when it can be. */
    public static JmsSubServer start(JmsConfig config, Path dataDirectory, Optional<DerbyDatabaseTemplates> templates, LocalTransactionManager tm) {
        Objects.requireNonNull(config, "config");
        BrokerConfig broker = config.brokerConfig("jms", dataDirectory.resolve("jms")).withDatabaseTemplates(templates);
        return new JmsSubServer(config, JmsServer.start(broker), tm);
    }

    public JmsConfig config() {
        return config;
    }

    @Override
    public IsolaConnectionFactory defaultConnectionFactory() {
        return defaultFactory;
    }

    @Override
    public IsolaConnectionFactory connectionFactory(ConnectionFactoryConfig settings, boolean transactional) {
        return transactional ? server.connectionFactory(settings, enlistment) : server.connectionFactory(settings);
    }

    /** The broker's side of the client/broker seam, for clients in other isolates (over links). */
    public BrokerAcceptor acceptor() {
        return server.acceptor();
    }

    @Override
    public Runnable declare(String application, DestinationConfig wanted) {
        return declare(application, LOCAL, wanted);
    }

    /**
     * Declares a destination an application defines (see the class description for the rules),
     * for the deployment of that application in the isolate {@code holder} stands for.
     *
     * @return what undoes the declaration if the deployment fails
     * @throws InvalidJmsConfigException if the definition contradicts the configuration or another running application
     */
    public synchronized Runnable declare(String application, String holder, DestinationConfig wanted) {
        Key key = new Key(wanted.name(), wanted.type());
        Owner owner = new Owner(application, holder);
        Optional<DestinationConfig> configured = config.destinations().stream()
                .filter(d -> d.name().equals(wanted.name()) && d.type() == wanted.type()).findFirst();
        Map<Owner, DestinationConfig> owners = definedBy.computeIfAbsent(key, k -> new LinkedHashMap<>());
        if (configured.isPresent()) {
            DestinationConfig has = server.declared(wanted.name(), wanted.type()).orElseThrow();
            String conflict = explicitConflict(wanted, has);
            if (conflict != null) {
                throw new InvalidJmsConfigException(key.describe() + " is declared by the server configuration with " + conflict
                        + "; change the definition or the configuration so they agree");
            }
            owners.put(owner, wanted);
            return () -> release(key, owner);
        }
        DestinationConfig effective = effective(wanted);
        for (Map.Entry<Owner, DestinationConfig> other : owners.entrySet()) {
            if (!other.getKey().application().equals(application) && !effective(other.getValue()).equals(effective)) {
                throw new InvalidJmsConfigException(key.describe() + " is also defined by application " + other.getKey().application() + " with "
                        + settings(effective(other.getValue())) + ", not " + settings(effective)
                        + "; applications that share a destination must define it alike");
            }
        }
        boolean created = server.declare(wanted);
        Optional<DestinationConfig> before = created ? Optional.empty() : server.declared(wanted.name(), wanted.type());
        if (before.isPresent() && !before.get().equals(effective)) {
            server.redeclare(effective);
        }
        owners.put(owner, wanted);
        return () -> {
            release(key, owner);
            if (created) {
                server.undeclareIfUnused(wanted.name(), wanted.type());
            } else if (before.isPresent() && !before.get().equals(effective)) {
                server.redeclare(before.get());
            }
        };
    }

    @Override
    public void checkDeadLetterQueue(DestinationConfig destination) {
        String dlq = effective(destination).deadLetterQueue().orElseThrow();
        if (server.declared(dlq, DestinationType.QUEUE).isEmpty()) {
            throw new InvalidJmsConfigException("the dead-letter queue '" + dlq + "' of " + new Key(destination.name(), destination.type()).describe()
                    + " is not declared; declare it in the server configuration or with a @JMSDestinationDefinition");
        }
    }

    @Override
    public void applicationUndeployed(String application) {
        applicationUndeployed(application, LOCAL);
    }

    /** Forgets which destinations {@code application}, as deployed where {@code holder} stands for, defined. */
    public synchronized void applicationUndeployed(String application, String holder) {
        for (Key key : List.copyOf(definedBy.keySet())) {
            release(key, new Owner(application, holder));
        }
    }

    /** Forgets every definition {@code holder} made: its isolate is gone. */
    public synchronized void holderGone(String holder) {
        for (Key key : List.copyOf(definedBy.keySet())) {
            for (Owner owner : List.copyOf(definedBy.get(key).keySet())) {
                if (owner.holder().equals(holder)) {
                    release(key, owner);
                }
            }
        }
    }

    private synchronized void release(Key key, Owner owner) {
        Map<Owner, DestinationConfig> owners = definedBy.get(key);
        if (owners != null) {
            owners.remove(owner);
            if (owners.isEmpty()) {
                definedBy.remove(key);
            }
        }
    }

    /** Whether a destination of that name is declared (by anyone), as queue or topic. */
    public boolean isDeclared(String name, DestinationType type) {
        return server.declared(name, type).isPresent();
    }

    private DestinationConfig effective(DestinationConfig d) {
        OptionalInt max = d.maxDeliveryAttempts();
        return new DestinationConfig(d.name(), d.type(), OptionalInt.of(max.isPresent() ? max.getAsInt() : config.defaultMaxDeliveryAttempts()),
                Optional.of(d.deadLetterQueue().orElse(config.defaultDeadLetterQueue())));
    }

    /** The settings {@code wanted} gives explicitly that differ from {@code has}, described; null if none. */
    private static String explicitConflict(DestinationConfig wanted, DestinationConfig has) {
        if (wanted.maxDeliveryAttempts().isPresent() && wanted.maxDeliveryAttempts().getAsInt() != has.maxDeliveryAttempts().getAsInt()) {
            return DestinationConfig.MAX_DELIVERY_ATTEMPTS + "=" + has.maxDeliveryAttempts().getAsInt() + ", not "
                    + wanted.maxDeliveryAttempts().getAsInt();
        }
        if (wanted.deadLetterQueue().isPresent() && !wanted.deadLetterQueue().equals(has.deadLetterQueue())) {
            return DestinationConfig.DEAD_LETTER_QUEUE + "=" + has.deadLetterQueue().orElseThrow() + ", not " + wanted.deadLetterQueue().get();
        }
        return null;
    }

    private static String settings(DestinationConfig d) {
        return DestinationConfig.MAX_DELIVERY_ATTEMPTS + "=" + d.maxDeliveryAttempts().getAsInt() + ", "
                + DestinationConfig.DEAD_LETTER_QUEUE + "=" + d.deadLetterQueue().orElseThrow();
    }

    @Override
    public List<DestinationStats> destinations() {
        return server.destinations();
    }

    public Optional<DestinationStats> destination(String name, DestinationType type) {
        return server.destination(name, type);
    }

    /** Listing and purging the messages that wait in the broker; see {@link JmsServer#administration}. */
    public MessageAdministration administration() {
        return server.administration();
    }

    /** The directory of the broker's message store database. */
    public Path storeDirectory() {
        return server.storeDirectory();
    }

    /** Copies the broker's message store while it goes on; see {@link JmsServer#backUpStore}. */
    public boolean backUpStore(Path target) {
        return server.backUpStore(target);
    }

    public boolean running() {
        return server.running();
    }

    /** Stops the broker; persistent messages stay in the store. Call after the applications are undeployed. */
    @Override
    public void stop() {
        server.stop();
    }

    @Override
    public void close() {
        stop();
    }
}

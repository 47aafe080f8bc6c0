package dev.isola.appserver.jms.container;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.config.JmsConfig;
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
public final class JmsSubServer implements AutoCloseable {

    private record Key(String name, DestinationType type) {
        String describe() {
            return type.name().toLowerCase() + " '" + name + "'";
        }
    }

    private final JmsConfig config;
    private final JmsServer server;
    private final TransactionalSessions enlistment;
    private final IsolaConnectionFactory defaultFactory;
    /** Destinations applications define, by destination, then application: the settings each asked for. */
    private final Map<Key, Map<String, DestinationConfig>> definedBy = new HashMap<>();

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
        Objects.requireNonNull(config, "config");
        return new JmsSubServer(config, JmsServer.start(config.brokerConfig("jms", dataDirectory.resolve("jms"))), tm);
    }

    public JmsConfig config() {
        return config;
    }

    /** {@code java:comp/DefaultJMSConnectionFactory}: its sessions join the caller's container transaction. */
    public IsolaConnectionFactory defaultConnectionFactory() {
        return defaultFactory;
    }

    /**
     * A factory for {@code @JMSConnectionFactoryDefinition}: its own settings; with
     * {@code transactional} its sessions join container transactions, without they behave as in Java SE.
     */
    public IsolaConnectionFactory connectionFactory(ConnectionFactoryConfig settings, boolean transactional) {
        return transactional ? server.connectionFactory(settings, enlistment) : server.connectionFactory(settings);
    }

    /**
     * Declares a destination an application defines (see the class description for the rules).
     *
     * @return what undoes the declaration if the deployment fails
     * @throws InvalidJmsConfigException if the definition contradicts the configuration or another running application
     */
    public synchronized Runnable declare(String application, DestinationConfig wanted) {
        Key key = new Key(wanted.name(), wanted.type());
        Optional<DestinationConfig> configured = config.destinations().stream()
                .filter(d -> d.name().equals(wanted.name()) && d.type() == wanted.type()).findFirst();
        Map<String, DestinationConfig> owners = definedBy.computeIfAbsent(key, k -> new LinkedHashMap<>());
        if (configured.isPresent()) {
            DestinationConfig has = server.declared(wanted.name(), wanted.type()).orElseThrow();
            String conflict = explicitConflict(wanted, has);
            if (conflict != null) {
                throw new InvalidJmsConfigException(key.describe() + " is declared by the server configuration with " + conflict
                        + "; change the definition or the configuration so they agree");
            }
            owners.put(application, wanted);
            return () -> release(key, application);
        }
        DestinationConfig effective = effective(wanted);
        for (Map.Entry<String, DestinationConfig> other : owners.entrySet()) {
            if (!other.getKey().equals(application) && !effective(other.getValue()).equals(effective)) {
                throw new InvalidJmsConfigException(key.describe() + " is also defined by application " + other.getKey() + " with "
                        + settings(effective(other.getValue())) + ", not " + settings(effective)
                        + "; applications that share a destination must define it alike");
            }
        }
        boolean created = server.declare(wanted);
        Optional<DestinationConfig> before = created ? Optional.empty() : server.declared(wanted.name(), wanted.type());
        if (before.isPresent() && !before.get().equals(effective)) {
            server.redeclare(effective);
        }
        owners.put(application, wanted);
        return () -> {
            release(key, application);
            if (created) {
                server.undeclareIfUnused(wanted.name(), wanted.type());
            } else if (before.isPresent() && !before.get().equals(effective)) {
                server.redeclare(before.get());
            }
        };
    }

    /**
     * Checks that the dead-letter queue of a destination an application defined is declared
     * (call after all of the application's destinations are declared, so one may name another).
     */
    public void checkDeadLetterQueue(DestinationConfig destination) {
        String dlq = effective(destination).deadLetterQueue().orElseThrow();
        if (server.declared(dlq, DestinationType.QUEUE).isEmpty()) {
            throw new InvalidJmsConfigException("the dead-letter queue '" + dlq + "' of " + new Key(destination.name(), destination.type()).describe()
                    + " is not declared; declare it in the server configuration or with a @JMSDestinationDefinition");
        }
    }

    /** Forgets which destinations {@code application} defined; the destinations and their messages stay. */
    public synchronized void applicationUndeployed(String application) {
        for (Key key : List.copyOf(definedBy.keySet())) {
            release(key, application);
        }
    }

    private synchronized void release(Key key, String application) {
        Map<String, DestinationConfig> owners = definedBy.get(key);
        if (owners != null) {
            owners.remove(application);
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

    /** Depth, in-flight, consumers, dead-lettered and more, per declared destination. */
    public List<DestinationStats> destinations() {
        return server.destinations();
    }

    public Optional<DestinationStats> destination(String name, DestinationType type) {
        return server.destination(name, type);
    }

    public boolean running() {
        return server.running();
    }

    /** Stops the broker; persistent messages stay in the store. Call after the applications are undeployed. */
    public void stop() {
        server.stop();
    }

    @Override
    public void close() {
        stop();
    }
}

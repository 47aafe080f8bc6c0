package dev.isola.appserver.jms.server;

import dev.isola.appserver.jms.broker.Broker;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.broker.MessageAdministration;
import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.client.TransactionEnlistment;
import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.protocol.BrokerAcceptor;
import dev.isola.appserver.jms.protocol.BrokerConnector;
import dev.isola.appserver.jms.protocol.LocalBrokerConnector;
import dev.isola.appserver.jms.store.MessageStore;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The JMS sub-server of a domain: the broker with its store, and connection factories for
 * clients in the same isolate.
 *
 * <pre>{@code
 * try (JmsServer jms = JmsServer.start(BrokerConfig.builder(dataDir).queue("orders").build())) {
 *     ConnectionFactory factory = jms.connectionFactory();      // the default connection factory
 *     ...
 *     for (DestinationStats d : jms.destinations()) {           // what the admin console shows
 *         System.out.println(d.name() + " depth " + d.depth() + " consumers " + d.consumers());
 *     }
 * }
 * }</pre>
 *
 * <p>Clients in other isolates reach the same broker through {@link #acceptor()}, the broker's
 * side of the client/broker seam, carried over a link.
 */
public final class JmsServer implements AutoCloseable {

    private final Broker broker;
    private final BrokerConnector local;
    private final IsolaConnectionFactory defaultFactory;

    private JmsServer(Broker broker) {
        this.broker = broker;
        this.local = new LocalBrokerConnector(broker);
        this.defaultFactory = new IsolaConnectionFactory(local, ConnectionFactoryConfig.defaults());
    }

    /**
     * Starts the broker: opens (or creates) the store under the configuration's data
     * directory and recovers the messages and durable subscriptions it holds.
     */
    public static JmsServer start(BrokerConfig config) {
        return new JmsServer(Broker.start(config));
    }

    public BrokerConfig config() {
        return broker.config();
    }

    /** The default connection factory (no client id, default prefetch and object-message allow-list). */
    public IsolaConnectionFactory connectionFactory() {
        return defaultFactory;
    }

    /** A connection factory with its own settings, e.g. from {@code @JMSConnectionFactoryDefinition}. */
    public IsolaConnectionFactory connectionFactory(ConnectionFactoryConfig config) {
        return new IsolaConnectionFactory(local, config);
    }

    /**
     * A connection factory whose sessions join the calling thread's container transaction
     * through {@code enlistment}: what the application server gives applications.
     */
    public IsolaConnectionFactory connectionFactory(ConnectionFactoryConfig config, TransactionEnlistment enlistment) {
        return new IsolaConnectionFactory(local, config, enlistment);
    }

    /**
     * The broker's side of the seam, for a transport that carries clients of other isolates:
     * it calls {@code accept} per client connection and feeds the endpoint the client's commands.
     */
    public BrokerAcceptor acceptor() {
        return broker;
    }

    /** Declares a destination while running (no-op if it exists); true if it was created. */
    public boolean declare(DestinationConfig destination) {
        return broker.declare(destination);
    }

    /** The declared destination with the redelivery settings it has now, or empty. */
    public Optional<DestinationConfig> declared(String name, DestinationType type) {
        return broker.declared(name, type);
    }

    /** Gives a declared destination new redelivery settings. */
    public void redeclare(DestinationConfig destination) {
        broker.redeclare(destination);
    }

    /** Removes a declared destination that holds no messages and has no consumers or subscriptions; true if it did. */
    public boolean undeclareIfUnused(String name, DestinationType type) {
        return broker.undeclareIfUnused(name, type);
    }

    /** Depth, consumers, dead-letter counts and more, per declared destination. */
    public List<DestinationStats> destinations() {
        return broker.destinations();
    }

    public Optional<DestinationStats> destination(String name, DestinationType type) {
        return broker.destinations().stream().filter(d -> d.name().equals(name) && d.type() == type).findFirst();
    }

    /** Listing and purging the messages that wait in the broker, for the domain's operators. */
    public MessageAdministration administration() {
        return broker;
    }

    /** Batches and commits of the message store since start; more batches than commits is group commit sharing syncs. */
    public MessageStore.Statistics storeStatistics() {
        return broker.storeStatistics();
    }

    /** The directory of the message store's database. */
    public Path storeDirectory() {
        return broker.storeDirectory();
    }

    /** Copies the message store while the broker goes on; see {@link Broker#backUpStore}. */
    public boolean backUpStore(Path target) {
        return broker.backUpStore(target);
    }

    public int connectionCount() {
        return broker.connectionCount();
    }

    public boolean running() {
        return broker.running();
    }

    /** Stops the broker: clients see their connections lost; persistent messages stay in the store. */
    public void stop() {
        broker.close();
    }

    @Override
    public void close() {
        stop();
    }
}

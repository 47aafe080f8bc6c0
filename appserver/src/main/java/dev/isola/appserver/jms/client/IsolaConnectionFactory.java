package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.protocol.BrokerConnector;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueConnectionFactory;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicConnectionFactory;

import java.util.Objects;

/**
 * The connection factory applications use (injected with {@code @Resource}, or the default
 * connection factory). It reaches the broker through a {@link BrokerConnector}: a direct
 * one when the JMS sub-server is in the same isolate, a link-based one when it is not; the
 * application cannot tell the difference.
 *
 * <pre>{@code
 * try (JMSContext context = factory.createContext()) {
 *     context.createProducer().send(context.createQueue("orders"), "order 42");
 * }
 * }</pre>
 *
 * <p>A factory made with a {@link TransactionEnlistment} (the ones the server gives
 * applications) creates sessions that join the calling thread's container transaction; one
 * without behaves as in Java SE.
 *
 * <p>User names and passwords are accepted and not checked: the broker serves the
 * applications of its own domain only.
 */
public final class IsolaConnectionFactory implements QueueConnectionFactory, TopicConnectionFactory {

    private final BrokerConnector connector;
    private final ConnectionFactoryConfig config;
    private final TransactionEnlistment enlistment;

    /** A factory with Java SE behaviour: sessions never join a container transaction. */
    public IsolaConnectionFactory(BrokerConnector connector, ConnectionFactoryConfig config) {
        this(connector, config, null);
    }

    /** @param enlistment how sessions join the calling thread's transaction; null for Java SE behaviour */
    public IsolaConnectionFactory(BrokerConnector connector, ConnectionFactoryConfig config, TransactionEnlistment enlistment) {
        this.connector = Objects.requireNonNull(connector, "connector");
        this.config = Objects.requireNonNull(config, "config");
        this.enlistment = enlistment;
    }

    public ConnectionFactoryConfig config() {
        return config;
    }

    private IsolaConnection connect() throws JMSException {
        return new IsolaConnection(connector, config, enlistment);
    }

    @Override
    public Connection createConnection() throws JMSException {
        return connect();
    }

    @Override
    public Connection createConnection(String userName, String password) throws JMSException {
        return createConnection();
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException {
        return connect();
    }

    @Override
    public QueueConnection createQueueConnection(String userName, String password) throws JMSException {
        return createQueueConnection();
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException {
        return connect();
    }

    @Override
    public TopicConnection createTopicConnection(String userName, String password) throws JMSException {
        return createTopicConnection();
    }

    @Override
    public JMSContext createContext() {
        return createContext(JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String password) {
        return createContext(JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String password, int sessionMode) {
        return createContext(sessionMode);
    }

    @Override
    public String toString() {
        return "IsolaConnectionFactory[" + config + (enlistment != null ? ", joins container transactions" : "") + "]";
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        IsolaConnection connection;
        try {
            connection = connect();
        } catch (JMSException e) {
            throw JmsExceptions.runtime(e);
        }
        try {
            return new IsolaJMSContext(new IsolaJMSContext.SharedConnection(connection), sessionMode);
        } catch (JMSRuntimeException e) {
            try {
                connection.close();
            } catch (JMSException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }
}

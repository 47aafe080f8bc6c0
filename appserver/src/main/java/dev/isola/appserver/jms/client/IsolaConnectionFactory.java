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
 * <p>User names and passwords are accepted and not checked: the broker serves the
 * applications of its own domain only.
 */
public final class IsolaConnectionFactory implements QueueConnectionFactory, TopicConnectionFactory {

    private final BrokerConnector connector;
    private final ConnectionFactoryConfig config;

    public IsolaConnectionFactory(BrokerConnector connector, ConnectionFactoryConfig config) {
        this.connector = Objects.requireNonNull(connector, "connector");
        this.config = Objects.requireNonNull(config, "config");
    }

    public ConnectionFactoryConfig config() {
        return config;
    }

    @Override
    public Connection createConnection() throws JMSException {
        return new IsolaConnection(connector, config);
    }

    @Override
    public Connection createConnection(String userName, String password) throws JMSException {
        return createConnection();
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException {
        return new IsolaConnection(connector, config);
    }

    @Override
    public QueueConnection createQueueConnection(String userName, String password) throws JMSException {
        return createQueueConnection();
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException {
        return new IsolaConnection(connector, config);
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
    public JMSContext createContext(int sessionMode) {
        IsolaConnection connection;
        try {
            connection = new IsolaConnection(connector, config);
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

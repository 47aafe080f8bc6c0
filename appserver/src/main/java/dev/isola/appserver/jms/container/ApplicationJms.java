package dev.isola.appserver.jms.container;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;

import java.util.List;

/**
 * The JMS sub-server as the deployments of one isolate use it: the connection factories
 * applications get, and the destinations applications define. The broker runs in this isolate
 * ({@link JmsSubServer}, a combined domain or the JMS isolate of a separated one) or in the
 * domain's JMS isolate, reached over links ({@code jms.link.RemoteJmsSubServer}); applications
 * cannot tell which.
 */
public interface ApplicationJms {

    /** {@code java:comp/DefaultJMSConnectionFactory}: its sessions join the caller's container transaction. */
    IsolaConnectionFactory defaultConnectionFactory();

    /**
     * A factory for {@code @JMSConnectionFactoryDefinition}: its own settings; with
     * {@code transactional} its sessions join container transactions, without they behave as in Java SE.
     */
    IsolaConnectionFactory connectionFactory(ConnectionFactoryConfig settings, boolean transactional);

    /**
     * Declares a destination {@code application} defines (the rules are on {@link JmsSubServer}).
     *
     * @return what undoes the declaration if the deployment fails
     * @throws dev.isola.appserver.jms.config.InvalidJmsConfigException if the definition contradicts the configuration or another application
     * @throws IllegalStateException if the JMS sub-server cannot be reached (it names the domain and why)
     */
    Runnable declare(String application, DestinationConfig destination);

    /**
     * Checks that the dead-letter queue of a destination the application defined is declared
     * (call after all of the application's destinations are declared, so one may name another).
     */
    void checkDeadLetterQueue(DestinationConfig destination);

    /** Forgets which destinations {@code application} defined here; the destinations and their messages stay. */
    void applicationUndeployed(String application);

    /** Depth, in-flight, consumers and more per destination; empty where the broker runs in another isolate. */
    List<DestinationStats> destinations();

    /** Stops what this isolate runs of the JMS sub-server. */
    void stop();
}

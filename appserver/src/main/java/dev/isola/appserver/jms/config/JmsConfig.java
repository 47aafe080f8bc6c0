package dev.isola.appserver.jms.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The JMS sub-server's part of a server (domain) configuration: the destinations the domain
 * declares, the broker-wide redelivery defaults and limits, and the settings of the default
 * connection factory ({@code java:comp/DefaultJMSConnectionFactory}). The server adds where
 * the store lives ({@link #brokerConfig}), so the same record serves every placement.
 *
 * <pre>{@code
 * JmsConfig jms = JmsConfig.defaults()
 *         .withDestination(DestinationConfig.queue("orders").withMaxDeliveryAttempts(3))
 *         .withDestination(DestinationConfig.topic("prices"));
 * }</pre>
 *
 * @param destinations               declared by the domain; they exist whatever is deployed
 * @param defaultMaxDeliveryAttempts for destinations that do not set theirs ({@code 0}: never dead-letter)
 * @param defaultDeadLetterQueue     for destinations that do not set theirs; always declared
 * @param maxMessageSize             the largest message accepted, in encoded bytes
 * @param defaultConnectionFactory   the settings of the default connection factory
 */
public record JmsConfig(List<DestinationConfig> destinations, int defaultMaxDeliveryAttempts, String defaultDeadLetterQueue,
                        long maxMessageSize, ConnectionFactoryConfig defaultConnectionFactory) {

    public JmsConfig {
        destinations = List.copyOf(destinations);
        Objects.requireNonNull(defaultConnectionFactory, "defaultConnectionFactory");
        // The broker configuration checks names, limits, duplicates and dead-letter queues.
        brokerConfig("check", Path.of("."), destinations, defaultMaxDeliveryAttempts, defaultDeadLetterQueue, maxMessageSize);
    }

    public static JmsConfig defaults() {
        return new JmsConfig(List.of(), BrokerConfig.DEFAULT_MAX_DELIVERY_ATTEMPTS, BrokerConfig.DEFAULT_DEAD_LETTER_QUEUE,
                BrokerConfig.DEFAULT_MAX_MESSAGE_SIZE, ConnectionFactoryConfig.defaults());
    }

    public JmsConfig withDestination(DestinationConfig destination) {
        List<DestinationConfig> all = new ArrayList<>(destinations);
        all.add(Objects.requireNonNull(destination, "destination"));
        return new JmsConfig(all, defaultMaxDeliveryAttempts, defaultDeadLetterQueue, maxMessageSize, defaultConnectionFactory);
    }

    public JmsConfig withRedeliveryDefaults(int maxDeliveryAttempts, String deadLetterQueue) {
        return new JmsConfig(destinations, maxDeliveryAttempts, deadLetterQueue, maxMessageSize, defaultConnectionFactory);
    }

    public JmsConfig withMaxMessageSize(long bytes) {
        return new JmsConfig(destinations, defaultMaxDeliveryAttempts, defaultDeadLetterQueue, bytes, defaultConnectionFactory);
    }

    public JmsConfig withDefaultConnectionFactory(ConnectionFactoryConfig factory) {
        return new JmsConfig(destinations, defaultMaxDeliveryAttempts, defaultDeadLetterQueue, maxMessageSize, factory);
    }

    /** The broker's configuration, with its store in {@code dataDirectory}. */
    public BrokerConfig brokerConfig(String name, Path dataDirectory) {
        return brokerConfig(name, dataDirectory, destinations, defaultMaxDeliveryAttempts, defaultDeadLetterQueue, maxMessageSize);
    }

    private static BrokerConfig brokerConfig(String name, Path dataDirectory, List<DestinationConfig> destinations, int defaultMaxDeliveryAttempts,
                                             String defaultDeadLetterQueue, long maxMessageSize) {
        BrokerConfig.Builder b = BrokerConfig.builder(dataDirectory).name(name)
                .defaultMaxDeliveryAttempts(defaultMaxDeliveryAttempts).defaultDeadLetterQueue(defaultDeadLetterQueue)
                .maxMessageSize(maxMessageSize);
        destinations.forEach(b::destination);
        return b.build();
    }
}

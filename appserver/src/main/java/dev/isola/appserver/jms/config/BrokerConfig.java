package dev.isola.appserver.jms.config;

import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Everything the JMS sub-server needs to start: where its store lives, which destinations
 * exist, and the broker-wide defaults.
 *
 * <pre>{@code
 * BrokerConfig config = BrokerConfig.builder(domainDir.resolve("data/jms"))
 *         .destination(DestinationConfig.queue("orders").withMaxDeliveryAttempts(3))
 *         .destination(DestinationConfig.topic("prices"))
 *         .build();
 * }</pre>
 *
 * <p>Destinations are declared, as in GlassFish / OpenMQ: a name that is not declared is
 * refused with {@code InvalidDestinationException}, unless {@code autoCreateDestinations}
 * is on (convenient in development: the first use of a name declares it with the defaults).
 *
 * @param name                       shown in logs and the admin console
 * @param dataDirectory              the message store (a Derby database) lives here
 * @param destinations               declared queues and topics
 * @param defaultMaxDeliveryAttempts for destinations that do not set theirs ({@code 0}: never dead-letter)
 * @param defaultDeadLetterQueue     for destinations that do not set theirs; always declared
 * @param maxMessageSize             the largest message accepted, in encoded bytes
 * @param autoCreateDestinations     whether unknown names are declared on first use
 * @param databaseTemplates          where a new store's database is copied from, when it can be (see {@link DerbyDatabaseTemplates})
 */
public record BrokerConfig(String name, Path dataDirectory, List<DestinationConfig> destinations, int defaultMaxDeliveryAttempts,
                           String defaultDeadLetterQueue, long maxMessageSize, boolean autoCreateDestinations,
                           Optional<DerbyDatabaseTemplates> databaseTemplates) {

    public static final int DEFAULT_MAX_DELIVERY_ATTEMPTS = 10;
    public static final String DEFAULT_DEAD_LETTER_QUEUE = "DLQ";
    public static final long DEFAULT_MAX_MESSAGE_SIZE = 4L * 1024 * 1024;

    public BrokerConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dataDirectory, "dataDirectory");
        Objects.requireNonNull(databaseTemplates, "databaseTemplates");
        destinations = List.copyOf(destinations);
        if (defaultMaxDeliveryAttempts < 0) {
            throw new InvalidJmsConfigException("defaultMaxDeliveryAttempts is " + defaultMaxDeliveryAttempts + "; it must be 0 (never) or more");
        }
        DestinationConfig.checkName(defaultDeadLetterQueue, "the default dead-letter queue");
        if (maxMessageSize < 1024) {
            throw new InvalidJmsConfigException("maxMessageSize is " + maxMessageSize + " bytes; it must be at least 1024");
        }
        Set<String> queues = new HashSet<>();
        Set<String> topics = new HashSet<>();
        for (DestinationConfig d : destinations) {
            Set<String> names = d.type() == DestinationType.QUEUE ? queues : topics;
            if (!names.add(d.name())) {
                throw new InvalidJmsConfigException(d.type().name().toLowerCase() + " '" + d.name() + "' is declared twice");
            }
        }
        for (DestinationConfig d : destinations) {
            d.deadLetterQueue().ifPresent(dlq -> {
                if (!queues.contains(dlq) && !dlq.equals(defaultDeadLetterQueue)) {
                    throw new InvalidJmsConfigException("dead-letter queue '" + dlq + "' of " + d.type().name().toLowerCase() + " '"
                            + d.name() + "' is not a declared queue");
                }
            });
        }
    }

    public static Builder builder(Path dataDirectory) {
        return new Builder(dataDirectory);
    }

    /** The declarations with the default dead-letter queue added if it was not declared. */
    /** The same configuration, its store's database copied from {@code templates} when new. */
    public BrokerConfig withDatabaseTemplates(Optional<DerbyDatabaseTemplates> templates) {
        return new BrokerConfig(name, dataDirectory, destinations, defaultMaxDeliveryAttempts, defaultDeadLetterQueue, maxMessageSize,
                autoCreateDestinations, templates);
    }

    public List<DestinationConfig> effectiveDestinations() {
        List<DestinationConfig> all = new ArrayList<>(destinations);
        boolean declared = destinations.stream().anyMatch(d -> d.type() == DestinationType.QUEUE && d.name().equals(defaultDeadLetterQueue));
        if (!declared) {
            all.add(DestinationConfig.queue(defaultDeadLetterQueue).withMaxDeliveryAttempts(0));
        }
        return all;
    }

    /** The dead-letter settings {@code d} ends up with. */
    public int maxDeliveryAttemptsOf(DestinationConfig d) {
        OptionalInt own = d.maxDeliveryAttempts();
        return own.isPresent() ? own.getAsInt() : defaultMaxDeliveryAttempts;
    }

    public String deadLetterQueueOf(DestinationConfig d) {
        return d.deadLetterQueue().orElse(defaultDeadLetterQueue);
    }

    public Optional<DestinationConfig> find(String name, DestinationType type) {
        return effectiveDestinations().stream().filter(d -> d.type() == type && d.name().equals(name)).findFirst();
    }

    /** Collects settings; {@link #build()} checks them together. */
    public static final class Builder {
        private final Path dataDirectory;
        private String name = "jms";
        private final List<DestinationConfig> destinations = new ArrayList<>();
        private int defaultMaxDeliveryAttempts = DEFAULT_MAX_DELIVERY_ATTEMPTS;
        private String defaultDeadLetterQueue = DEFAULT_DEAD_LETTER_QUEUE;
        private long maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        private boolean autoCreateDestinations;

        private Builder(Path dataDirectory) {
            this.dataDirectory = Objects.requireNonNull(dataDirectory, "dataDirectory");
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder destination(DestinationConfig destination) {
            destinations.add(Objects.requireNonNull(destination, "destination"));
            return this;
        }

        public Builder queue(String name) {
            return destination(DestinationConfig.queue(name));
        }

        public Builder topic(String name) {
            return destination(DestinationConfig.topic(name));
        }

        public Builder defaultMaxDeliveryAttempts(int attempts) {
            this.defaultMaxDeliveryAttempts = attempts;
            return this;
        }

        public Builder defaultDeadLetterQueue(String queue) {
            this.defaultDeadLetterQueue = queue;
            return this;
        }

        public Builder maxMessageSize(long bytes) {
            this.maxMessageSize = bytes;
            return this;
        }

        public Builder autoCreateDestinations(boolean autoCreate) {
            this.autoCreateDestinations = autoCreate;
            return this;
        }

        public BrokerConfig build() {
            return new BrokerConfig(name, dataDirectory, destinations, defaultMaxDeliveryAttempts, defaultDeadLetterQueue,
                    maxMessageSize, autoCreateDestinations, Optional.empty());
        }
    }
}

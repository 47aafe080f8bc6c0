package dev.isola.appserver.jms.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A destination declared to the broker, with its redelivery policy.
 *
 * <p>Declarations come from the domain configuration, from
 * {@code @JMSDestinationDefinition} (its {@code destinationName}, {@code interfaceName} and
 * {@code properties} feed {@link #fromProperties}), or from the command line of the JMS
 * server ({@link #parse}).
 *
 * @param name                the physical name: 1-200 letters, digits, '.', '_', '-' or '/'
 * @param type                queue or topic
 * @param maxDeliveryAttempts how many times a message is delivered before it moves to the
 *                            dead-letter queue ({@code 0}: never); empty for the broker's default
 * @param deadLetterQueue     where such messages go; empty for the broker's default
 */
public record DestinationConfig(String name, DestinationType type, OptionalInt maxDeliveryAttempts, Optional<String> deadLetterQueue) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._/-]{1,200}");

    /** The property keys {@link #fromProperties} understands. */
    public static final String MAX_DELIVERY_ATTEMPTS = "maxDeliveryAttempts";
    public static final String DEAD_LETTER_QUEUE = "deadLetterQueue";

    public DestinationConfig {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(maxDeliveryAttempts, "maxDeliveryAttempts");
        Objects.requireNonNull(deadLetterQueue, "deadLetterQueue");
        checkName(name, type.name().toLowerCase());
        if (maxDeliveryAttempts.isPresent() && maxDeliveryAttempts.getAsInt() < 0) {
            throw new InvalidJmsConfigException(MAX_DELIVERY_ATTEMPTS + " of " + type.name().toLowerCase() + " '" + name + "' is "
                    + maxDeliveryAttempts.getAsInt() + "; it must be 0 (never dead-letter) or more");
        }
        deadLetterQueue.ifPresent(dlq -> checkName(dlq, "dead-letter queue of '" + name + "'"));
    }

    public static DestinationConfig queue(String name) {
        return new DestinationConfig(name, DestinationType.QUEUE, OptionalInt.empty(), Optional.empty());
    }

    public static DestinationConfig topic(String name) {
        return new DestinationConfig(name, DestinationType.TOPIC, OptionalInt.empty(), Optional.empty());
    }

    public DestinationConfig withMaxDeliveryAttempts(int attempts) {
        return new DestinationConfig(name, type, OptionalInt.of(attempts), deadLetterQueue);
    }

    public DestinationConfig withDeadLetterQueue(String queue) {
        return new DestinationConfig(name, type, maxDeliveryAttempts, Optional.of(queue));
    }

    /**
     * Builds a declaration from key/value settings, as {@code @JMSDestinationDefinition}
     * carries them in {@code properties} ({@code "maxDeliveryAttempts=3"}).
     *
     * @throws InvalidJmsConfigException for an unknown key or a bad value, naming both
     */
    public static DestinationConfig fromProperties(String name, DestinationType type, Map<String, String> properties) {
        DestinationConfig config = new DestinationConfig(name, type, OptionalInt.empty(), Optional.empty());
        for (Map.Entry<String, String> p : properties.entrySet()) {
            String value = p.getValue().strip();
            config = switch (p.getKey().strip()) {
                case MAX_DELIVERY_ATTEMPTS -> config.withMaxDeliveryAttempts(parseInt(value, name));
                case DEAD_LETTER_QUEUE -> config.withDeadLetterQueue(value);
                default -> throw new InvalidJmsConfigException("unknown setting '" + p.getKey() + "' for destination '" + name
                        + "'; known settings are " + MAX_DELIVERY_ATTEMPTS + " and " + DEAD_LETTER_QUEUE);
            };
        }
        return config;
    }

    /**
     * Parses the command-line form {@code name[,key=value...]}, e.g.
     * {@code orders,maxDeliveryAttempts=3,deadLetterQueue=orders.DLQ}.
     */
    public static DestinationConfig parse(String spec, DestinationType type) {
        String[] parts = spec.split(",");
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq < 0) {
                throw new InvalidJmsConfigException("setting '" + parts[i] + "' in destination '" + spec + "' is not key=value");
            }
            properties.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return fromProperties(parts[0].strip(), type, properties);
    }

    private static int parseInt(String value, String destination) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new InvalidJmsConfigException(MAX_DELIVERY_ATTEMPTS + " of destination '" + destination + "' is '" + value
                    + "', not a whole number");
        }
    }

    static void checkName(String name, String what) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidJmsConfigException("name '" + name + "' of " + what
                    + " must be 1-200 letters, digits, '.', '_', '-' or '/'");
        }
    }
}

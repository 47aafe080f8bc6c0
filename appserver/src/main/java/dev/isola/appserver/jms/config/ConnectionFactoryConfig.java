package dev.isola.appserver.jms.config;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings of one connection factory. The default connection factory of a domain uses
 * {@link #defaults()}; {@code @JMSConnectionFactoryDefinition} feeds its {@code clientId}
 * and {@code properties} to {@link #fromProperties}.
 *
 * @param clientId                the client id every connection gets, or empty (durable subscriptions
 *                                then need {@code setClientID} or shared subscriptions)
 * @param prefetch                how many messages the broker may push ahead to a listener consumer
 * @param objectMessageAllowList  classes {@code ObjectMessage.getObject()} may deserialize (see
 *                                {@code ObjectMessageFilter}: {@code *}, {@code pkg.*}, a package or a class)
 */
public record ConnectionFactoryConfig(Optional<String> clientId, int prefetch, List<String> objectMessageAllowList) {

    public static final int DEFAULT_PREFETCH = 100;
    /** Plain JDK value types; applications add their own packages. */
    public static final List<String> DEFAULT_OBJECT_MESSAGE_ALLOW_LIST =
            List.of("java.lang", "java.math", "java.time", "java.util", "java.util.concurrent");

    public static final String CLIENT_ID = "clientId";
    public static final String PREFETCH = "prefetch";
    public static final String OBJECT_MESSAGE_ALLOW_LIST = "objectMessageAllowList";

    public ConnectionFactoryConfig {
        Objects.requireNonNull(clientId, "clientId");
        objectMessageAllowList = List.copyOf(objectMessageAllowList);
        if (prefetch < 1) {
            throw new InvalidJmsConfigException(PREFETCH + " is " + prefetch + "; it must be at least 1");
        }
        clientId.ifPresent(id -> {
            if (id.isBlank()) {
                throw new InvalidJmsConfigException(CLIENT_ID + " must not be blank");
            }
        });
    }

    public static ConnectionFactoryConfig defaults() {
        return new ConnectionFactoryConfig(Optional.empty(), DEFAULT_PREFETCH, DEFAULT_OBJECT_MESSAGE_ALLOW_LIST);
    }

    public ConnectionFactoryConfig withClientId(String id) {
        return new ConnectionFactoryConfig(Optional.of(id), prefetch, objectMessageAllowList);
    }

    public ConnectionFactoryConfig withPrefetch(int messages) {
        return new ConnectionFactoryConfig(clientId, messages, objectMessageAllowList);
    }

    public ConnectionFactoryConfig withObjectMessageAllowList(List<String> allowList) {
        return new ConnectionFactoryConfig(clientId, prefetch, allowList);
    }

    /**
     * Applies key/value settings ({@code clientId}, {@code prefetch},
     * {@code objectMessageAllowList} as a comma-separated list) to the defaults.
     *
     * @throws InvalidJmsConfigException for an unknown key or a bad value, naming both
     */
    public static ConnectionFactoryConfig fromProperties(Map<String, String> properties) {
        ConnectionFactoryConfig config = defaults();
        for (Map.Entry<String, String> p : properties.entrySet()) {
            String value = p.getValue().strip();
            config = switch (p.getKey().strip()) {
                case CLIENT_ID -> config.withClientId(value);
                case PREFETCH -> {
                    try {
                        yield config.withPrefetch(Integer.parseInt(value));
                    } catch (NumberFormatException e) {
                        throw new InvalidJmsConfigException(PREFETCH + " is '" + value + "', not a whole number");
                    }
                }
                case OBJECT_MESSAGE_ALLOW_LIST -> config.withObjectMessageAllowList(
                        Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList());
                default -> throw new InvalidJmsConfigException("unknown connection factory setting '" + p.getKey()
                        + "'; known settings are " + CLIENT_ID + ", " + PREFETCH + " and " + OBJECT_MESSAGE_ALLOW_LIST);
            };
        }
        return config;
    }
}

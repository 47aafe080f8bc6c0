package dev.isola.appserver.jms.config;

import jakarta.jms.JMSConnectionFactoryDefinition;
import jakarta.jms.JMSDestinationDefinition;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns the resource-definition annotations of an application into broker and factory
 * configuration, for the container that deploys it (which binds the results in JNDI under
 * the annotation's {@code name}). The deployer reads annotations from class files (Jandex)
 * and passes their values; code that holds the annotations themselves passes those.
 *
 * <pre>{@code
 * @JMSDestinationDefinition(name = "java:app/jms/orders", interfaceName = "jakarta.jms.Queue",
 *         destinationName = "orders", properties = {"maxDeliveryAttempts=3"})
 * }</pre>
 */
public final class ResourceDefinitions {

    private ResourceDefinitions() {
    }

    /**
     * The destination an annotation declares. Without a {@code destinationName}, the last
     * segment of its JNDI {@code name} is used ({@code java:app/jms/orders} declares {@code orders}).
     *
     * @throws InvalidJmsConfigException naming the annotation's JNDI name and the bad value
     */
    public static DestinationConfig destination(JMSDestinationDefinition definition) {
        return destination(definition.name(), definition.interfaceName(), definition.destinationName(), definition.properties());
    }

    /** {@link #destination(JMSDestinationDefinition)} from the annotation's values. */
    public static DestinationConfig destination(String name, String interfaceName, String destinationName, String[] properties) {
        String physical = destinationName.isBlank() ? lastSegment(name) : destinationName;
        try {
            return DestinationConfig.fromProperties(physical, DestinationType.ofInterfaceName(interfaceName), properties(properties));
        } catch (InvalidJmsConfigException e) {
            throw new InvalidJmsConfigException("@JMSDestinationDefinition(name = \"" + name + "\"): " + e.getMessage());
        }
    }

    /**
     * The factory settings an annotation asks for: its {@code clientId} and {@code properties}.
     * Pool sizes are not used (connections are cheap: a connection is a handle on the broker,
     * not a socket).
     */
    public static ConnectionFactoryConfig connectionFactory(JMSConnectionFactoryDefinition definition) {
        return connectionFactory(definition.name(), definition.clientId(), definition.properties());
    }

    /** {@link #connectionFactory(JMSConnectionFactoryDefinition)} from the annotation's values. */
    public static ConnectionFactoryConfig connectionFactory(String name, String clientId, String[] properties) {
        try {
            Map<String, String> settings = properties(properties);
            if (!clientId.isBlank()) {
                settings.put(ConnectionFactoryConfig.CLIENT_ID, clientId);
            }
            return ConnectionFactoryConfig.fromProperties(settings);
        } catch (InvalidJmsConfigException e) {
            throw new InvalidJmsConfigException("@JMSConnectionFactoryDefinition(name = \"" + name + "\"): " + e.getMessage());
        }
    }

    /** Parses {@code name=value} entries, the format the annotations prescribe. */
    static Map<String, String> properties(String[] entries) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new InvalidJmsConfigException("property '" + entry + "' is not name=value");
            }
            properties.put(entry.substring(0, eq).strip(), entry.substring(eq + 1));
        }
        return properties;
    }

    private static String lastSegment(String jndiName) {
        int cut = Math.max(jndiName.lastIndexOf('/'), jndiName.lastIndexOf(':'));
        return jndiName.substring(cut + 1);
    }
}

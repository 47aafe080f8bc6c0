package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.selector.Selector;
import dev.isola.appserver.jms.selector.SelectorSyntaxException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where and how a message-driven bean consumes: its activation configuration
 * ({@code @ActivationConfigProperty}s, each replaced by an {@code <activation-config-property>}
 * of the same name in {@code ejb-jar.xml}), checked when the module is scanned so that a
 * mistake fails the deployment with the bean and the property named.
 *
 * <table>
 *   <caption>Properties (Enterprise Beans 4.0 section 5.4.17, Messaging 3.1 section 13.1)</caption>
 *   <tr><th>property</th><th>values</th><th>default</th></tr>
 *   <tr><td>{@code destinationLookup}</td><td>JNDI name of the queue or topic</td><td>the bean's {@code mappedName}; required</td></tr>
 *   <tr><td>{@code destinationType}</td><td>{@code jakarta.jms.Queue}, {@code jakarta.jms.Topic}</td><td>what the lookup finds</td></tr>
 *   <tr><td>{@code messageSelector}</td><td>a message selector</td><td>none</td></tr>
 *   <tr><td>{@code subscriptionDurability}</td><td>{@code Durable}, {@code NonDurable} (topics)</td><td>{@code NonDurable}</td></tr>
 *   <tr><td>{@code subscriptionName}</td><td>the topic subscription's name</td><td>{@code <application>.<module>.<bean>}</td></tr>
 *   <tr><td>{@code clientId}</td><td>the client id of the bean's connection</td><td>none</td></tr>
 *   <tr><td>{@code connectionFactoryLookup}</td><td>JNDI name of a connection factory</td><td>{@code java:comp/DefaultJMSConnectionFactory}</td></tr>
 *   <tr><td>{@code acknowledgeMode}</td><td>{@code Auto-acknowledge}, {@code Dups-ok-acknowledge} (bean-managed
 *       transactions and {@code NOT_SUPPORTED} only)</td><td>{@code Auto-acknowledge}</td></tr>
 *   <tr><td>{@code maxSessions}</td><td>1-1000: messages processed at a time</td><td>the server's {@code messageDrivenSessions}</td></tr>
 * </table>
 *
 * <p>Topic subscriptions of message-driven beans are shared subscriptions, so that all the
 * bean's sessions together receive each message once. Unknown properties (other servers'
 * settings) are ignored with a warning, so portable applications deploy unchanged.
 *
 * @param messageSelector null for none
 * @param dupsOk          {@code acknowledgeMode} is {@code Dups-ok-acknowledge}; acknowledging each message
 *                        durably, as for {@code Auto-acknowledge}, satisfies it too, so it changes nothing
 */
public record ActivationConfig(String destinationLookup, Optional<DestinationType> destinationType, String messageSelector,
                               boolean durable, Optional<String> subscriptionName, Optional<String> clientId,
                               Optional<String> connectionFactoryLookup, boolean dupsOk, int maxSessions, Map<String, String> properties) {

    public static final String DESTINATION_LOOKUP = "destinationLookup";
    public static final String DESTINATION_TYPE = "destinationType";
    public static final String MESSAGE_SELECTOR = "messageSelector";
    public static final String SUBSCRIPTION_DURABILITY = "subscriptionDurability";
    public static final String SUBSCRIPTION_NAME = "subscriptionName";
    public static final String CLIENT_ID = "clientId";
    public static final String CONNECTION_FACTORY_LOOKUP = "connectionFactoryLookup";
    public static final String ACKNOWLEDGE_MODE = "acknowledgeMode";
    public static final String MAX_SESSIONS = "maxSessions";
    static final List<String> KNOWN = List.of(DESTINATION_LOOKUP, DESTINATION_TYPE, MESSAGE_SELECTOR, SUBSCRIPTION_DURABILITY,
            SUBSCRIPTION_NAME, CLIENT_ID, CONNECTION_FACTORY_LOOKUP, ACKNOWLEDGE_MODE, MAX_SESSIONS);

    public ActivationConfig {
        properties = Map.copyOf(properties);
    }

    /**
     * Checks and reads the properties of bean {@code bean}.
     *
     * @param mappedName  {@code @MessageDriven(mappedName)} / {@code <mapped-name>}: the destination's JNDI name if
     *                    {@code destinationLookup} is not given (as GlassFish reads it); empty if none
     * @param sessions    the server's default number of sessions
     * @param where       the bean class, for errors that name the property
     * @throws DeploymentException naming the bean and the property at fault
     */
    static ActivationConfig parse(String bean, Map<String, String> given, String mappedName, int sessions, DeploymentException.Location where) {
        Map<String, String> p = new LinkedHashMap<>();
        given.forEach((k, v) -> p.put(k.strip(), v == null ? "" : v.strip()));
        for (String name : p.keySet()) {
            if (!KNOWN.contains(name)) {
                System.getLogger(ActivationConfig.class.getName()).log(System.Logger.Level.WARNING, where.application() + ": message-driven bean "
                        + bean + ": activation config property '" + name + "' is not used by this server and is ignored (it knows " + KNOWN + ")");
            }
        }
        String lookup = value(p, DESTINATION_LOOKUP).orElse(mappedName.strip());
        if (lookup.isEmpty()) {
            throw error(where, bean, DESTINATION_LOOKUP, "is required: give the JNDI name of the queue or topic to consume from"
                    + " (for example one bound by @JMSDestinationDefinition)");
        }
        Optional<DestinationType> type = value(p, DESTINATION_TYPE).map(t -> switch (t) {
            case "jakarta.jms.Queue", "javax.jms.Queue" -> DestinationType.QUEUE;
            case "jakarta.jms.Topic", "javax.jms.Topic" -> DestinationType.TOPIC;
            default -> throw error(where, bean, DESTINATION_TYPE, "is '" + t + "'; it must be jakarta.jms.Queue or jakarta.jms.Topic");
        });
        String selector = value(p, MESSAGE_SELECTOR).orElse(null);
        try {
            Selector.compile(selector);
        } catch (SelectorSyntaxException e) {
            throw error(where, bean, MESSAGE_SELECTOR, "is not valid: " + e.getMessage());
        }
        boolean durable = value(p, SUBSCRIPTION_DURABILITY).map(d -> switch (d.toLowerCase(Locale.ROOT)) {
            case "durable" -> true;
            case "nondurable" -> false;
            default -> throw error(where, bean, SUBSCRIPTION_DURABILITY, "is '" + d + "'; it must be Durable or NonDurable");
        }).orElse(false);
        if (durable && type.orElse(null) == DestinationType.QUEUE) {
            throw error(where, bean, SUBSCRIPTION_DURABILITY, "is Durable, but destinationType is jakarta.jms.Queue: only topic subscriptions are durable");
        }
        boolean dupsOk = value(p, ACKNOWLEDGE_MODE).map(m -> switch (m.toLowerCase(Locale.ROOT)) {
            case "auto-acknowledge" -> false;
            case "dups-ok-acknowledge" -> true;
            default -> throw error(where, bean, ACKNOWLEDGE_MODE, "is '" + m + "'; it must be Auto-acknowledge or Dups-ok-acknowledge");
        }).orElse(false);
        int maxSessions = value(p, MAX_SESSIONS).map(v -> {
            try {
                int n = Integer.parseInt(v);
                if (n >= 1 && n <= 1000) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(where, bean, MAX_SESSIONS, "is '" + v + "'; it must be a whole number from 1 to 1000");
        }).orElse(sessions);
        return new ActivationConfig(lookup, type, selector, durable, value(p, SUBSCRIPTION_NAME), value(p, CLIENT_ID),
                value(p, CONNECTION_FACTORY_LOOKUP), dupsOk, maxSessions, p);
    }

    private static Optional<String> value(Map<String, String> properties, String name) {
        return Optional.ofNullable(properties.get(name)).filter(v -> !v.isEmpty());
    }

    /** A deployment error about one property of the bean's activation configuration. */
    static DeploymentException error(DeploymentException.Location where, String bean, String property, String problem) {
        return where.atMember("activation config property " + property).error("message-driven bean " + bean + ": activation config property "
                + property + " " + problem);
    }
}

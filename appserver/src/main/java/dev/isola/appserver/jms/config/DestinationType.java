package dev.isola.appserver.jms.config;

/** A declared destination is a queue (each message to one consumer) or a topic (to every subscription). */
public enum DestinationType {
    QUEUE, TOPIC;

    /** Maps the {@code interfaceName} of {@code @JMSDestinationDefinition} ({@code jakarta.jms.Queue} / {@code jakarta.jms.Topic}). */
    public static DestinationType ofInterfaceName(String interfaceName) {
        return switch (interfaceName) {
            case "jakarta.jms.Queue" -> QUEUE;
            case "jakarta.jms.Topic" -> TOPIC;
            default -> throw new InvalidJmsConfigException("destination interfaceName '" + interfaceName
                    + "' must be jakarta.jms.Queue or jakarta.jms.Topic");
        };
    }
}

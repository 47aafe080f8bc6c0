package dev.isola.appserver.jms.selector;

/**
 * What a selector reads from a message: the value of an identifier.
 *
 * <p>Implementations return the value of a property as it was set (a boxed primitive or a
 * {@code String}), the value of one of the header fields a selector may name
 * ({@code JMSDeliveryMode} as {@code "PERSISTENT"} or {@code "NON_PERSISTENT"},
 * {@code JMSPriority}, {@code JMSMessageID}, {@code JMSTimestamp}, {@code JMSCorrelationID},
 * {@code JMSType}), or null if the message has no such value.
 */
@FunctionalInterface
public interface SelectorContext {

    Object valueOf(String identifier);
}

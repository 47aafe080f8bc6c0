package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.appserver.jms.selector.SelectorContext;

/** What a selector sees of a message at the broker: the header fields selectors may name, then properties. */
record MessageSelectorContext(MessageData message, int deliveryCount) implements SelectorContext {

    @Override
    public Object valueOf(String identifier) {
        return switch (identifier) {
            case "JMSDeliveryMode" -> message.persistent() ? "PERSISTENT" : "NON_PERSISTENT";
            case "JMSPriority" -> message.priority();
            case "JMSMessageID" -> message.messageId();
            case "JMSTimestamp" -> message.timestamp();
            case "JMSCorrelationID" -> message.correlationId();
            case "JMSType" -> message.type();
            case "JMSXDeliveryCount" -> deliveryCount;
            default -> message.properties().get(identifier);
        };
    }
}

package dev.isola.appserver.jms.broker;

import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.appserver.jms.selector.Selector;

import java.util.Objects;

/**
 * One subscription to a topic: a queue that receives a copy of every published message its
 * selector (and no-local rule) accepts. Durable ones keep their messages in the store and
 * outlive their consumers; shared ones spread messages over several consumers.
 *
 * @param key               the registry key ({@link Broker#subscriptionKey}), or a unique id for plain subscribers
 * @param name              the subscription name, or null for a plain subscriber
 * @param clientId          the client id it is scoped by, or null
 * @param ownerConnectionId the connection of a non-durable subscription (for no-local)
 */
record Subscription(String key, String name, String clientId, TopicState topic, Selector selector, boolean noLocal,
                    boolean durable, boolean shared, String ownerConnectionId, MessageQueue queue) {

    /** Whether a message published to the topic goes to this subscription. */
    boolean accepts(MessageData message, int deliveryCount) {
        if (noLocal) {
            boolean local = durable ? clientId != null && clientId.equals(message.originClientId())
                    : ownerConnectionId != null && ownerConnectionId.equals(message.originConnectionId());
            if (local) {
                return false;
            }
        }
        return Selector.selects(selector, new MessageSelectorContext(message, deliveryCount));
    }

    /** How operators name a durable subscription: {@code clientId:name}, or {@code name} without a client id. */
    String operatorId() {
        return DurableSubscriptionStats.idOf(clientId, name);
    }

    String selectorText() {
        return selector == null ? null : selector.text();
    }

    /** Same topic, selector and no-local: a consumer may join it as it is. */
    boolean sameDefinition(TopicState otherTopic, String otherSelector, boolean otherNoLocal) {
        return topic == otherTopic && Objects.equals(selectorText(), blankToNull(otherSelector)) && noLocal == otherNoLocal;
    }

    static String blankToNull(String selector) {
        return selector == null || selector.isBlank() ? null : selector;
    }

    String describe() {
        return (durable ? "durable " : "") + (shared ? "shared " : "") + "subscription '" + name + "'"
                + (clientId != null ? " of client id '" + clientId + "'" : "") + " on topic '" + topic.name + "'";
    }
}

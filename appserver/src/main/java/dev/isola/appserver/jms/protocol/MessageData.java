package dev.isola.appserver.jms.protocol;

import jakarta.jms.DeliveryMode;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One message as plain, immutable data: what a producer hands the broker, what the store
 * keeps and what a consumer receives. Nothing in it refers to a client or broker object, so
 * it can be copied across an isolate boundary as it is.
 *
 * @param messageId          the JMSMessageID ({@code ID:...}), or null if the producer disabled ids
 * @param destination        where it was sent
 * @param deliveryMode       {@link DeliveryMode#PERSISTENT} or {@link DeliveryMode#NON_PERSISTENT}
 * @param priority           0 (lowest) to 9
 * @param timestamp          when it was handed to the provider (ms since the epoch), 0 if disabled
 * @param expiration         when it expires (ms since the epoch), 0 for never
 * @param deliveryTime       the earliest time it may be delivered (ms since the epoch)
 * @param correlationId      the JMSCorrelationID, or null
 * @param replyTo            the JMSReplyTo, or null
 * @param type               the JMSType, or null
 * @param properties         property names to values (boxed primitives other than char, or
 *                           {@code String}; null values allowed), in the order they were set
 * @param body               the body
 * @param originConnectionId the broker connection it was sent on (for no-local subscribers)
 * @param originClientId     the client id of that connection, or null (for durable no-local)
 */
public record MessageData(
        String messageId,
        DestinationRef destination,
        int deliveryMode,
        int priority,
        long timestamp,
        long expiration,
        long deliveryTime,
        String correlationId,
        DestinationRef replyTo,
        String type,
        Map<String, Object> properties,
        MessageBody body,
        String originConnectionId,
        String originClientId) implements Serializable {

    public MessageData {
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(body, "body");
        if (deliveryMode != DeliveryMode.PERSISTENT && deliveryMode != DeliveryMode.NON_PERSISTENT) {
            throw new IllegalArgumentException("deliveryMode " + deliveryMode + " is neither PERSISTENT (2) nor NON_PERSISTENT (1)");
        }
        if (priority < 0 || priority > 9) {
            throw new IllegalArgumentException("priority " + priority + " is outside 0..9");
        }
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public boolean persistent() {
        return deliveryMode == DeliveryMode.PERSISTENT;
    }

    /** True if it has a time to live that has run out at {@code now}. */
    public boolean expiredAt(long now) {
        return expiration != 0 && expiration <= now;
    }

    /** This message as sent on {@code connectionId}: the broker stamps the origin itself rather than trust the client's. */
    public MessageData sentBy(String connectionId, String clientId) {
        if (Objects.equals(connectionId, originConnectionId) && Objects.equals(clientId, originClientId)) {
            return this;
        }
        return new MessageData(messageId, destination, deliveryMode, priority, timestamp, expiration, deliveryTime, correlationId,
                replyTo, type, properties, body, connectionId, clientId);
    }

    /** A copy addressed to {@code target} with extra properties, as when it moves to a dead-letter queue. */
    public MessageData redirectedTo(DestinationRef target, Map<String, Object> extraProperties) {
        Map<String, Object> merged = new LinkedHashMap<>(properties);
        merged.putAll(extraProperties);
        return new MessageData(messageId, target, deliveryMode, priority, timestamp, 0, 0, correlationId, replyTo,
                type, merged, body, originConnectionId, originClientId);
    }

    @Override
    public String toString() {
        return "MessageData[" + messageId + " to " + destination + " " + (persistent() ? "persistent" : "non-persistent")
                + " priority " + priority + " " + body + "]";
    }
}

package dev.isola.domains.control;

import java.io.Serializable;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages waiting in one JMS queue of a domain isolate, for operators: read, not consumed.
 * Messages delivered and not yet acknowledged are in flight, counted and not listed: they belong
 * to a consumer's open session.
 *
 * @param queue    the queue's name
 * @param depth    messages waiting, ready and delayed (more than listed when the listing was cut short)
 * @param inFlight messages delivered and not yet acknowledged
 * @param messages the first waiting messages in delivery order: ready ones by priority then as sent, then delayed ones
 */
public record JmsQueueContents(String queue, int depth, int inFlight, List<Message> messages) implements Serializable {

    public JmsQueueContents {
        messages = List.copyOf(messages);
    }

    /**
     * One waiting message as an operator reads it; what cannot be shown as it is (a property of a
     * number type, a body) is given as text or summed up.
     *
     * @param messageId     the JMSMessageID, null if the producer disabled ids
     * @param timestamp     when it was sent, null if the producer disabled timestamps
     * @param type          {@code text}, {@code bytes}, {@code map}, {@code object}, {@code stream}, or {@code message} for none
     * @param priority      0 (lowest) to 9
     * @param persistent    whether it survives a restart of the JMS sub-server
     * @param deliveryCount how often it was delivered and given back unacknowledged
     * @param redelivered   its next delivery is a redelivery
     * @param expiration    when its time to live runs out, null for never
     * @param deliverAfter  when a delayed message becomes deliverable, null for one that is ready
     * @param correlationId the JMSCorrelationID, or null
     * @param jmsType       the JMSType, or null
     * @param properties    its properties, in the order they were set, each value as text (null stays null)
     * @param bodyBytes     the size of its body: the UTF-8 bytes of a text, the bytes of a bytes or object message, the
     *                      encoded entries of a map or stream message
     * @param textPreview   for a text message, the first characters of its text ({@link #PREVIEW_CHARACTERS}); else null
     */
    public record Message(String messageId, Instant timestamp, String type, int priority, boolean persistent, int deliveryCount,
                          boolean redelivered, Instant expiration, Instant deliverAfter, String correlationId, String jmsType,
                          Map<String, String> properties, int bodyBytes, String textPreview) implements Serializable {

        /** How much of a text message's text is shown. */
        public static final int PREVIEW_CHARACTERS = 200;

        public Message {
            // Property values may be null, which Map.copyOf refuses.
            properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        }
    }
}

package dev.isola.domains.isolate;

import dev.isola.appserver.jms.broker.QueueContents;
import dev.isola.appserver.jms.protocol.MessageBody;
import dev.isola.appserver.jms.protocol.MessageCodec;
import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.domains.control.JmsQueueContents;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The broker's view of a queue ({@link QueueContents}) as the control link gives it to the admin
 * ({@link JmsQueueContents}): plain values an operator reads, none of the broker's types, and
 * the bodies summed up rather than copied (a listing of a thousand large messages would
 * otherwise carry them all).
 */
final class QueueListing {

    private QueueListing() {
    }

    static JmsQueueContents of(QueueContents contents) {
        return new JmsQueueContents(contents.queue(), contents.depth(), contents.inFlight(),
                contents.messages().stream().map(QueueListing::message).toList());
    }

    static JmsQueueContents.Message message(QueueContents.Message waiting) {
        MessageData m = waiting.data();
        Map<String, String> properties = new LinkedHashMap<>();
        m.properties().forEach((name, value) -> properties.put(name, value == null ? null : String.valueOf(value)));
        return new JmsQueueContents.Message(m.messageId(), m.timestamp() == 0 ? null : Instant.ofEpochMilli(m.timestamp()), type(m.body()),
                m.priority(), m.persistent(), waiting.deliveries(), waiting.redelivered(),
                m.expiration() == 0 ? null : Instant.ofEpochMilli(m.expiration()),
                m.deliveryTime() > System.currentTimeMillis() ? Instant.ofEpochMilli(m.deliveryTime()) : null,
                m.correlationId(), m.type(), properties, MessageCodec.bodySize(m.body()), preview(m.body()));
    }

    /** How the API names a message's type: after its JMS interface ({@code TextMessage} is {@code text}). */
    static String type(MessageBody body) {
        return switch (body) {
            case MessageBody.None n -> "message";
            case MessageBody.Text t -> "text";
            case MessageBody.Bytes b -> "bytes";
            case MessageBody.MapEntries m -> "map";
            case MessageBody.SerializedObject o -> "object";
            case MessageBody.StreamItems s -> "stream";
        };
    }

    private static String preview(MessageBody body) {
        if (!(body instanceof MessageBody.Text(String text)) || text == null) {
            return null;
        }
        int end = Math.min(text.length(), JmsQueueContents.Message.PREVIEW_CHARACTERS);
        // Not half a character: a pair of surrogates stays whole or goes.
        if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }
}

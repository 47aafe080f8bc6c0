package dev.isola.domains.isolate;

import dev.isola.appserver.jms.broker.QueueContents;
import dev.isola.appserver.jms.protocol.DestinationRef;
import dev.isola.appserver.jms.protocol.MessageBody;
import dev.isola.appserver.jms.protocol.MessageData;
import dev.isola.domains.control.JmsQueueContents;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the admin reads of a waiting message: headers, properties as text, the body summed up, a text's beginning. */
class QueueListingTest {

    private static MessageData message(MessageBody body, Map<String, Object> properties, long timestamp, long expiration, long deliveryTime) {
        return new MessageData("ID:1", DestinationRef.queue("orders"), 2, 6, timestamp, expiration, deliveryTime, "corr-1", null, "Order",
                properties, body, "connection", null);
    }

    @Test
    void aTextMessageShowsItsHeadersItsPropertiesAsTextAndItsText() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("index", 7);
        properties.put("vip", true);
        properties.put("weight", 2.5);
        properties.put("note", null);
        JmsQueueContents.Message m = QueueListing.message(new QueueContents.Message(
                message(new MessageBody.Text("grün"), properties, 1_000, 5_000, 0), 2));
        assertEquals("ID:1", m.messageId());
        assertEquals(Instant.ofEpochMilli(1_000), m.timestamp());
        assertEquals("text", m.type());
        assertEquals(6, m.priority());
        assertTrue(m.persistent());
        assertEquals(2, m.deliveryCount());
        assertTrue(m.redelivered());
        assertEquals(Instant.ofEpochMilli(5_000), m.expiration());
        assertNull(m.deliverAfter(), "delivered as soon as a consumer asks");
        assertEquals("corr-1", m.correlationId());
        assertEquals("Order", m.jmsType());
        assertEquals(List.of("index", "vip", "weight", "note"), List.copyOf(m.properties().keySet()), "in the order they were set");
        assertEquals("7", m.properties().get("index"));
        assertEquals("true", m.properties().get("vip"));
        assertEquals("2.5", m.properties().get("weight"));
        assertNull(m.properties().get("note"));
        assertEquals(5, m.bodyBytes(), "UTF-8 bytes");
        assertEquals("grün", m.textPreview());
    }

    @Test
    void aLongTextIsCutAtTwoHundredCharactersWithoutSplittingOne() {
        String text = "a".repeat(199) + "😀" + "rest";
        JmsQueueContents.Message m = QueueListing.message(new QueueContents.Message(message(new MessageBody.Text(text), Map.of(), 1, 0, 0), 0));
        assertEquals("a".repeat(199), m.textPreview(), "the emoji's two chars would cross the limit: it goes whole");
        String plain = "b".repeat(300);
        assertEquals("b".repeat(200), QueueListing.message(new QueueContents.Message(message(new MessageBody.Text(plain), Map.of(), 1, 0, 0), 0))
                .textPreview());
        assertEquals(300, QueueListing.message(new QueueContents.Message(message(new MessageBody.Text(plain), Map.of(), 1, 0, 0), 0)).bodyBytes());
    }

    @Test
    void everyBodyKindHasItsTypeAndSizeAndNoPreview() {
        Map<MessageBody, String> types = new LinkedHashMap<>();
        types.put(new MessageBody.None(), "message");
        types.put(new MessageBody.Bytes(new byte[12]), "bytes");
        types.put(new MessageBody.MapEntries(Map.of("sku", "A-1")), "map");
        types.put(new MessageBody.SerializedObject(new byte[40]), "object");
        types.put(new MessageBody.StreamItems(List.of(1, 2)), "stream");
        Map<String, Integer> sizes = Map.of("message", 0, "bytes", 12, "map", 15, "object", 40, "stream", 10);
        for (Map.Entry<MessageBody, String> body : types.entrySet()) {
            JmsQueueContents.Message m = QueueListing.message(new QueueContents.Message(message(body.getKey(), Map.of(), 0, 0, 0), 0));
            assertEquals(body.getValue(), m.type());
            assertEquals(sizes.get(body.getValue()), m.bodyBytes(), body.getValue());
            assertNull(m.textPreview(), body.getValue());
            assertNull(m.timestamp(), "the producer disabled timestamps");
            assertNull(m.expiration(), "it never expires");
            assertFalse(m.redelivered());
        }
    }

    @Test
    void aDelayedMessageSaysWhenItBecomesDeliverableAndTheListingCrossesTheControlLink() throws Exception {
        long later = System.currentTimeMillis() + 60_000;
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("note", null);
        JmsQueueContents contents = QueueListing.of(new QueueContents("orders", 5, 1,
                List.of(new QueueContents.Message(message(new MessageBody.Text("later"), properties, 1, 0, later), 0))));
        assertEquals(Instant.ofEpochMilli(later), contents.messages().getFirst().deliverAfter());
        assertEquals(5, contents.depth());
        assertEquals(1, contents.inFlight());

        // The control link copies values with the JDK's serialization: a null property value included.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(contents);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(contents, in.readObject());
        }
    }
}

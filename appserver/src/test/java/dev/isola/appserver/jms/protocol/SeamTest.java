package dev.isola.appserver.jms.protocol;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Everything that crosses the client/broker seam is plain data: every command, reply and
 * event survives a deep copy (as a link will make) equal to itself, and the binary message
 * form keeps every value type.
 */
class SeamTest {

    private static MessageData message(MessageBody body) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("b", true);
        properties.put("y", (byte) 1);
        properties.put("s", (short) 2);
        properties.put("i", 3);
        properties.put("l", 4L);
        properties.put("f", 5.5f);
        properties.put("d", 6.5);
        properties.put("str", "sieben ✓");
        properties.put("none", null);
        return new MessageData("ID:x:1", DestinationRef.queue("q"), 2, 7, 1000, 2000, 1500, "corr", DestinationRef.topic("replies"),
                "type", properties, body, "conn", "client");
    }

    private static final List<MessageBody> BODIES = List.of(
            new MessageBody.None(),
            new MessageBody.Text("text"),
            new MessageBody.Text(null),
            new MessageBody.Bytes(new byte[]{1, 2, 3}),
            new MessageBody.MapEntries(Map.of("c", 'c', "bytes", "x", "n", 1L)),
            new MessageBody.SerializedObject(new byte[]{-84, -19}),
            new MessageBody.SerializedObject(null),
            new MessageBody.StreamItems(java.util.Arrays.asList("a", 1, 'z', new byte[]{9}, null, 2.5)));

    private static final MessageData SAMPLE = message(new MessageBody.Text("hello"));
    private static final Delivery DELIVERY = new Delivery(3, 4, SAMPLE, 2);

    private static final List<BrokerCommand> COMMANDS = List.of(
            new BrokerCommand.Hello("client"),
            new BrokerCommand.SetClientId("client"),
            new BrokerCommand.CheckDestination(DestinationRef.queue("q")),
            new BrokerCommand.Send(SAMPLE),
            new BrokerCommand.CreateConsumer(1, DestinationRef.topic("t"), "a > 1", true, new SubscriptionRequest("sub", true, true)),
            new BrokerCommand.CloseConsumer(1, List.of(5L, 6L)),
            new BrokerCommand.GrantCredit(1, 100),
            new BrokerCommand.RevokeCredit(1),
            new BrokerCommand.Pull(1, 1000, List.of(7L)),
            new BrokerCommand.CancelPull(1),
            new BrokerCommand.Acknowledge(List.of(1L, 2L), true),
            new BrokerCommand.Release(List.of(1L), List.of(2L)),
            new BrokerCommand.Commit(List.of(SAMPLE), List.of(3L)),
            new BrokerCommand.Browse(DestinationRef.queue("q"), null, Long.MIN_VALUE, 100),
            new BrokerCommand.CreateTemporaryDestination(DestinationRef.Kind.TEMPORARY_QUEUE),
            new BrokerCommand.DeleteTemporaryDestination(new DestinationRef(DestinationRef.Kind.TEMPORARY_TOPIC, "$tmp.1")),
            new BrokerCommand.Unsubscribe("sub"),
            new BrokerCommand.Goodbye());

    private static final List<BrokerReply> REPLIES = List.of(
            new BrokerReply.Ok(),
            new BrokerReply.Welcome("conn", 4096, "broker"),
            new BrokerReply.Pulled(DELIVERY),
            new BrokerReply.Pulled(null),
            new BrokerReply.TemporaryDestinationCreated(new DestinationRef(DestinationRef.Kind.TEMPORARY_QUEUE, "$tmp.2")),
            new BrokerReply.BrowsePage(List.of(SAMPLE), 42, false),
            new BrokerReply.Failed(FailureKind.INVALID_DESTINATION, "queue 'x' is not declared"));

    private static final List<BrokerEvent> EVENTS = List.of(
            new BrokerEvent.Deliver(DELIVERY),
            new BrokerEvent.ConsumerClosed(1, "gone"));

    @SuppressWarnings("unchecked")
    private static <T> T copy(T value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    private static void assertCovers(Class<?> sealed, List<?> samples) {
        Set<Class<?>> kinds = new HashSet<>(List.of(sealed.getPermittedSubclasses()));
        samples.forEach(s -> kinds.remove(s.getClass()));
        assertTrue(kinds.isEmpty(), "no sample for " + kinds);
    }

    @Test
    void everyCommandReplyAndEventCopiesToAnEqualValue() throws Exception {
        assertCovers(BrokerCommand.class, COMMANDS);
        assertCovers(BrokerReply.class, REPLIES);
        assertCovers(BrokerEvent.class, EVENTS);
        for (Object value : List.of(COMMANDS, REPLIES, EVENTS)) {
            for (Object item : (List<?>) value) {
                assertEquals(item, copy(item), item.getClass().getSimpleName());
            }
        }
    }

    @Test
    void theBinaryFormKeepsEveryHeaderPropertyAndBody() {
        assertCovers(MessageBody.class, BODIES);
        for (MessageBody body : BODIES) {
            MessageData original = message(body);
            MessageData decoded = MessageCodec.decode(MessageCodec.encode(original));
            if (body instanceof MessageBody.StreamItems items) {
                List<Object> got = ((MessageBody.StreamItems) decoded.body()).items();
                assertEquals(items.items().size(), got.size());
                assertArrayEquals((byte[]) items.items().get(3), (byte[]) got.get(3));
                assertEquals(items.items().get(2), got.get(2));
            } else {
                assertEquals(original, decoded, body.toString());
            }
            assertEquals(original.properties(), decoded.properties());
            assertEquals(Short.class, decoded.properties().get("s").getClass(), "a short stays a short");
        }
    }

    @Test
    void aBodysSizeIsItsContentsBytes() {
        assertEquals(0, MessageCodec.bodySize(new MessageBody.None()));
        assertEquals(0, MessageCodec.bodySize(new MessageBody.Text(null)));
        assertEquals(9, MessageCodec.bodySize(new MessageBody.Text("grün ✓")), "UTF-8 bytes, not characters");
        assertEquals(3, MessageCodec.bodySize(new MessageBody.Bytes(new byte[3])));
        assertEquals(0, MessageCodec.bodySize(new MessageBody.SerializedObject(null)));
        assertEquals(5, MessageCodec.bodySize(new MessageBody.SerializedObject(new byte[5])));
        // A name (4-byte length, "sku") and a tagged string value (tag, 4-byte length, "A-1").
        assertEquals(7 + 8, MessageCodec.bodySize(new MessageBody.MapEntries(Map.of("sku", "A-1"))));
        // Two tagged ints.
        assertEquals(10, MessageCodec.bodySize(new MessageBody.StreamItems(List.of(1, 2))));
        assertEquals(0, MessageCodec.bodySize(new MessageBody.MapEntries(Map.of())));
    }

    @Test
    void aDamagedEncodingIsRefusedNamingTheProblem() {
        byte[] encoded = MessageCodec.encode(SAMPLE);
        byte[] truncated = java.util.Arrays.copyOf(encoded, encoded.length - 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MessageCodec.decode(truncated));
        assertTrue(e.getMessage().contains("truncated") || e.getMessage().contains("announces"), e.getMessage());
        encoded[0] = 9;
        IllegalArgumentException version = assertThrows(IllegalArgumentException.class, () -> MessageCodec.decode(encoded));
        assertTrue(version.getMessage().contains("format version 9"), version.getMessage());
    }
}

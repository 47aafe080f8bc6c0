package dev.isola.appserver.jms;

import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The five message types and properties, sent through the real broker and read back with the specification's rules. */
class MessageTypesTest {

    private static JmsFixture jms;
    private Session session;
    private Queue queue;

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.queue("types"));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    @AfterEach
    void closeConnections() {
        jms.closeConnections();
    }

    private static Set<String> names(java.util.Enumeration<?> names) {
        Set<String> all = new java.util.HashSet<>();
        names.asIterator().forEachRemaining(n -> all.add((String) n));
        return all;
    }

    private <T extends Message> T roundTrip(T message) throws JMSException {
        if (session == null) {
            Connection c = jms.connection();
            session = c.createSession();
            queue = session.createQueue("types");
        }
        session.createProducer(queue).send(message);
        @SuppressWarnings("unchecked")
        T received = (T) session.createConsumer(queue).receive(1000);
        return received;
    }

    @Test
    void textMessageCarriesItsTextAndIsReadOnlyUntilCleared() throws Exception {
        TextMessage received = roundTrip(jms.connection().createSession().createTextMessage("héllo wörld ✓"));
        assertEquals("héllo wörld ✓", received.getText());
        assertEquals("héllo wörld ✓", received.getBody(String.class));
        assertTrue(received.isBodyAssignableTo(CharSequence.class));
        assertFalse(received.isBodyAssignableTo(Integer.class));
        assertThrows(MessageFormatException.class, () -> received.getBody(Integer.class));
        assertThrows(MessageNotWriteableException.class, () -> received.setText("changed"));
        received.clearBody();
        received.setText("changed");
        assertEquals("changed", received.getText());
    }

    @Test
    void bytesMessageReadsBackEveryTypeInOrder() throws Exception {
        BytesMessage m = jms.connection().createSession().createBytesMessage();
        m.writeBoolean(true);
        m.writeByte((byte) -7);
        m.writeShort((short) 1234);
        m.writeChar('x');
        m.writeInt(42);
        m.writeLong(1L << 40);
        m.writeFloat(1.5f);
        m.writeDouble(2.25);
        m.writeUTF("utf ✓");
        m.writeBytes(new byte[]{1, 2, 3, 4}, 1, 2);
        m.writeObject(99);
        assertThrows(MessageNotReadableException.class, m::readInt, "a message being written cannot be read");
        assertThrows(MessageFormatException.class, () -> m.writeObject(new Object()));

        BytesMessage r = roundTrip(m);
        assertTrue(r.readBoolean());
        assertEquals(-7, r.readByte());
        assertEquals(1234, r.readShort());
        assertEquals('x', r.readChar());
        assertEquals(42, r.readInt());
        assertEquals(1L << 40, r.readLong());
        assertEquals(1.5f, r.readFloat());
        assertEquals(2.25, r.readDouble());
        assertEquals("utf ✓", r.readUTF());
        byte[] two = new byte[2];
        assertEquals(2, r.readBytes(two));
        assertArrayEquals(new byte[]{2, 3}, two);
        assertEquals(99, r.readInt());
        assertThrows(MessageEOFException.class, r::readByte);
        assertEquals(-1, r.readBytes(new byte[1]));
        assertThrows(MessageNotWriteableException.class, () -> r.writeInt(1));

        r.reset();
        assertTrue(r.readBoolean(), "reset starts reading from the beginning");
        assertEquals(r.getBodyLength(), r.getBody(byte[].class).length);
        r.clearBody();
        r.writeInt(7);
        r.reset();
        assertEquals(7, r.readInt());
    }

    @Test
    void mapMessageConvertsValuesAsTheSpecificationAllows() throws Exception {
        MapMessage m = jms.connection().createSession().createMapMessage();
        m.setBoolean("flag", true);
        m.setByte("byte", (byte) 5);
        m.setShort("short", (short) 300);
        m.setChar("char", 'c');
        m.setInt("int", 70000);
        m.setLong("long", 1L << 33);
        m.setFloat("float", 1.25f);
        m.setDouble("double", 3.5);
        m.setString("number", "123");
        m.setString("word", "yes");
        m.setBytes("bytes", new byte[]{9, 8, 7});
        m.setObject("object", 11L);
        assertThrows(MessageFormatException.class, () -> m.setObject("bad", new BigDecimal("1")));
        assertThrows(IllegalArgumentException.class, () -> m.setInt("", 1));

        MapMessage r = roundTrip(m);
        assertEquals(Set.of("flag", "byte", "short", "char", "int", "long", "float", "double", "number", "word", "bytes", "object"),
                names(r.getMapNames()));
        assertEquals("true", r.getString("flag"));
        assertEquals(5, r.getLong("byte"));
        assertEquals(300, r.getInt("short"));
        assertEquals('c', r.getChar("char"));
        assertEquals("c", r.getString("char"));
        assertEquals(1L << 33, r.getLong("long"));
        assertEquals(1.25, r.getDouble("float"));
        assertEquals(123, r.getInt("number"));
        assertEquals(123.0, r.getDouble("number"));
        assertArrayEquals(new byte[]{9, 8, 7}, r.getBytes("bytes"));
        assertEquals(11L, r.getObject("object"));
        assertTrue(r.itemExists("int"));
        assertFalse(r.itemExists("nothing"));
        assertNull(r.getString("nothing"));
        assertFalse(r.getBoolean("nothing"), "a missing boolean reads as Boolean.valueOf(null)");
        assertThrows(NumberFormatException.class, () -> r.getInt("nothing"));
        assertThrows(NullPointerException.class, () -> r.getDouble("nothing"));
        assertThrows(MessageFormatException.class, () -> r.getByte("int"), "int does not narrow to byte");
        assertThrows(MessageFormatException.class, () -> r.getBoolean("int"));
        assertThrows(MessageFormatException.class, () -> r.getString("bytes"));
        assertThrows(MessageFormatException.class, () -> r.getChar("number"));
        assertThrows(NumberFormatException.class, () -> r.getInt("word"), "'yes' is not a number");
        assertThrows(MessageFormatException.class, () -> r.getInt("flag"), "a boolean is not read as an int");
        assertThrows(MessageNotWriteableException.class, () -> r.setInt("x", 1));
        @SuppressWarnings("unchecked")
        Map<String, Object> body = r.getBody(Map.class);
        assertEquals(70000, body.get("int"));
    }

    @Test
    void streamMessageConvertsAndDoesNotAdvanceOnAFailedRead() throws Exception {
        StreamMessage m = jms.connection().createSession().createStreamMessage();
        m.writeString("42");
        m.writeInt(7);
        m.writeBytes(new byte[]{1, 2, 3, 4, 5});
        m.writeObject(null);
        m.writeChar('z');
        m.writeBoolean(false);

        StreamMessage r = roundTrip(m);
        assertThrows(MessageFormatException.class, r::readChar, "a String is not read as a char");
        assertEquals(42, r.readInt(), "the failed read did not move the position");
        assertThrows(MessageFormatException.class, r::readShort, "int does not narrow to short");
        assertEquals(7L, r.readLong());
        byte[] chunk = new byte[2];
        assertEquals(2, r.readBytes(chunk));
        assertArrayEquals(new byte[]{1, 2}, chunk);
        assertThrows(MessageFormatException.class, r::readInt, "cannot read another type in the middle of a byte array");
        assertEquals(2, r.readBytes(chunk));
        assertEquals(1, r.readBytes(chunk), "a short read ends the byte array");
        assertNull(r.readString(), "a null value reads as a null String");
        assertEquals("z", r.readString());
        assertEquals("false", r.readString());
        assertThrows(MessageEOFException.class, r::readBoolean);
        assertThrows(MessageFormatException.class, () -> r.getBody(Object.class));
        assertThrows(MessageNotWriteableException.class, () -> r.writeInt(1));
        r.reset();
        assertEquals("42", r.readObject());
    }

    record Order(String item, int quantity) implements Serializable {
    }

    @Test
    void objectMessageDeserializesOnlyAllowedClasses() throws Exception {
        Session s = jms.connection().createSession();
        Order order = new Order("book", 2);
        ObjectMessage m = s.createObjectMessage(order);
        ObjectMessage jdkOnly = roundTrip(m);
        MessageFormatException refused = assertThrows(MessageFormatException.class, jdkOnly::getObject);
        assertTrue(refused.getMessage().contains(Order.class.getName()) && refused.getMessage().contains("objectMessageAllowList"),
                refused.getMessage());

        Connection trusting = jms.track(jms.server().connectionFactory(ConnectionFactoryConfig.defaults()
                .withObjectMessageAllowList(List.of("java.lang", "dev.isola.appserver.jms"))).createConnection());
        trusting.start();
        Session ts = trusting.createSession();
        ts.createProducer(queue).send(ts.createObjectMessage(order));
        ObjectMessage allowed = (ObjectMessage) ts.createConsumer(queue).receive(1000);
        assertEquals(order, allowed.getObject());
        assertEquals(order, allowed.getBody(Serializable.class));
        assertTrue(allowed.isBodyAssignableTo(Order.class));
        assertThrows(MessageNotWriteableException.class, () -> allowed.setObject("x"));

        ObjectMessage jdk = roundTrip(s.createObjectMessage(new java.util.ArrayList<>(List.of(1, 2, 3))));
        assertEquals(List.of(1, 2, 3), jdk.getObject(), "JDK collections of boxed values are allowed by default");
    }

    @Test
    void aPlainMessageCarriesHeadersAndPropertiesWithConversions() throws Exception {
        Session s = jms.connection().createSession();
        Message m = s.createMessage();
        m.setJMSType("order.created");
        m.setJMSCorrelationIDAsBytes(new byte[]{1, 2, (byte) 0xFF});
        m.setBooleanProperty("b", true);
        m.setByteProperty("y", (byte) 1);
        m.setShortProperty("s", (short) 2);
        m.setIntProperty("i", 3);
        m.setLongProperty("l", 4L);
        m.setFloatProperty("f", 5.5f);
        m.setDoubleProperty("d", 6.5);
        m.setStringProperty("str", "7");
        m.setObjectProperty("o", 8);
        assertThrows(MessageFormatException.class, () -> m.setObjectProperty("list", List.of()));
        assertThrows(IllegalArgumentException.class, () -> m.setIntProperty("NOT", 1), "reserved words are not property names");
        assertThrows(IllegalArgumentException.class, () -> m.setIntProperty("a-b", 1));
        assertThrows(IllegalArgumentException.class, () -> m.setIntProperty(null, 1));

        Message r = roundTrip(m);
        assertEquals("order.created", r.getJMSType());
        assertArrayEquals(new byte[]{1, 2, (byte) 0xFF}, r.getJMSCorrelationIDAsBytes());
        assertEquals("true", r.getStringProperty("b"));
        assertEquals(1L, r.getLongProperty("y"));
        assertEquals(2, r.getIntProperty("s"));
        assertEquals(3L, r.getLongProperty("i"));
        assertEquals(5.5, r.getDoubleProperty("f"));
        assertEquals(7, r.getShortProperty("str"));
        assertEquals(7.0f, r.getFloatProperty("str"));
        assertEquals(8, r.getObjectProperty("o"));
        assertThrows(MessageFormatException.class, () -> r.getIntProperty("l"), "long does not narrow to int");
        assertThrows(MessageFormatException.class, () -> r.getFloatProperty("d"));
        assertThrows(MessageFormatException.class, () -> r.getBooleanProperty("i"));
        assertThrows(NumberFormatException.class, () -> r.getIntProperty("missing"));
        assertNull(r.getStringProperty("missing"));
        assertTrue(r.propertyExists("JMSXDeliveryCount"));
        assertTrue(names(r.getPropertyNames()).containsAll(List.of("b", "y", "s", "i", "l", "f", "d", "str", "o")));
        assertThrows(MessageNotWriteableException.class, () -> r.setIntProperty("x", 1), "received properties are read-only");
        r.clearProperties();
        r.setIntProperty("x", 1);
        assertFalse(r.propertyExists("b"));
        assertNull(r.getBody(String.class), "a plain message has no body");
        assertInstanceOf(Message.class, r);
    }
}

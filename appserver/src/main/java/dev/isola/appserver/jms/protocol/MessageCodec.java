package dev.isola.appserver.jms.protocol;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binary form of a {@link MessageData}: what the message store keeps, and the measure of
 * a message's size for the broker's size limit. Compact and versioned; values are tagged with
 * their type so a {@code short} property comes back a {@code short}.
 */
public final class MessageCodec {

    private static final byte VERSION = 1;

    private static final byte NULL = 0;
    private static final byte BOOLEAN = 1;
    private static final byte BYTE = 2;
    private static final byte SHORT = 3;
    private static final byte CHAR = 4;
    private static final byte INT = 5;
    private static final byte LONG = 6;
    private static final byte FLOAT = 7;
    private static final byte DOUBLE = 8;
    private static final byte STRING = 9;
    private static final byte BYTES = 10;

    private static final byte BODY_NONE = 0;
    private static final byte BODY_TEXT = 1;
    private static final byte BODY_BYTES = 2;
    private static final byte BODY_MAP = 3;
    private static final byte BODY_OBJECT = 4;
    private static final byte BODY_STREAM = 5;
    /** A map or stream body's kind byte and entry count. */
    private static final int BODY_HEADER = 1 + Integer.BYTES;

    private MessageCodec() {
    }

    public static byte[] encode(MessageData m) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
        DataOutputStream out = new DataOutputStream(buffer);
        try {
            out.writeByte(VERSION);
            writeString(out, m.messageId());
            writeDestination(out, m.destination());
            out.writeByte(m.deliveryMode());
            out.writeByte(m.priority());
            out.writeLong(m.timestamp());
            out.writeLong(m.expiration());
            out.writeLong(m.deliveryTime());
            writeString(out, m.correlationId());
            writeDestination(out, m.replyTo());
            writeString(out, m.type());
            writeString(out, m.originConnectionId());
            writeString(out, m.originClientId());
            out.writeInt(m.properties().size());
            for (Map.Entry<String, Object> p : m.properties().entrySet()) {
                writeString(out, p.getKey());
                writeValue(out, p.getValue());
            }
            writeBody(out, m.body());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /**
     * The size of a body in bytes, as an operator reads it: the UTF-8 bytes of a text, the bytes
     * of a bytes message, the serialized object of an object message, and for a map or stream
     * message the bytes its entries take in this encoding; 0 for none.
     */
    public static int bodySize(MessageBody body) {
        return switch (body) {
            case MessageBody.None n -> 0;
            case MessageBody.Text t -> t.text() == null ? 0 : t.text().getBytes(StandardCharsets.UTF_8).length;
            case MessageBody.Bytes b -> b.bytes().length;
            case MessageBody.SerializedObject o -> o.serialized() == null ? 0 : o.serialized().length;
            case MessageBody.MapEntries m -> encodedSize(body) - BODY_HEADER;
            case MessageBody.StreamItems s -> encodedSize(body) - BODY_HEADER;
        };
    }

    private static int encodedSize(MessageBody body) {
        DataOutputStream out = new DataOutputStream(OutputStream.nullOutputStream());
        try {
            writeBody(out, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.size();
    }

    /**
     * @throws IllegalArgumentException if {@code data} is not an encoded message (it names
     *                                  what was wrong), e.g. a store written by a newer version
     */
    public static MessageData decode(byte[] data) {
        ByteBuffer in = ByteBuffer.wrap(data);
        try {
            byte version = in.get();
            if (version != VERSION) {
                throw new IllegalArgumentException("encoded message has format version " + version + "; this broker reads version " + VERSION);
            }
            String messageId = readString(in);
            DestinationRef destination = readDestination(in);
            int deliveryMode = in.get();
            int priority = in.get();
            long timestamp = in.getLong();
            long expiration = in.getLong();
            long deliveryTime = in.getLong();
            String correlationId = readString(in);
            DestinationRef replyTo = readDestination(in);
            String type = readString(in);
            String originConnection = readString(in);
            String originClient = readString(in);
            int propertyCount = in.getInt();
            Map<String, Object> properties = new LinkedHashMap<>();
            for (int i = 0; i < propertyCount; i++) {
                properties.put(readString(in), readValue(in));
            }
            MessageBody body = readBody(in);
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("encoded message has " + in.remaining() + " trailing bytes");
            }
            return new MessageData(messageId, destination, deliveryMode, priority, timestamp, expiration, deliveryTime,
                    correlationId, replyTo, type, properties, body, originConnection, originClient);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("encoded message of " + data.length + " bytes is truncated or corrupt", e);
        }
    }

    private static void writeBody(DataOutputStream out, MessageBody body) throws IOException {
        switch (body) {
            case MessageBody.None n -> out.writeByte(BODY_NONE);
            case MessageBody.Text t -> {
                out.writeByte(BODY_TEXT);
                writeString(out, t.text());
            }
            case MessageBody.Bytes b -> {
                out.writeByte(BODY_BYTES);
                writeBytes(out, b.bytes());
            }
            case MessageBody.MapEntries m -> {
                out.writeByte(BODY_MAP);
                out.writeInt(m.entries().size());
                for (Map.Entry<String, Object> e : m.entries().entrySet()) {
                    writeString(out, e.getKey());
                    writeValue(out, e.getValue());
                }
            }
            case MessageBody.SerializedObject o -> {
                out.writeByte(BODY_OBJECT);
                writeBytes(out, o.serialized());
            }
            case MessageBody.StreamItems s -> {
                out.writeByte(BODY_STREAM);
                out.writeInt(s.items().size());
                for (Object item : s.items()) {
                    writeValue(out, item);
                }
            }
        }
    }

    private static MessageBody readBody(ByteBuffer in) {
        byte kind = in.get();
        return switch (kind) {
            case BODY_NONE -> new MessageBody.None();
            case BODY_TEXT -> new MessageBody.Text(readString(in));
            case BODY_BYTES -> new MessageBody.Bytes(readBytes(in));
            case BODY_MAP -> {
                int n = in.getInt();
                Map<String, Object> entries = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    entries.put(readString(in), readValue(in));
                }
                yield new MessageBody.MapEntries(entries);
            }
            case BODY_OBJECT -> new MessageBody.SerializedObject(readBytes(in));
            case BODY_STREAM -> {
                int n = in.getInt();
                List<Object> items = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    items.add(readValue(in));
                }
                yield new MessageBody.StreamItems(items);
            }
            default -> throw new IllegalArgumentException("encoded message has unknown body kind " + kind);
        };
    }

    private static void writeValue(DataOutputStream out, Object value) throws IOException {
        switch (value) {
            case null -> out.writeByte(NULL);
            case Boolean b -> {
                out.writeByte(BOOLEAN);
                out.writeBoolean(b);
            }
            case Byte b -> {
                out.writeByte(BYTE);
                out.writeByte(b);
            }
            case Short s -> {
                out.writeByte(SHORT);
                out.writeShort(s);
            }
            case Character c -> {
                out.writeByte(CHAR);
                out.writeChar(c);
            }
            case Integer i -> {
                out.writeByte(INT);
                out.writeInt(i);
            }
            case Long l -> {
                out.writeByte(LONG);
                out.writeLong(l);
            }
            case Float f -> {
                out.writeByte(FLOAT);
                out.writeFloat(f);
            }
            case Double d -> {
                out.writeByte(DOUBLE);
                out.writeDouble(d);
            }
            case String s -> {
                out.writeByte(STRING);
                writeString(out, s);
            }
            case byte[] bytes -> {
                out.writeByte(BYTES);
                writeBytes(out, bytes);
            }
            default -> throw new IllegalArgumentException("a message cannot hold a value of " + value.getClass().getName());
        }
    }

    private static Object readValue(ByteBuffer in) {
        byte tag = in.get();
        return switch (tag) {
            case NULL -> null;
            case BOOLEAN -> in.get() != 0;
            case BYTE -> in.get();
            case SHORT -> in.getShort();
            case CHAR -> in.getChar();
            case INT -> in.getInt();
            case LONG -> in.getLong();
            case FLOAT -> in.getFloat();
            case DOUBLE -> in.getDouble();
            case STRING -> readString(in);
            case BYTES -> readBytes(in);
            default -> throw new IllegalArgumentException("encoded message has unknown value tag " + tag);
        };
    }

    private static void writeDestination(DataOutputStream out, DestinationRef d) throws IOException {
        if (d == null) {
            out.writeByte(-1);
        } else {
            out.writeByte(d.kind().ordinal());
            writeString(out, d.name());
        }
    }

    private static DestinationRef readDestination(ByteBuffer in) {
        byte kind = in.get();
        if (kind == -1) {
            return null;
        }
        DestinationRef.Kind[] kinds = DestinationRef.Kind.values();
        if (kind < 0 || kind >= kinds.length) {
            throw new IllegalArgumentException("encoded message has unknown destination kind " + kind);
        }
        return new DestinationRef(kinds[kind], readString(in));
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
        } else {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            out.writeInt(utf8.length);
            out.write(utf8);
        }
    }

    private static String readString(ByteBuffer in) {
        int length = in.getInt();
        if (length == -1) {
            return null;
        }
        String s = new String(in.array(), in.arrayOffset() + in.position(), checkedLength(in, length), StandardCharsets.UTF_8);
        in.position(in.position() + length);
        return s;
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        if (bytes == null) {
            out.writeInt(-1);
        } else {
            out.writeInt(bytes.length);
            out.write(bytes);
        }
    }

    private static byte[] readBytes(ByteBuffer in) {
        int length = in.getInt();
        if (length == -1) {
            return null;
        }
        byte[] bytes = new byte[checkedLength(in, length)];
        in.get(bytes);
        return bytes;
    }

    private static int checkedLength(ByteBuffer in, int length) {
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("encoded message announces " + length + " bytes where " + in.remaining() + " remain");
        }
        return length;
    }
}

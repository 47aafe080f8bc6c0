package dev.isola.appserver.jms.protocol;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The body of a message as plain data. Each variant also says which message type the
 * receiver builds, so an empty {@code MapMessage} stays a {@code MapMessage}.
 *
 * <p>Arrays inside a body are never changed after construction: the client copies what the
 * application gave it before building a body, and every reader copies before handing data
 * back to an application.
 */
public sealed interface MessageBody extends Serializable {

    /** A plain {@code Message}: headers and properties only. */
    record None() implements MessageBody {
    }

    /** A {@code TextMessage}; {@code text} may be null. */
    record Text(String text) implements MessageBody {
    }

    /** A {@code BytesMessage}: the bytes written, in {@code DataOutput} encoding. */
    record Bytes(byte[] bytes) implements MessageBody {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && Arrays.equals(bytes, b.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Bytes[" + bytes.length + " bytes]";
        }
    }

    /**
     * A {@code MapMessage}: names to values of the types a map message holds (boxed
     * primitives, {@code Character}, {@code String}, {@code byte[]}, or null), in insertion order.
     */
    record MapEntries(Map<String, Object> entries) implements MessageBody {
        public MapEntries {
            entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }
    }

    /** An {@code ObjectMessage}: the Java serialization of its object, or null for none. */
    record SerializedObject(byte[] serialized) implements MessageBody {
        @Override
        public boolean equals(Object o) {
            return o instanceof SerializedObject s && Arrays.equals(serialized, s.serialized);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(serialized);
        }

        @Override
        public String toString() {
            return "SerializedObject[" + (serialized == null ? "null" : serialized.length + " bytes") + "]";
        }
    }

    /** A {@code StreamMessage}: the values written, in order (same value types as a map). */
    record StreamItems(List<Object> items) implements MessageBody {
        public StreamItems {
            items = Collections.unmodifiableList(new java.util.ArrayList<>(items));
        }
    }
}

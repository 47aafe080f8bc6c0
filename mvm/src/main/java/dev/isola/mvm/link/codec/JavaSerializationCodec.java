package dev.isola.mvm.link.codec;

import dev.isola.mvm.io.LoaderObjectInputStream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Objects;

/**
 * {@link ObjectCodec}'s encoder and decoder for {@link Serializers#JAVA}: the JDK's own
 * serialization, so that isolates whose links carry only a few values (control links) need not
 * load Fory. The payload keeps the codec's epoch prefix, always 0: there is no session to
 * resynchronise, each payload stands alone.
 *
 * <p>The decoder resolves classes with the loader it is given and admits only what its
 * {@link ClassAllowList} allows, checked by a deserialization filter before any instance of a
 * class exists. Besides the list it admits what the JDK's serial form itself needs:
 * {@code java.lang.Enum} (every enum's superclass), {@code Object[]} (the arguments of a call)
 * and the JDK's serial proxies of immutable collections and {@code java.time} (in
 * {@code java.util} and {@code java.time}, which the default list allows). Graphs deeper than
 * {@value #MAX_DEPTH} are refused, like any other malformed payload.
 */
final class JavaSerializationCodec {

    static final int EPOCH = 0;
    /** {@link #EPOCH} as the codec's big-endian int prefix. */
    private static final byte[] EPOCH_PREFIX = new byte[ObjectCodec.PREFIX_BYTES];
    static final int MAX_DEPTH = 1_000;

    private JavaSerializationCodec() {
    }

    static final class Encoder implements ObjectCodec.Encoder {
        private final Buffer buffer = new Buffer();

        @Override
        public int encode(Object value, long requestedEpoch) {
            buffer.reset();
            buffer.writeBytes(EPOCH_PREFIX);
            try (ObjectOutputStream out = new ObjectOutputStream(buffer)) {
                out.writeObject(value);
            } catch (NotSerializableException e) {
                throw new ObjectCodecException("cannot copy a " + typeName(value) + ": class " + e.getMessage()
                        + " is not Serializable: values on a link are copied, so their classes must be Serializable", e);
            } catch (IOException | RuntimeException e) {
                throw new ObjectCodecException("cannot copy a " + typeName(value) + ": " + e, e);
            } catch (StackOverflowError e) {
                throw new ObjectCodecException("cannot copy a " + typeName(value) + ": its graph is too deep to serialize", e);
            }
            return buffer.size();
        }

        @Override
        public void abandonSession() {
            // No session: the next payload describes its classes as every payload does.
        }

        @Override
        public byte[] array() {
            return buffer.array();
        }

        private static String typeName(Object value) {
            return value == null ? "null" : value.getClass().getName();
        }
    }

    static final class Decoder implements ObjectCodec.Decoder {
        private final ClassLoader loader;
        private volatile ClassAllowList allowList;

        Decoder(ClassAllowList allowList, ClassLoader loader) {
            this.allowList = Objects.requireNonNull(allowList, "allowList");
            this.loader = Objects.requireNonNull(loader, "loader");
        }

        @Override
        public void allowList(ClassAllowList classes) {
            this.allowList = Objects.requireNonNull(classes, "classes");
        }

        @Override
        public long epoch() {
            return EPOCH;
        }

        @Override
        public Object decode(byte[] payload, int offset, int length) {
            if (length < ObjectCodec.PREFIX_BYTES) {
                throw new ObjectCodecException("an object payload of " + length + " bytes is too short for its epoch prefix", null);
            }
            ByteArrayInputStream bytes = new ByteArrayInputStream(payload, offset + ObjectCodec.PREFIX_BYTES, length - ObjectCodec.PREFIX_BYTES);
            Filter filter = new Filter(allowList);
            ObjectInputStream opened;
            try {
                opened = new LoaderObjectInputStream(bytes, loader);
            } catch (IOException e) {
                // Not even the stream header: another codec's bytes, such as an isolate of an older image whose control
                // links used Fory, or no payload at all.
                throw new ObjectCodecException("an object payload is not in the JDK's serialization format (" + e.getMessage()
                        + "); both ends of a link must use Serializers.JAVA, so an isolate started from an older image must be restarted", e);
            }
            try (ObjectInputStream in = opened) {
                in.setObjectInputFilter(filter);
                Object value = in.readObject();
                if (bytes.available() > 0) {
                    throw new ObjectCodecException("an object payload has " + bytes.available() + " bytes after its value", null);
                }
                return value;
            } catch (InvalidClassException e) {
                if (filter.refused != null) {
                    throw new ClassNotAllowedException(filter.refused, "class " + filter.refused
                            + " is not allowed on this link; add it to the receiving link's ClassAllowList to accept it");
                }
                throw new ObjectCodecException("an object payload does not decode: " + e, e);
            } catch (IOException | ClassNotFoundException | RuntimeException | StackOverflowError e) {
                if (e instanceof ObjectCodecException codec) {
                    throw codec;
                }
                throw new ObjectCodecException("an object payload does not decode: " + e, e);
            }
        }
    }

    /** Admits the allow-list's classes and what the JDK's serial form needs; remembers the first class it refused. */
    private static final class Filter implements ObjectInputFilter {
        private final ClassAllowList allowList;
        private String refused;

        Filter(ClassAllowList allowList) {
            this.allowList = allowList;
        }

        @Override
        public Status checkInput(FilterInfo info) {
            if (info.depth() > MAX_DEPTH) {
                return Status.REJECTED;
            }
            Class<?> type = info.serialClass();
            if (type == null) {
                return Status.UNDECIDED;
            }
            if (type == Enum.class || type == Object[].class || allowList.allows(type.getName())) {
                return Status.ALLOWED;
            }
            if (refused == null) {
                refused = type.getName();
            }
            return Status.REJECTED;
        }
    }

    /** A byte array output stream whose array the encoder hands out without copying. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(256);
        }

        byte[] array() {
            return buf;
        }
    }
}

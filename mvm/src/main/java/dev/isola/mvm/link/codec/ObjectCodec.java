package dev.isola.mvm.link.codec;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.context.MetaReadContext;
import org.apache.fory.context.MetaWriteContext;
import org.apache.fory.logging.LogLevel;
import org.apache.fory.logging.LoggerFactory;
import org.apache.fory.memory.MemoryBuffer;

import java.io.Serializable;
import java.util.Objects;

/**
 * Deep copies of object graphs between isolates, built on Apache Fory (chosen over Kryo and the
 * JDK's own serialization; {@code docs/results/links/README.md} has the measurements).
 *
 * <p>What it keeps of Java serialization: only {@link Serializable} classes are sent, and their
 * {@code writeObject}/{@code readObject}, {@code writeReplace}/{@code readResolve} and
 * {@link java.io.Externalizable} methods run as the JDK would run them; shared references and
 * cycles in the graph are preserved. What it adds: an {@link Encoder} and its {@link Decoder}
 * form a session, one per link, that sends each class's description once (Fory's meta
 * sharing) and then refers to it by number; and the decoder makes objects only of classes its
 * {@link ClassAllowList} allows.
 *
 * <p>Refusing a class leaves the decoder's session short of that class's description, so the
 * decoder starts a new session (a higher epoch) and reports the epoch through the link; the
 * encoder starts over when it sees it. Likewise an encoder that fails half-way through a value
 * starts a new epoch, and the decoder follows when the next payload shows it. Payloads of the
 * epoch before are still decoded with that epoch's session. Each payload carries its epoch:
 * <pre>
 *   int epoch | Fory bytes
 * </pre>
 * Encoders and decoders are not thread-safe; a link uses each under its own lock.
 */
public final class ObjectCodec {

    /** Bytes of the epoch prefix. */
    public static final int PREFIX_BYTES = 4;

    static {
        // Fory logs a hint for every class with custom JDK serialization hooks; we keep those hooks on purpose.
        LoggerFactory.setLogLevel(LogLevel.ERROR_LEVEL);
    }

    private ObjectCodec() {
    }

    private static Fory newFory(ClassLoader loader, Serializers serializers, org.apache.fory.resolver.TypeChecker checker) {
        return Fory.builder()
                .withLanguage(Language.JAVA)
                .withClassLoader(loader)
                .requireClassRegistration(false)
                .suppressClassRegistrationWarnings(true)
                .withTypeChecker(checker)
                .withRefTracking(true)
                .withCompatible(true)
                .withMetaShare(true)
                .withAsyncCompilation(false)
                .withCodegen(serializers == Serializers.COMPILED)
                .build();
    }

    private static ClassLoader defaultLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ObjectCodec.class.getClassLoader();
    }

    /** An encoder for one link, resolving classes with the calling thread's context class loader. */
    public static Encoder newEncoder() {
        return new Encoder(defaultLoader(), Serializers.COMPILED);
    }

    /** An encoder for one link, resolving classes with {@code loader} (an application's, for its values). */
    public static Encoder newEncoder(ClassLoader loader) {
        return newEncoder(loader, Serializers.COMPILED);
    }

    public static Encoder newEncoder(ClassLoader loader, Serializers serializers) {
        return new Encoder(Objects.requireNonNull(loader, "loader"), Objects.requireNonNull(serializers, "serializers"));
    }

    /** A decoder for one link that makes only classes {@code allowList} allows. */
    public static Decoder newDecoder(ClassAllowList allowList) {
        return new Decoder(allowList, defaultLoader(), Serializers.COMPILED);
    }

    public static Decoder newDecoder(ClassAllowList allowList, ClassLoader loader) {
        return newDecoder(allowList, loader, Serializers.COMPILED);
    }

    public static Decoder newDecoder(ClassAllowList allowList, ClassLoader loader, Serializers serializers) {
        return new Decoder(allowList, Objects.requireNonNull(loader, "loader"), Objects.requireNonNull(serializers, "serializers"));
    }

    /** The sending half of a session. */
    public static final class Encoder {
        private final Fory fory;
        private final MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(256);
        private MetaWriteContext context = new MetaWriteContext();
        private long epoch;

        private Encoder(ClassLoader loader, Serializers serializers) {
            this.fory = newFory(loader, serializers, (resolver, className) -> {
                Class<?> type;
                try {
                    type = Class.forName(className, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    return true;
                }
                // Declared field types (interfaces, abstract classes) are checked as their instances' classes.
                boolean declaredOnly = type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers());
                if (!declaredOnly && !Serializable.class.isAssignableFrom(type) && !type.isArray() && !type.isEnum()) {
                    throw new ObjectCodecException("class " + className + " is not Serializable: values on a link are copied,"
                            + " so their classes must be Serializable", null);
                }
                return true;
            });
        }

        /**
         * Encodes {@code value}, first moving to the session epoch {@code requestedEpoch} (what
         * the decoder last reported) if that is newer than the encoder's.
         *
         * @return the bytes, valid until the next call: {@link #array()}{@code [0, length)}
         * @throws ObjectCodecException if the graph holds something that cannot be copied
         */
        public int encode(Object value, long requestedEpoch) {
            if (requestedEpoch > epoch) {
                epoch = requestedEpoch;
                context = new MetaWriteContext();
            }
            buffer.writerIndex(0);
            buffer.writeInt32((int) epoch);
            fory.setMetaWriteContext(context);
            try {
                fory.serialize(buffer, value);
            } catch (RuntimeException e) {
                // Whatever this message announced is unknown to the decoder now: start afresh.
                abandonSession();
                ObjectCodecException cause = find(e, ObjectCodecException.class);
                throw new ObjectCodecException("cannot copy a " + (value == null ? "null" : value.getClass().getName()) + ": "
                        + (cause != null ? cause.getMessage() : e.getMessage()), e);
            }
            return buffer.writerIndex();
        }

        /**
         * Starts a new session epoch: the last encoded message was not delivered, so the class
         * descriptions it carried must be sent again.
         */
        public void abandonSession() {
            context = new MetaWriteContext();
            epoch++;
        }

        /** The buffer {@link #encode} wrote to. */
        public byte[] array() {
            return buffer.getHeapMemory();
        }
    }

    /** The receiving half of a session. */
    public static final class Decoder {
        private final Fory fory;
        private volatile ClassAllowList allowList;
        private MetaReadContext context = new MetaReadContext();
        private MetaReadContext previous;
        private long previousEpoch = -1;
        private long epoch;

        private Decoder(ClassAllowList allowList, ClassLoader loader, Serializers serializers) {
            this.allowList = Objects.requireNonNull(allowList, "allowList");
            this.fory = newFory(loader, serializers, (resolver, className) -> {
                if (!this.allowList.allows(className)) {
                    throw new ClassNotAllowedException(className, "class " + className
                            + " is not allowed on this link; add it to the receiving link's ClassAllowList to accept it");
                }
                return true;
            });
        }

        private void newEpoch(long next) {
            previous = context;
            previousEpoch = epoch;
            context = new MetaReadContext();
            epoch = next;
        }

        /**
         * Replaces the allow-list for classes this session has not admitted yet. A class once
         * admitted stays admitted for the session, so lists should only grow.
         */
        public void allowList(ClassAllowList classes) {
            this.allowList = Objects.requireNonNull(classes, "classes");
        }

        /** The epoch the encoder should use; it changes after a refusal. */
        public long epoch() {
            return epoch;
        }

        /**
         * Decodes one payload.
         *
         * @throws ClassNotAllowedException if the graph names a class the allow-list refuses
         * @throws ObjectCodecException     if the bytes do not decode
         */
        public Object decode(byte[] payload, int offset, int length) {
            if (length < PREFIX_BYTES) {
                throw new ObjectCodecException("an object payload of " + length + " bytes is too short for its epoch prefix", null);
            }
            MemoryBuffer in = MemoryBuffer.fromByteArray(payload, offset, length);
            int encodedEpoch = in.readInt32();
            MetaReadContext use;
            if (encodedEpoch == epoch) {
                use = context;
            } else if (encodedEpoch > epoch) {
                newEpoch(encodedEpoch);
                use = context;
            } else if (encodedEpoch == previousEpoch && previous != null) {
                use = previous;
            } else {
                throw new ObjectCodecException("an object payload of session epoch " + encodedEpoch + " arrived while the session is at epoch "
                        + epoch, null);
            }
            fory.setMetaReadContext(use);
            try {
                Object value = fory.deserialize(in);
                if (in.readerIndex() != length) {
                    throw new ObjectCodecException("an object payload has " + (length - in.readerIndex())
                            + " bytes after its value", null);
                }
                return value;
            } catch (RuntimeException | StackOverflowError e) {
                if (use == context) {
                    newEpoch(epoch + 1);
                }
                ClassNotAllowedException refused = find(e, ClassNotAllowedException.class);
                if (refused != null) {
                    throw new ClassNotAllowedException(refused.className(), refused.getMessage());
                }
                ObjectCodecException codec = find(e, ObjectCodecException.class);
                if (codec != null) {
                    throw codec;
                }
                if (use != context) {
                    throw new ObjectCodecException("a message encoded before this receiver refused a class does not decode"
                            + " (it may refer to that class); it was dropped: " + e.getMessage(), e);
                }
                throw new ObjectCodecException("an object payload does not decode: " + e, e);
            }
        }
    }

    private static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}

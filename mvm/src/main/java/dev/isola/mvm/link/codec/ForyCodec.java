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
 * The codec built on Apache Fory: {@link ObjectCodec}'s sessions for {@link Serializers#COMPILED}
 * and {@link Serializers#INTERPRETED}. Its own class, so that an isolate whose links use only
 * {@link Serializers#JAVA} never loads Fory (about 700 classes and 5 MB of private memory).
 */
final class ForyCodec {

    static {
        // Fory logs a hint for every class with custom JDK serialization hooks; we keep those hooks on purpose.
        LoggerFactory.setLogLevel(LogLevel.ERROR_LEVEL);
    }

    private ForyCodec() {
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

    /** The sending half of a session. */
    static final class Encoder implements ObjectCodec.Encoder {
        private final Fory fory;
        private final MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(256);
        private MetaWriteContext context = new MetaWriteContext();
        private long epoch;

        Encoder(ClassLoader loader, Serializers serializers) {
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

        @Override
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
                ObjectCodecException cause = ObjectCodec.find(e, ObjectCodecException.class);
                throw new ObjectCodecException("cannot copy a " + (value == null ? "null" : value.getClass().getName()) + ": "
                        + (cause != null ? cause.getMessage() : e.getMessage()), e);
            }
            return buffer.writerIndex();
        }

        @Override
        public void abandonSession() {
            context = new MetaWriteContext();
            epoch++;
        }

        @Override
        public byte[] array() {
            return buffer.getHeapMemory();
        }
    }

    /** The receiving half of a session. */
    static final class Decoder implements ObjectCodec.Decoder {
        private final Fory fory;
        private volatile ClassAllowList allowList;
        private MetaReadContext context = new MetaReadContext();
        private MetaReadContext previous;
        private long previousEpoch = -1;
        private long epoch;

        Decoder(ClassAllowList allowList, ClassLoader loader, Serializers serializers) {
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

        @Override
        public void allowList(ClassAllowList classes) {
            this.allowList = Objects.requireNonNull(classes, "classes");
        }

        @Override
        public long epoch() {
            return epoch;
        }

        @Override
        public Object decode(byte[] payload, int offset, int length) {
            if (length < ObjectCodec.PREFIX_BYTES) {
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
                ClassNotAllowedException refused = ObjectCodec.find(e, ClassNotAllowedException.class);
                if (refused != null) {
                    throw new ClassNotAllowedException(refused.className(), refused.getMessage());
                }
                ObjectCodecException codec = ObjectCodec.find(e, ObjectCodecException.class);
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
}

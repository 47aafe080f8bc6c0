package dev.isola.mvm.link.codec;

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
 *
 * <p>With {@link Serializers#JAVA} the same interfaces are served by the JDK's own serialization
 * instead ({@link JavaSerializationCodec}): no session, so every payload describes its classes,
 * and no Fory in the isolate; for links that carry a few values, such as control links.
 */
public final class ObjectCodec {

    /** Bytes of the epoch prefix. */
    public static final int PREFIX_BYTES = 4;

    private ObjectCodec() {
    }

    private static ClassLoader defaultLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ObjectCodec.class.getClassLoader();
    }

    /** An encoder for one link, resolving classes with the calling thread's context class loader. */
    public static Encoder newEncoder() {
        return newEncoder(defaultLoader(), Serializers.COMPILED);
    }

    /** An encoder for one link, resolving classes with {@code loader} (an application's, for its values). */
    public static Encoder newEncoder(ClassLoader loader) {
        return newEncoder(loader, Serializers.COMPILED);
    }

    public static Encoder newEncoder(ClassLoader loader, Serializers serializers) {
        Objects.requireNonNull(loader, "loader");
        return switch (Objects.requireNonNull(serializers, "serializers")) {
            case COMPILED, INTERPRETED -> new ForyCodec.Encoder(loader, serializers);
            case JAVA -> new JavaSerializationCodec.Encoder();
        };
    }

    /** A decoder for one link that makes only classes {@code allowList} allows. */
    public static Decoder newDecoder(ClassAllowList allowList) {
        return newDecoder(allowList, defaultLoader(), Serializers.COMPILED);
    }

    public static Decoder newDecoder(ClassAllowList allowList, ClassLoader loader) {
        return newDecoder(allowList, loader, Serializers.COMPILED);
    }

    public static Decoder newDecoder(ClassAllowList allowList, ClassLoader loader, Serializers serializers) {
        Objects.requireNonNull(allowList, "allowList");
        Objects.requireNonNull(loader, "loader");
        return switch (Objects.requireNonNull(serializers, "serializers")) {
            case COMPILED, INTERPRETED -> new ForyCodec.Decoder(allowList, loader, serializers);
            case JAVA -> new JavaSerializationCodec.Decoder(allowList, loader);
        };
    }

    /** The sending half of a session. */
    public interface Encoder {

        /**
         * Encodes {@code value}, first moving to the session epoch {@code requestedEpoch} (what
         * the decoder last reported) if that is newer than the encoder's.
         *
         * @return the bytes, valid until the next call: {@link #array()}{@code [0, length)}
         * @throws ObjectCodecException if the graph holds something that cannot be copied
         */
        int encode(Object value, long requestedEpoch);

        /**
         * Starts a new session epoch: the last encoded message was not delivered, so the class
         * descriptions it carried must be sent again.
         */
        void abandonSession();

        /** The buffer {@link #encode} wrote to. */
        byte[] array();
    }

    /** The receiving half of a session. */
    public interface Decoder {

        /**
         * Replaces the allow-list for classes this session has not admitted yet. A class once
         * admitted stays admitted for the session, so lists should only grow.
         */
        void allowList(ClassAllowList classes);

        /** The epoch the encoder should use; it changes after a refusal. */
        long epoch();

        /**
         * Decodes one payload.
         *
         * @throws ClassNotAllowedException if the graph names a class the allow-list refuses
         * @throws ObjectCodecException     if the bytes do not decode
         */
        Object decode(byte[] payload, int offset, int length);
    }

    static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}

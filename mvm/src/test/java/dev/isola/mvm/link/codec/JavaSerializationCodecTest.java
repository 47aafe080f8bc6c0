package dev.isola.mvm.link.codec;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The codec's {@link Serializers#JAVA} sessions: the JDK's serialization behind the links' allow-list. */
class JavaSerializationCodecTest {

    enum Phase { STARTING, READY }

    record Status(String name, Phase phase, List<String> applications, Map<String, Long> times, Instant at) implements Serializable {
    }

    /** Mutable, with a cycle and a shared element: what the copy must keep. */
    static final class Basket implements Serializable {
        String owner;
        Basket self;
        List<Status> entries = new ArrayList<>();
    }

    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /** Counts the instances deserialization made: a refused class must make none. */
    static final class Gadget implements Serializable {
        static final AtomicInteger MADE = new AtomicInteger();

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            MADE.incrementAndGet();
        }
    }

    static final class NotSerializable {
    }

    private final ClassLoader loader = getClass().getClassLoader();

    private ObjectCodec.Decoder decoder(ClassAllowList list) {
        return ObjectCodec.newDecoder(list, loader, Serializers.JAVA);
    }

    private Object roundTrip(Object value, ClassAllowList list) {
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, Serializers.JAVA);
        ObjectCodec.Decoder decoder = decoder(list);
        int length = encoder.encode(value, decoder.epoch());
        return decoder.decode(encoder.array(), 0, length);
    }

    @Test
    void copiesRecordsEnumsImmutableCollectionsTimeAndArgumentArrays() {
        Status status = new Status("shop", Phase.READY, List.of("petstore"), Map.of("readyMillis", 310L), Instant.parse("2026-11-28T16:00:00Z"));
        Object[] arguments = {status, 42, "deploy", new byte[] {1, 2}};
        Object[] copy = (Object[]) roundTrip(arguments, ClassAllowList.defaults().allow(Status.class, Phase.class));
        assertEquals(status, copy[0]);
        assertSame(Phase.READY, ((Status) copy[0]).phase());
        assertEquals(42, copy[1]);
        assertEquals("deploy", copy[2]);
        assertArrayEquals(new byte[] {1, 2}, (byte[]) copy[3]);
    }

    @Test
    void keepsCyclesAndSharedReferences() {
        Status entry = new Status("a", Phase.STARTING, List.of(), Map.of(), Instant.EPOCH);
        Basket basket = new Basket();
        basket.owner = "ada";
        basket.self = basket;
        basket.entries.add(entry);
        basket.entries.add(entry);
        Basket copy = (Basket) roundTrip(basket, ClassAllowList.defaults().allow(Basket.class, Status.class, Phase.class));
        assertEquals("ada", copy.owner);
        assertSame(copy, copy.self);
        assertSame(copy.entries.get(0), copy.entries.get(1));
    }

    @Test
    void copiesAnExceptionWithItsMessageCauseAndStackTrace() {
        Refused thrown = new Refused("no application petstore");
        thrown.initCause(new IllegalStateException("stopped"));
        Refused copy = (Refused) roundTrip(thrown, ClassAllowList.defaults().allow(Refused.class));
        assertEquals("no application petstore", copy.getMessage());
        assertEquals("stopped", copy.getCause().getMessage());
        assertEquals(Arrays.asList(thrown.getStackTrace()), Arrays.asList(copy.getStackTrace()));
    }

    @Test
    void refusesAClassOffTheListBeforeMakingAnInstance() {
        int before = Gadget.MADE.get();
        ClassNotAllowedException refused = assertThrows(ClassNotAllowedException.class,
                () -> roundTrip(List.of("fine", new Gadget()), ClassAllowList.defaults()));
        assertEquals(Gadget.class.getName(), refused.className());
        assertTrue(refused.getMessage().contains(Gadget.class.getName() + " is not allowed on this link"), refused.getMessage());
        assertEquals(before, Gadget.MADE.get(), "no instance of the refused class was made");
        roundTrip(new Object[] {new Gadget()}, ClassAllowList.defaults().allow(Gadget.class));
        assertEquals(before + 1, Gadget.MADE.get(), "allowed, it is made");
    }

    @Test
    void aGrownListAdmitsTheClassForTheNextPayload() {
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, Serializers.JAVA);
        ObjectCodec.Decoder decoder = decoder(ClassAllowList.defaults());
        Status status = new Status("b", Phase.READY, List.of(), Map.of(), Instant.EPOCH);
        int length = encoder.encode(status, decoder.epoch());
        assertThrows(ClassNotAllowedException.class, () -> decoder.decode(encoder.array(), 0, length));
        decoder.allowList(ClassAllowList.defaults().allow(Status.class, Phase.class));
        int again = encoder.encode(status, decoder.epoch());
        assertEquals(status, decoder.decode(encoder.array(), 0, again));
        assertEquals(0, decoder.epoch(), "no session, so no epoch to move to");
    }

    @Test
    void aValueThatIsNotSerializableIsNotCopied() {
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, Serializers.JAVA);
        ObjectCodecException e = assertThrows(ObjectCodecException.class, () -> encoder.encode(List.of(new NotSerializable()), 0));
        assertTrue(e.getMessage().contains(NotSerializable.class.getName() + " is not Serializable"), e.getMessage());
        assertTrue(e.getMessage().startsWith("cannot copy a java.util."), e.getMessage());
    }

    @Test
    void malformedShortAndOverlongPayloadsAreRefusedWithTheirReason() {
        ObjectCodec.Decoder decoder = decoder(ClassAllowList.defaults());
        ObjectCodecException tooShort = assertThrows(ObjectCodecException.class, () -> decoder.decode(new byte[3], 0, 3));
        assertTrue(tooShort.getMessage().contains("too short for its epoch prefix"), tooShort.getMessage());

        byte[] garbage = {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};
        ObjectCodecException otherFormat = assertThrows(ObjectCodecException.class, () -> decoder.decode(garbage, 0, garbage.length));
        assertTrue(otherFormat.getMessage().startsWith("an object payload is not in the JDK's serialization format"), otherFormat.getMessage());

        ObjectCodec.Encoder fory = ObjectCodec.newEncoder(loader, Serializers.INTERPRETED);
        int foryLength = fory.encode("ready", 0);
        ObjectCodecException fromFory = assertThrows(ObjectCodecException.class, () -> decoder.decode(fory.array(), 0, foryLength));
        assertTrue(fromFory.getMessage().contains("both ends of a link must use Serializers.JAVA"), fromFory.getMessage());

        ObjectCodec.Encoder encoderForCut = ObjectCodec.newEncoder(loader, Serializers.JAVA);
        int full = encoderForCut.encode(List.of("a", "b", "c"), 0);
        ObjectCodecException cut = assertThrows(ObjectCodecException.class, () -> decoder.decode(encoderForCut.array(), 0, full - 3));
        assertTrue(cut.getMessage().startsWith("an object payload does not decode"), cut.getMessage());

        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, Serializers.JAVA);
        int length = encoder.encode("ready", 0);
        byte[] longer = Arrays.copyOf(encoder.array(), length + 2);
        ObjectCodecException trailing = assertThrows(ObjectCodecException.class, () -> decoder.decode(longer, 0, longer.length));
        assertTrue(trailing.getMessage().contains("2 bytes after its value"), trailing.getMessage());
        assertEquals("ready", decoder.decode(encoder.array(), 0, length), "the decoder goes on after a bad payload");
    }

    /** A chain of nodes, as deep as it is long. */
    static final class Node implements Serializable {
        Node next;
    }

    @Test
    void aGraphDeeperThanTheLimitIsRefused() throws Exception {
        Node head = new Node();
        Node tail = head;
        for (int i = 0; i < JavaSerializationCodec.MAX_DEPTH + 10; i++) {
            tail.next = new Node();
            tail = tail.next;
        }
        Node deep = head;
        Object[] outcome = new Object[1];
        // A stack large enough for both ends to go that deep: the limit, not the stack, must stop the decoder.
        Thread thread = new Thread(null, () -> {
            try {
                outcome[0] = roundTrip(deep, ClassAllowList.defaults().allow(Node.class));
            } catch (RuntimeException e) {
                outcome[0] = e;
            }
        }, "deep-graph", 256L << 20);
        thread.start();
        thread.join();
        ObjectCodecException refused = assertInstanceOf(ObjectCodecException.class, outcome[0]);
        assertTrue(refused.getMessage().startsWith("an object payload does not decode"), refused.getMessage());
    }

    @Test
    void aGraphTooDeepForTheSendersStackIsNotCopied() {
        List<Object> nested = new ArrayList<>();
        List<Object> innermost = nested;
        for (int i = 0; i < 1_000_000; i++) {
            List<Object> next = new ArrayList<>();
            innermost.add(next);
            innermost = next;
        }
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader, Serializers.JAVA);
        ObjectCodecException tooDeep = assertThrows(ObjectCodecException.class, () -> encoder.encode(nested, 0));
        assertTrue(tooDeep.getMessage().contains("too deep to serialize"), tooDeep.getMessage());
    }
}

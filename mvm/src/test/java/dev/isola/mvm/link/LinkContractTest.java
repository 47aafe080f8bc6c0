package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ClassNotAllowedException;
import dev.isola.mvm.link.codec.ObjectCodecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every transport must do, checked on links whose two ends are in this process (the
 * isolate tests check the same across processes). Each test runs on both transports.
 */
@Timeout(60)
class LinkContractTest {

    private static final Duration SHORT = Duration.ofMillis(100);

    private static Link selfLink(TransportKind transport, int capacity) {
        Isolate me = Isolate.current();
        return Link.newLink(me, me, new LinkOptions(transport, capacity));
    }

    /** Has a custom serialized form: the secret travels encoded, and readObject marks the copy. */
    static final class WithHooks implements Serializable {
        final String name;
        transient String secret;

        WithHooks(String name, String secret) {
            this.name = name;
            this.secret = secret;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(new StringBuilder(secret).reverse().toString());
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            secret = new StringBuilder(in.readUTF()).reverse() + " (restored)";
        }
    }

    /** Writes its state its own way. */
    public static final class Versioned implements Externalizable {
        int version;

        public Versioned() {
        }

        Versioned(int version) {
            this.version = version;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(version * 10);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException {
            version = in.readInt() + 1;
        }
    }

    static final class Node implements Serializable {
        final String label;
        final List<Node> next = new ArrayList<>();

        Node(String label) {
            this.label = label;
        }
    }

    record Point(int x, int y) implements Serializable {
    }

    record Forbidden(String payload) implements Serializable {
    }

    static final class NotSerializable {
        int value = 1;
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void deliversEveryKindInOrderAsCopies(TransportKind transport) throws Exception {
        try (Link link = selfLink(transport, 1 << 16)) {
            link.allowClasses(ClassAllowList.defaults().allow(Point.class));
            byte[] bytes = {1, 2, 3};
            CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
                link.send(LinkMessage.of(bytes));
                link.send(LinkMessage.of("grüße"));
                link.send(LinkMessage.ofValue(Map.of("answer", 42)));
                link.send(LinkMessage.ofValue(null));
                link.send(LinkMessage.of(Isolate.current()));
                for (int i = 0; i < 500; i++) {
                    link.send(LinkMessage.ofValue(new Point(i, -i)));
                }
            });

            LinkMessage.Bytes first = assertInstanceOf(LinkMessage.Bytes.class, link.receive(SHORT));
            assertArrayEquals(bytes, first.data());
            assertNotSame(bytes, first.data());
            assertEquals(new LinkMessage.Text("grüße"), link.receive(SHORT));
            assertEquals(new LinkMessage.Value(Map.of("answer", 42)), link.receive(SHORT));
            assertEquals(new LinkMessage.Value(null), link.receive(SHORT));
            LinkMessage.IsolateReference reference = assertInstanceOf(LinkMessage.IsolateReference.class, link.receive(SHORT));
            assertSame(Isolate.current(), reference.isolate());
            for (int i = 0; i < 500; i++) {
                assertEquals(new LinkMessage.Value(new Point(i, -i)), link.receive(SHORT));
            }
            sender.get(10, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void objectsKeepTheirSerializationSemanticsAndSharedReferences(TransportKind transport) {
        try (Link link = selfLink(transport, 1 << 16)) {
            link.allowClasses(ClassAllowList.defaults().allow(WithHooks.class, Versioned.class, Node.class));
            Node a = new Node("a");
            Node b = new Node("b");
            a.next.add(b);
            b.next.add(a);
            a.next.add(b);
            link.send(LinkMessage.ofValue(List.of(new WithHooks("n", "s3cret"), new Versioned(4), a)));

            List<?> copy = (List<?>) assertInstanceOf(LinkMessage.Value.class, link.receive(SHORT)).value();
            WithHooks hooks = (WithHooks) copy.get(0);
            assertEquals("n", hooks.name);
            assertEquals("s3cret (restored)", hooks.secret);
            assertEquals(41, ((Versioned) copy.get(1)).version);
            Node copyA = (Node) copy.get(2);
            assertNotSame(a, copyA);
            assertSame(copyA.next.get(0), copyA.next.get(1));
            assertSame(copyA, copyA.next.get(0).next.get(0));
        }
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void aClassOutsideTheAllowListIsRefusedByNameAndTheLinkGoesOn(TransportKind transport) {
        try (Link link = selfLink(transport, 1 << 16)) {
            link.allowClasses(ClassAllowList.none().allow(Point.class));
            link.send(LinkMessage.ofValue(new Point(1, 2)));
            link.send(LinkMessage.ofValue(new Forbidden("rm -rf")));
            link.send(LinkMessage.ofValue(new Point(3, 4)));

            assertEquals(new LinkMessage.Value(new Point(1, 2)), link.receive(SHORT));
            ClassNotAllowedException refused = assertThrows(ClassNotAllowedException.class, () -> link.receive(SHORT));
            assertEquals(Forbidden.class.getName(), refused.className());
            assertTrue(refused.getMessage().contains(Forbidden.class.getName()), refused.getMessage());
            assertEquals(new LinkMessage.Value(new Point(3, 4)), link.receive(SHORT));
            // The refusal started a new session: the sender describes the class again, and it is refused by name again.
            link.send(LinkMessage.ofValue(List.of(new Forbidden("again"))));
            ClassNotAllowedException again = assertThrows(ClassNotAllowedException.class, () -> link.receive(SHORT));
            assertEquals(Forbidden.class.getName(), again.className());
            link.send(LinkMessage.ofValue(new Point(5, 6)));
            assertEquals(new LinkMessage.Value(new Point(5, 6)), link.receive(SHORT));
        }
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void aGraphThatCannotBeCopiedIsRefusedAtTheSenderAndNothingIsSent(TransportKind transport) {
        try (Link link = selfLink(transport, 1 << 16)) {
            link.allowClasses(ClassAllowList.defaults().allow(Point.class));
            ObjectCodecException e = assertThrows(ObjectCodecException.class,
                    () -> link.send(LinkMessage.ofValue(List.of(new NotSerializable()))));
            assertTrue(e.getMessage().contains(NotSerializable.class.getName()), e.getMessage());
            link.send(LinkMessage.ofValue(new Point(7, 8)));
            assertEquals(new LinkMessage.Value(new Point(7, 8)), link.receive(SHORT));
        }
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void aFullLinkMakesSendWaitThenTimeOutWithoutDroppingAnything(TransportKind transport) throws Exception {
        try (Link link = selfLink(transport, 4096)) {
            byte[] chunk = new byte[1000];
            int sent = 0;
            while (true) {
                chunk[0] = (byte) sent;
                try {
                    link.send(LinkMessage.of(chunk), Duration.ofMillis(50));
                    sent++;
                } catch (LinkTimeoutException full) {
                    break;
                }
                assertTrue(sent < 10_000, "the link never filled up");
            }
            assertTrue(sent >= 3, "sent " + sent);
            int total = sent;
            // A blocked send completes as soon as the receiver makes room.
            CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> link.send(LinkMessage.of(new byte[]{(byte) total}), Duration.ofSeconds(10)));
            for (int i = 0; i < total; i++) {
                assertEquals((byte) i, ((LinkMessage.Bytes) link.receive(SHORT)).data()[0]);
            }
            blocked.get(10, TimeUnit.SECONDS);
            assertEquals((byte) total, ((LinkMessage.Bytes) link.receive(Duration.ofSeconds(5))).data()[0]);
            assertThrows(LinkTimeoutException.class, () -> link.receive(Duration.ofMillis(20)));
        }
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void anOversizeMessageIsRefusedAtTheSender(TransportKind transport) {
        try (Link link = selfLink(transport, 4096)) {
            MessageTooLargeException e = assertThrows(MessageTooLargeException.class,
                    () -> link.send(LinkMessage.of(new byte[link.maxMessageBytes() + 1])));
            assertEquals(link.maxMessageBytes(), e.limit());
            assertTrue(e.getMessage().contains(Integer.toString(link.maxMessageBytes() + 1)), e.getMessage());
            link.send(LinkMessage.of(new byte[link.maxMessageBytes()]));
            assertEquals(link.maxMessageBytes(), ((LinkMessage.Bytes) link.receive(SHORT)).data().length);
        }
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void closingEndsBlockedCallsAndLaterOnes(TransportKind transport) throws Exception {
        Link link = selfLink(transport, 4096);
        CompletableFuture<LinkMessage> waiting = CompletableFuture.supplyAsync(() -> link.receive(Duration.ofSeconds(30)));
        Thread.sleep(50);
        link.close();
        Exception e = assertThrows(Exception.class, () -> waiting.get(5, TimeUnit.SECONDS));
        assertInstanceOf(LinkClosedException.class, e.getCause());
        assertThrows(LinkClosedException.class, () -> link.send(LinkMessage.of("late")));
        assertThrows(LinkClosedException.class, () -> link.receive(SHORT));
        assertFalse(Files.exists(link.descriptor().path()), "backing file left behind");
    }

    @Test
    void migratingABulkBufferInvalidatesTheSendersViewAndCopiesNothing() {
        try (Link link = selfLink(TransportKind.SHARED_MEMORY, 4096)) {
            BulkBuffer buffer = link.newBuffer(1 << 20);
            MemorySegment mine = buffer.segment();
            mine.set(ValueLayout.JAVA_LONG, 8, 0x1234_5678_9abcL);

            link.send(LinkMessage.migrate(buffer));

            assertFalse(buffer.isValid());
            IllegalStateException invalid = assertThrows(IllegalStateException.class, buffer::segment);
            assertTrue(invalid.getMessage().contains("migrated over link " + link.id()), invalid.getMessage());
            assertThrows(IllegalStateException.class, () -> mine.get(ValueLayout.JAVA_LONG, 8));
            try (BulkBuffer received = ((LinkMessage.Bulk) link.receive(SHORT)).buffer()) {
                assertEquals(1 << 20, received.size());
                assertEquals(0x1234_5678_9abcL, received.segment().get(ValueLayout.JAVA_LONG, 8));
            }
        }
    }

    @Test
    void aFrameIsInvisibleUntilItsSenderPublishesIt() throws Exception {
        try (Link link = selfLink(TransportKind.SHARED_MEMORY, 4096)) {
            // What a sender that dies while writing leaves: header and payload bytes, tail not advanced.
            try (java.nio.channels.FileChannel ring = java.nio.channels.FileChannel.open(link.descriptor().path(),
                    java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.ByteBuffer partial = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.nativeOrder())
                        .putInt(8).putInt(MessageFrames.TEXT).put("halfway!".getBytes()).flip();
                ring.write(partial, SharedRing.DATA_OFFSET);
            }
            assertThrows(LinkTimeoutException.class, () -> link.receive(Duration.ofMillis(50)));
            link.send(LinkMessage.of("whole"));
            assertEquals(new LinkMessage.Text("whole"), link.receive(SHORT));
        }
    }

    @Test
    void aBulkBufferBelongsToOneThreadAtATime() throws Exception {
        try (Link link = selfLink(TransportKind.SHARED_MEMORY, 4096); BulkBuffer buffer = link.newBuffer(100)) {
            buffer.segment().set(ValueLayout.JAVA_INT, 0, 42);
            CompletableFuture<Integer> elsewhere = CompletableFuture.supplyAsync(() -> buffer.segment().get(ValueLayout.JAVA_INT, 0));
            Exception e = assertThrows(Exception.class, () -> elsewhere.get(5, TimeUnit.SECONDS));
            assertInstanceOf(WrongThreadException.class, e.getCause());
            buffer.release();
            assertEquals(42, CompletableFuture.supplyAsync(() -> {
                int value = buffer.segment().get(ValueLayout.JAVA_INT, 0);
                buffer.release();
                return value;
            }).get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void aLinkOpensOnceAndOnlyTheIsolatesItNamesMayUseIt() {
        Isolate me = Isolate.current();
        try (Link link = Link.newLink(me, me)) {
            assertSame(link, Link.open(link.descriptor().encode()));
        }
        String id = LinkFiles.newId();
        LinkDescriptor between = new LinkDescriptor(id, TransportKind.SHARED_MEMORY, LinkFiles.directory().resolve(id + ".ring"),
                "other-1", "other-2", 4096);
        SharedMemoryTransport.create(between);
        try (Link carried = Link.open(between)) {
            assertFalse(carried.canSend());
            assertFalse(carried.canReceive());
            IllegalStateException send = assertThrows(IllegalStateException.class, () -> carried.send(LinkMessage.of("x")));
            assertTrue(send.getMessage().contains("sends from isolate other-1"), send.getMessage());
            IllegalStateException receive = assertThrows(IllegalStateException.class, () -> carried.receive(SHORT));
            assertTrue(receive.getMessage().contains("delivers to isolate other-2"), receive.getMessage());
        } finally {
            LinkFiles.deleteAll(between.path(), id);
        }
    }

    @Test
    void aDescriptorFromAPeerIsCheckedFieldByField() {
        String id = LinkFiles.newId();
        String good = new LinkDescriptor(id, TransportKind.SHARED_MEMORY, LinkFiles.directory().resolve(id + ".ring"), "a-1", "b-2", 4096).encode();
        assertEquals(good, LinkDescriptor.parse(good).encode());
        IllegalArgumentException path = assertThrows(IllegalArgumentException.class, () -> LinkDescriptor.parse(good.replace(".ring", ".txt")));
        assertTrue(path.getMessage().contains("must name the link's own file"), path.getMessage());
        IllegalArgumentException capacity = assertThrows(IllegalArgumentException.class, () -> LinkDescriptor.parse(good.replace("capacity=4096", "capacity=4097")));
        assertTrue(capacity.getMessage().contains("capacity 4097"), capacity.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> LinkDescriptor.parse(good.replace("&sender=a-1", "")));
        assertTrue(missing.getMessage().contains("'sender' is missing"), missing.getMessage());
    }
}

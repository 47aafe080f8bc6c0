package dev.isola.mvm.link;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The default transport: a {@link SharedRing} per link, mapped by both processes. A frame is
 * copied once into the ring by the sender and once out of it by the receiver; nothing else
 * (no system call) happens on the path while the other side is awake.
 */
final class SharedMemoryTransport {

    private SharedMemoryTransport() {
    }

    /** Creates the ring file of a new link. */
    static void create(LinkDescriptor link) {
        try {
            SharedRing.create(link.path(), link.capacity());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the ring of " + link + " at " + link.path(), e);
        }
    }

    static LinkTransport.SendingEnd openSending(LinkDescriptor link) {
        SharedRing ring = SharedRing.map(link.path(), link.capacity());
        try {
            ring.attach(SharedRing.PRODUCER_AT, "sending");
        } catch (RuntimeException e) {
            ring.close();
            throw e;
        }
        return new Sending(link, ring);
    }

    static LinkTransport.ReceivingEnd openReceiving(LinkDescriptor link) {
        SharedRing ring = SharedRing.map(link.path(), link.capacity());
        try {
            ring.attach(SharedRing.CONSUMER_AT, "receiving");
        } catch (RuntimeException e) {
            ring.close();
            throw e;
        }
        return new Receiving(link, ring);
    }

    /** What both ends share: the mapping, the local closed flag, and the close protocol. */
    private abstract static class End {
        final LinkDescriptor link;
        final SharedRing ring;
        final long mySide;
        final long peerSide;
        final ReentrantLock operation = new ReentrantLock();
        volatile boolean closed;
        private volatile boolean released;

        End(LinkDescriptor link, SharedRing ring, long mySide) {
            this.link = link;
            this.ring = ring;
            this.mySide = mySide;
            this.peerSide = mySide == SharedRing.PRODUCER_AT ? SharedRing.CONSUMER_AT : SharedRing.PRODUCER_AT;
        }

        String peerName() {
            return peerSide == SharedRing.PRODUCER_AT ? "sender" : "receiver";
        }

        LinkClosedException peerGone() {
            boolean closedByPeer = ring.state(peerSide) == SharedRing.STATE_CLOSED;
            return new LinkClosedException(link + ": the " + peerName() + " "
                    + (closedByPeer ? "closed the link" : "isolate (" + ring.peer(peerSide) + ") died"));
        }

        LinkClosedException closedHere() {
            return new LinkClosedException(link + ": this end was closed");
        }

        public void close() {
            if (released) {
                return;
            }
            closed = true;
            ring.markClosed(mySide);
            operation.lock();
            try {
                if (released) {
                    return;
                }
                released = true;
                if (ring.gone(peerSide)) {
                    LinkFiles.deleteAll(link.path(), link.id());
                }
                ring.close();
            } finally {
                operation.unlock();
            }
        }
    }

    private static final class Sending extends End implements LinkTransport.SendingEnd {
        private final MemorySegment data;
        private final long capacity;
        private final long mask;
        private long tail;
        private long head;
        private long needed;
        private long lastPeerCheck = System.nanoTime();

        Sending(LinkDescriptor link, SharedRing ring) {
            super(link, ring, SharedRing.PRODUCER_AT);
            this.data = ring.data();
            this.capacity = ring.capacity();
            this.mask = ring.mask();
            this.tail = ring.getAcquire(SharedRing.TAIL_AT);
            this.head = ring.getAcquire(SharedRing.HEAD_AT);
        }

        @Override
        public int maxPayload() {
            return LinkOptions.maxPayload(ring.capacity());
        }

        private boolean spaceOrEnd() {
            head = ring.getAcquire(SharedRing.HEAD_AT);
            return capacity - (tail - head) >= needed || closed || ring.state(peerSide) == SharedRing.STATE_CLOSED;
        }

        private void checkPeer() {
            if (ring.gone(peerSide)) {
                throw peerGone();
            }
        }

        @Override
        public void send(int kind, byte[] payload, int length, long deadline) {
            if (length > maxPayload()) {
                throw new MessageTooLargeException(link + ": a " + length + "-byte payload does not fit in a frame of this link (at most "
                        + maxPayload() + " bytes)", length, maxPayload());
            }
            operation.lock();
            try {
                if (closed) {
                    throw closedHere();
                }
                if (ring.state(peerSide) == SharedRing.STATE_CLOSED) {
                    throw peerGone();
                }
                long now = System.nanoTime();
                if (now - lastPeerCheck >= SharedRing.CHECK_INTERVAL_NANOS) {
                    lastPeerCheck = now;
                    checkPeer();
                }
                needed = Frames.ringBytes(length);
                if (capacity - (tail - head) < needed && !spaceOrEnd()) {
                    if (!ring.await(SharedRing.SPACE_BELL_AT, this::spaceOrEnd, this::checkPeer, deadline)) {
                        throw new LinkTimeoutException(link + ": the link stayed full (" + (tail - head) + " of " + capacity
                                + " bytes waiting for the receiver) until the send timed out");
                    }
                    if (closed) {
                        throw closedHere();
                    }
                    if (ring.state(peerSide) == SharedRing.STATE_CLOSED) {
                        throw peerGone();
                    }
                }
                long at = tail & mask;
                data.set(ValueLayout.JAVA_INT, at, length);
                data.set(ValueLayout.JAVA_INT, at + 4, kind);
                long payloadAt = (tail + Frames.HEADER_BYTES) & mask;
                int first = (int) Math.min(length, capacity - payloadAt);
                MemorySegment.copy(payload, 0, data, ValueLayout.JAVA_BYTE, payloadAt, first);
                if (first < length) {
                    MemorySegment.copy(payload, first, data, ValueLayout.JAVA_BYTE, 0, length - first);
                }
                tail += needed;
                ring.setRelease(SharedRing.TAIL_AT, tail);
                ring.ringIfSleeping(SharedRing.DATA_BELL_AT);
            } finally {
                operation.unlock();
            }
        }

        @Override
        public long feedback() {
            return ring.feedback();
        }
    }

    private static final class Receiving extends End implements LinkTransport.ReceivingEnd {
        private final MemorySegment data;
        private final long capacity;
        private final long mask;
        private final int maxPayload;
        private long head;
        private long tail;
        private boolean senderGone;

        Receiving(LinkDescriptor link, SharedRing ring) {
            super(link, ring, SharedRing.CONSUMER_AT);
            this.data = ring.data();
            this.capacity = ring.capacity();
            this.mask = ring.mask();
            this.maxPayload = LinkOptions.maxPayload(ring.capacity());
            this.head = ring.getAcquire(SharedRing.HEAD_AT);
            this.tail = head;
        }

        private boolean dataOrEnd() {
            tail = ring.getAcquire(SharedRing.TAIL_AT);
            return tail != head || closed || senderGone || ring.state(peerSide) == SharedRing.STATE_CLOSED;
        }

        private void notePeer() {
            if (ring.gone(peerSide)) {
                senderGone = true;
            }
        }

        @Override
        public LinkTransport.Frame receive(long deadline) {
            operation.lock();
            try {
                if (closed) {
                    throw closedHere();
                }
                if (tail == head && !dataOrEnd()) {
                    if (!ring.await(SharedRing.DATA_BELL_AT, this::dataOrEnd, this::notePeer, deadline)) {
                        throw new LinkTimeoutException(link + ": no message arrived before the receive timed out");
                    }
                }
                if (closed) {
                    throw closedHere();
                }
                if (tail == head) {
                    // The sender is gone; a frame it published just before may have arrived since.
                    tail = ring.getAcquire(SharedRing.TAIL_AT);
                    if (tail == head) {
                        throw peerGone();
                    }
                }
                return takeFrame();
            } finally {
                operation.unlock();
            }
        }

        private LinkTransport.Frame takeFrame() {
            long available = tail - head;
            if (available < Frames.HEADER_BYTES || available > capacity || (available & 7) != 0) {
                throw corrupted("the sender published " + available + " bytes after position " + head
                        + ", which no sequence of frames in a " + capacity + "-byte ring can take");
            }
            long at = head & mask;
            int length = data.get(ValueLayout.JAVA_INT, at);
            int kind = data.get(ValueLayout.JAVA_INT, at + 4);
            if (length < 0 || length > maxPayload || Frames.ringBytes(length) > available) {
                throw corrupted("the frame at position " + head + " claims " + length + " payload bytes, but "
                        + (available - Frames.HEADER_BYTES) + " are published and at most " + maxPayload + " fit");
            }
            byte[] payload = new byte[length];
            long payloadAt = (head + Frames.HEADER_BYTES) & mask;
            int first = (int) Math.min(length, capacity - payloadAt);
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, payloadAt, payload, 0, first);
            if (first < length) {
                MemorySegment.copy(data, ValueLayout.JAVA_BYTE, 0, payload, first, length - first);
            }
            head += Frames.ringBytes(length);
            ring.setRelease(SharedRing.HEAD_AT, head);
            ring.ringIfSleeping(SharedRing.SPACE_BELL_AT);
            return new LinkTransport.Frame(kind, payload);
        }

        private MalformedFrameException corrupted(String what) {
            // Nothing after a broken frame can be trusted: close this end so the sender learns it.
            closed = true;
            ring.markClosed(mySide);
            return new MalformedFrameException(link + ": " + what + "; the link was closed");
        }

        @Override
        public void postFeedback(long value) {
            ring.postFeedback(value);
        }
    }
}

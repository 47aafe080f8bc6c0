package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A one-way channel for messages from one isolate to another (JSR 121's link, on processes).
 *
 * <pre>
 *   isolate A (sender)                 shared memory (tmpfs file)                isolate B (receiver)
 *   ──────────────────   ┌──────────────────────────────────────────────┐   ────────────────────
 *   link.send(msg) ────▶ │ header │ frame │ frame │ ...  ring  ...      │ ────▶ link.receive()
 *                        └──────────────────────────────────────────────┘
 *        doorbell: the side that waits sleeps on a futex; the other side rings it
 * </pre>
 *
 * <p>Any isolate can create a link between two isolates, started or not, and hand it to them:
 * at start ({@link Isolate#start(Link...)}, read back with {@link Isolate#startupLinks()}) or
 * inside a message ({@link LinkMessage#of(Link)}). Each process holding a link uses the end the
 * link assigns to its isolate: the sender's isolate may only send, the receiver's may only
 * receive, any other isolate may only pass the link on.
 *
 * <p>A minimal use, in the creator:
 * <pre>{@code
 * Isolate worker = new Isolate(IsolateSpec.builder("com.example.Worker").build());
 * Link toWorker = Link.newLink(Isolate.current(), worker);
 * worker.start(toWorker);
 * toWorker.send(LinkMessage.of("hello"));
 * }</pre>
 * and in the worker:
 * <pre>{@code
 * Link fromCreator = Isolate.current().startupLinks().get(0);
 * LinkMessage.Text hello = (LinkMessage.Text) fromCreator.receive();
 * }</pre>
 *
 * <p>A realistic one: a request/reply pair with deadlines, and objects copied under an
 * allow-list (see {@link dev.isola.mvm.invoke.Invoker} for calls over such a pair):
 * <pre>{@code
 * requests.send(LinkMessage.ofValue(new Order(42)), Duration.ofSeconds(1));
 * replies.allowClasses(ClassAllowList.defaults().allow("com.example.orders.**"));
 * switch (replies.receive(Duration.ofSeconds(5))) {
 *     case LinkMessage.Value(Confirmation c) -> ...
 *     default -> ...
 * }
 * }</pre>
 *
 * <h2>Guarantees and failures</h2>
 * <ul>
 *   <li>Messages arrive in the order sent, each whole or not at all: a frame becomes visible
 *       only once completely written, so a sender that dies half-way leaves nothing.</li>
 *   <li>A full link makes {@code send} wait (up to its timeout, then {@link LinkTimeoutException}
 *       with nothing sent); it never drops a message.</li>
 *   <li>A message larger than {@link #maxMessageBytes()} is refused at the sender with
 *       {@link MessageTooLargeException}.</li>
 *   <li>When the other end's isolate dies or closes the link, a {@code send} fails with
 *       {@link LinkClosedException}, also one that is blocked, within 200 ms. A {@code receive}
 *       first returns the messages that were completely sent, then fails the same way.</li>
 *   <li>The receiver never fails on the bytes a peer sends beyond {@link MalformedFrameException}
 *       for a frame that cannot be a message, and
 *       {@link dev.isola.mvm.link.codec.ClassNotAllowedException} for an object of a class the
 *       allow-list does not name. After a refused class the link goes on; after a corrupted ring
 *       it is closed.</li>
 *   <li>A receiver waiting for a sender that has not attached yet (its isolate has not started)
 *       cannot tell whether it ever will: use a timeout.</li>
 * </ul>
 *
 * <p>{@code send} and {@code receive} may be called from many threads; each end serves one
 * call at a time. The backing files are deleted when both ends have closed or died (by the
 * last to close, or, when both died, by the next process in the installation that creates a
 * link). An isolate that exits in an orderly way closes its ends.
 */
public final class Link implements AutoCloseable {

    private static final Map<String, Link> OPEN = new ConcurrentHashMap<>();
    private static final AtomicBoolean SWEPT = new AtomicBoolean();

    static {
        // An isolate that exits in an orderly way closes its ends, so peers learn it at once
        // and the last one out deletes the files.
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("mvm-links-close").unstarted(() -> {
            for (Link link : OPEN.values()) {
                try {
                    link.close();
                } catch (RuntimeException e) {
                    System.getLogger(Link.class.getName()).log(System.Logger.Level.DEBUG, "closing " + link + " at exit: " + e);
                }
            }
        }));
    }

    private final LinkDescriptor descriptor;
    private final LinkTransport.SendingEnd sending;
    private final LinkTransport.ReceivingEnd receiving;
    private final ReentrantLock sendLock = new ReentrantLock();
    private final ReentrantLock receiveLock = new ReentrantLock();
    private ObjectCodec.Encoder encoder;
    private ObjectCodec.Decoder decoder;
    private volatile ClassAllowList allowList = ClassAllowList.defaults();
    private volatile boolean closed;

    private Link(LinkDescriptor descriptor, LinkTransport.SendingEnd sending, LinkTransport.ReceivingEnd receiving) {
        this.descriptor = descriptor;
        this.sending = sending;
        this.receiving = receiving;
    }

    /** A new shared-memory link with 1 MiB of ring, from {@code sender} to {@code receiver}. */
    public static Link newLink(Isolate sender, Isolate receiver) {
        return newLink(sender, receiver, LinkOptions.DEFAULTS);
    }

    /**
     * A new link from {@code sender} to {@code receiver}; either may be the current isolate,
     * and either may not have started yet.
     */
    public static Link newLink(Isolate sender, Isolate receiver, LinkOptions options) {
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        return newLink(sender.id(), receiver.id(), options);
    }

    /**
     * A new link between the isolates with these ids, for an isolate that knows its peer only
     * from a link it holds ({@link #senderId()}, {@link #receiverId()}): for example a server
     * that opens a further pair to a client that reached it over a first one.
     */
    public static Link newLink(String senderId, String receiverId, LinkOptions options) {
        Objects.requireNonNull(senderId, "senderId");
        Objects.requireNonNull(receiverId, "receiverId");
        Objects.requireNonNull(options, "options");
        Path directory = LinkFiles.directory();
        if (SWEPT.compareAndSet(false, true)) {
            Thread.ofVirtual().name("mvm-links-sweep").start(() -> LinkFiles.sweep(directory));
        }
        String id = LinkFiles.newId();
        Path path = directory.resolve(id + options.transport().fileSuffix());
        LinkDescriptor descriptor = new LinkDescriptor(id, options.transport(), path, senderId, receiverId, options.capacity());
        if (options.transport() == TransportKind.SHARED_MEMORY) {
            SharedMemoryTransport.create(descriptor);
        }
        return open(descriptor);
    }

    /**
     * This process's handle on the link {@code descriptor} names, opening the end its isolate
     * may use. Opening the same link twice in one process gives the same handle.
     *
     * @throws LinkClosedException if the link's backing file is gone (both ends closed or died)
     *                             or the end was already taken by another process
     */
    public static Link open(LinkDescriptor descriptor) {
        Objects.requireNonNull(descriptor, "descriptor");
        Link existing = OPEN.get(descriptor.id());
        if (existing != null && existing.descriptor.equals(descriptor)) {
            return existing;
        }
        synchronized (OPEN) {
            existing = OPEN.get(descriptor.id());
            if (existing != null) {
                if (!existing.descriptor.equals(descriptor)) {
                    throw new IllegalArgumentException("link id " + descriptor.id() + " is already open here as " + existing.descriptor.encode()
                            + ", not as " + descriptor.encode());
                }
                return existing;
            }
            String me = Isolate.current().id();
            LinkTransport.SendingEnd sending = null;
            LinkTransport.ReceivingEnd receiving = null;
            try {
                if (me.equals(descriptor.receiverId())) {
                    receiving = switch (descriptor.transport()) {
                        case SHARED_MEMORY -> SharedMemoryTransport.openReceiving(descriptor);
                        case UNIX_SOCKET -> UnixSocketTransport.openReceiving(descriptor);
                    };
                }
                if (me.equals(descriptor.senderId())) {
                    sending = switch (descriptor.transport()) {
                        case SHARED_MEMORY -> SharedMemoryTransport.openSending(descriptor);
                        case UNIX_SOCKET -> UnixSocketTransport.openSending(descriptor);
                    };
                }
            } catch (RuntimeException e) {
                if (receiving != null) {
                    receiving.close();
                }
                throw e;
            }
            Link link = new Link(descriptor, sending, receiving);
            OPEN.put(descriptor.id(), link);
            return link;
        }
    }

    /** Opens a link from its text form ({@link LinkDescriptor#encode()}). */
    public static Link open(String descriptorText) {
        return open(LinkDescriptor.parse(descriptorText));
    }

    public LinkDescriptor descriptor() {
        return descriptor;
    }

    public String id() {
        return descriptor.id();
    }

    /** The id of the isolate that may send. */
    public String senderId() {
        return descriptor.senderId();
    }

    /** The id of the isolate that may receive. */
    public String receiverId() {
        return descriptor.receiverId();
    }

    /** Whether this process may send on the link (it is its sender's isolate and has not closed it). */
    public boolean canSend() {
        return sending != null && !closed;
    }

    /** Whether this process may receive on the link. */
    public boolean canReceive() {
        return receiving != null && !closed;
    }

    /** The largest encoded message the link carries (a little less than its capacity). */
    public int maxMessageBytes() {
        return LinkOptions.maxPayload(descriptor.capacity());
    }

    /**
     * Sets the classes this end materialises from {@link LinkMessage.Value} messages (by
     * default {@link ClassAllowList#defaults()}). Takes effect for the next message; a class
     * already admitted on this link stays admitted, so set the list before the first message.
     */
    public void allowClasses(ClassAllowList classes) {
        Objects.requireNonNull(classes, "classes");
        receiveLock.lock();
        try {
            allowList = classes;
            if (decoder != null) {
                decoder.allowList(classes);
            }
        } finally {
            receiveLock.unlock();
        }
    }

    /**
     * A new off-heap buffer of {@code bytes} to migrate over this link (or any link whose ends
     * share the links directory), from the link's bulk pool of 64 MiB.
     *
     * @throws IllegalArgumentException if {@code bytes} is not between 1 and 64 MiB
     * @throws LinkException            if the pool has no room that large left
     */
    public BulkBuffer newBuffer(long bytes) {
        return BulkBuffer.allocate(BulkPool.of(descriptor.path().getParent(), descriptor.id(), true), bytes);
    }

    /** Sends, waiting as long as the link is full. */
    public void send(LinkMessage message) {
        send(message, null);
    }

    /**
     * Sends {@code message}, waiting at most {@code timeout} (null: for ever) while the link is full.
     *
     * @throws LinkTimeoutException     if the link stayed full; nothing was sent
     * @throws LinkClosedException      if either end is closed or the receiver died
     * @throws MessageTooLargeException if the encoded message exceeds {@link #maxMessageBytes()}
     * @throws dev.isola.mvm.link.codec.ObjectCodecException if a value's graph cannot be copied
     * @throws IllegalStateException    if this isolate is not the link's sender
     */
    public void send(LinkMessage message, Duration timeout) {
        Objects.requireNonNull(message, "message");
        if (sending == null) {
            throw new IllegalStateException(descriptor + " sends from isolate " + descriptor.senderId() + "; this is isolate "
                    + Isolate.current().id() + ", which may only pass it on");
        }
        long deadline = deadline(timeout);
        sendLock.lock();
        try {
            if (closed) {
                throw new LinkClosedException(descriptor + ": this end was closed");
            }
            switch (message) {
                case LinkMessage.Bytes(byte[] data) -> sending.send(MessageFrames.BYTES, data, data.length, deadline);
                case LinkMessage.Text(String text) -> {
                    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                    sending.send(MessageFrames.TEXT, bytes, bytes.length, deadline);
                }
                case LinkMessage.Value(Object value) -> sendValue(value, deadline);
                case LinkMessage.LinkTransfer(Link link) -> {
                    byte[] bytes = link.descriptor().encode().getBytes(StandardCharsets.UTF_8);
                    sending.send(MessageFrames.LINK, bytes, bytes.length, deadline);
                }
                case LinkMessage.IsolateReference reference -> {
                    byte[] bytes = MessageFrames.isolatePayload(reference);
                    sending.send(MessageFrames.ISOLATE, bytes, bytes.length, deadline);
                }
                case LinkMessage.Bulk(BulkBuffer buffer) -> {
                    buffer.migrateOver(descriptor);
                    byte[] bytes = MessageFrames.bulkPayload(buffer.poolId(), buffer.offset(), buffer.size());
                    try {
                        sending.send(MessageFrames.BULK, bytes, bytes.length, deadline);
                    } catch (RuntimeException e) {
                        buffer.reclaim();
                        throw e;
                    }
                }
            }
        } finally {
            sendLock.unlock();
        }
    }

    private void sendValue(Object value, long deadline) {
        if (encoder == null) {
            encoder = ObjectCodec.newEncoder();
        }
        int length = encoder.encode(value, sending.feedback());
        try {
            sending.send(MessageFrames.VALUE, encoder.array(), length, deadline);
        } catch (RuntimeException e) {
            // The encoder counted this message's class descriptions as sent; they were not.
            encoder.abandonSession();
            throw e;
        }
    }

    /** Receives, waiting as long as it takes. */
    public LinkMessage receive() {
        return receive(null);
    }

    /**
     * Takes the next message, waiting at most {@code timeout} (null: for ever).
     *
     * @throws LinkTimeoutException    if none arrived in time
     * @throws LinkClosedException     if the sender closed or died and every message it sent has
     *                                 been received, or this end was closed
     * @throws MalformedFrameException if the peer sent bytes that cannot be a message (the
     *                                 message is dropped)
     * @throws dev.isola.mvm.link.codec.ClassNotAllowedException if a value names a class the
     *                                 allow-list refuses (the message is dropped)
     * @throws IllegalStateException   if this isolate is not the link's receiver
     */
    public LinkMessage receive(Duration timeout) {
        if (receiving == null) {
            throw new IllegalStateException(descriptor + " delivers to isolate " + descriptor.receiverId() + "; this is isolate "
                    + Isolate.current().id() + ", which may only pass it on");
        }
        long deadline = deadline(timeout);
        receiveLock.lock();
        try {
            if (closed) {
                throw new LinkClosedException(descriptor + ": this end was closed");
            }
            LinkTransport.Frame frame = receiving.receive(deadline);
            // Made for the first value only: a link that carries bytes (a control link's calls) needs no codec.
            if (decoder == null && frame.kind() == MessageFrames.VALUE) {
                decoder = ObjectCodec.newDecoder(allowList);
            }
            long epoch = decoder == null ? 0 : decoder.epoch();
            try {
                return MessageFrames.decode(frame.kind(), frame.payload(), new MessageFrames.Context() {
                    @Override
                    public LinkDescriptor link() {
                        return descriptor;
                    }

                    @Override
                    public ObjectCodec.Decoder decoder() {
                        return decoder;
                    }

                    @Override
                    public Link open(LinkDescriptor passed) {
                        try {
                            return Link.open(passed);
                        } catch (LinkClosedException e) {
                            // Not this link's end: say so, or the caller would take this link for closed.
                            throw new LinkException(descriptor + ": the link handed over in this message cannot be opened: " + e.getMessage(), e);
                        }
                    }
                });
            } finally {
                if (decoder != null && decoder.epoch() != epoch) {
                    receiving.postFeedback(decoder.epoch());
                }
            }
        } finally {
            receiveLock.unlock();
        }
    }

    private static long deadline(Duration timeout) {
        if (timeout == null) {
            return LinkTransport.NO_DEADLINE;
        }
        long now = System.nanoTime();
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (ArithmeticException tooLong) {
            return LinkTransport.NO_DEADLINE;
        }
        long deadline = now + Math.max(0, nanos);
        return deadline - now < 0 || deadline == LinkTransport.NO_DEADLINE ? LinkTransport.NO_DEADLINE : deadline;
    }

    /** Whether this handle has not been closed. */
    public boolean isOpen() {
        return !closed;
    }

    /**
     * Closes this process's end (if it has one). The peer's sends then fail, and its receives
     * fail once it has taken what was sent. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        OPEN.remove(descriptor.id(), this);
        if (sending != null) {
            sending.close();
        }
        if (receiving != null) {
            receiving.close();
        }
    }

    @Override
    public String toString() {
        return "Link[" + descriptor + (sending != null ? ", sends here" : "") + (receiving != null ? ", receives here" : "")
                + (closed ? ", closed" : "") + "]";
    }
}

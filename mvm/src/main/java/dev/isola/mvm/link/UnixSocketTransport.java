package dev.isola.mvm.link;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The stand-in transport: one Unix domain socket connection per link. The receiving end binds
 * the link's socket path when it opens and removes it once the sender has connected (so nothing
 * else can connect, and nothing is left to clean up); the sending end connects on its first
 * send. Frames use the same 8-byte header as the ring; the socket's reverse direction carries
 * the receiver's feedback values.
 *
 * <p>Differences from the ring that the contract allows: a send that has begun writing a frame
 * finishes it even past its deadline (a half-written frame would break the stream), and the
 * receiver cannot tell a sender that closed from one that died.
 */
final class UnixSocketTransport {

    private static final long POLL_MILLIS = SharedRing.CHECK_INTERVAL_NANOS / 1_000_000;

    private UnixSocketTransport() {
    }

    static LinkTransport.SendingEnd openSending(LinkDescriptor link) {
        return new Sending(link);
    }

    static LinkTransport.ReceivingEnd openReceiving(LinkDescriptor link) {
        try {
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                server.bind(UnixDomainSocketAddress.of(link.path()));
            } catch (IOException e) {
                server.close();
                throw new LinkException("cannot listen on " + link.path() + " for " + link + ": " + e.getMessage(), e);
            }
            return new Receiving(link, server);
        } catch (IOException e) {
            throw new LinkException("cannot open a Unix domain socket for " + link + ": " + e.getMessage(), e);
        }
    }

    private static long millisUntil(long deadline) {
        if (deadline == LinkTransport.NO_DEADLINE) {
            return POLL_MILLIS;
        }
        return Math.max(1, Math.min(POLL_MILLIS, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
    }

    private static boolean passed(long deadline) {
        return deadline != LinkTransport.NO_DEADLINE && System.nanoTime() - deadline >= 0;
    }

    private static final class Sending implements LinkTransport.SendingEnd {
        private final LinkDescriptor link;
        private final ReentrantLock operation = new ReentrantLock();
        private final ByteBuffer header = ByteBuffer.allocate(Frames.HEADER_BYTES);
        private final ByteBuffer feedbackBytes = ByteBuffer.allocate(8);
        private SocketChannel channel;
        private Selector selector;
        private volatile boolean closed;
        private volatile long feedback;

        Sending(LinkDescriptor link) {
            this.link = link;
        }

        @Override
        public int maxPayload() {
            return LinkOptions.maxPayload(link.capacity());
        }

        private void connect(long deadline) throws IOException {
            long pause = 1;
            while (true) {
                SocketChannel candidate = SocketChannel.open(StandardProtocolFamily.UNIX);
                try {
                    candidate.setOption(StandardSocketOptions.SO_SNDBUF, link.capacity());
                    candidate.connect(UnixDomainSocketAddress.of(link.path()));
                    candidate.configureBlocking(false);
                    channel = candidate;
                    selector = Selector.open();
                    return;
                } catch (IOException notYet) {
                    candidate.close();
                    if (passed(deadline)) {
                        throw new LinkTimeoutException(link + ": the receiver did not listen on " + link.path() + " before the send timed out");
                    }
                    if (closed) {
                        throw new LinkClosedException(link + ": this end was closed");
                    }
                    pause(pause);
                    pause = Math.min(pause * 2, 20);
                }
            }
        }

        private void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LinkException(link + ": interrupted while connecting", e);
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
                    throw new LinkClosedException(link + ": this end was closed");
                }
                if (channel == null) {
                    connect(deadline);
                }
                header.clear();
                header.putInt(length).putInt(kind).flip();
                ByteBuffer[] frame = {header, ByteBuffer.wrap(payload, 0, length)};
                long total = Frames.HEADER_BYTES + (long) length;
                long written = 0;
                SelectionKey key = channel.register(selector, SelectionKey.OP_WRITE);
                while (written < total) {
                    long n = channel.write(frame);
                    written += n;
                    if (n == 0) {
                        if (written == 0 && passed(deadline)) {
                            throw new LinkTimeoutException(link + ": the socket stayed full until the send timed out");
                        }
                        if (closed) {
                            throw new LinkClosedException(link + ": this end was closed");
                        }
                        selector.select(millisUntil(written == 0 ? deadline : LinkTransport.NO_DEADLINE));
                        selector.selectedKeys().clear();
                        if (Thread.interrupted() && written == 0) {
                            Thread.currentThread().interrupt();
                            throw new LinkException(link + ": interrupted while the link was full; nothing was sent");
                        }
                    }
                }
                key.interestOps(0);
            } catch (IOException e) {
                closed = true;
                throw new LinkClosedException(link + ": the receiver closed the link or died (" + e.getMessage() + ")", e);
            } finally {
                operation.unlock();
            }
        }

        @Override
        public long feedback() {
            if (channel != null && operation.tryLock()) {
                try {
                    while (channel.read(feedbackBytes) > 0) {
                        if (!feedbackBytes.hasRemaining()) {
                            feedback = feedbackBytes.flip().getLong();
                            feedbackBytes.clear();
                        }
                    }
                } catch (IOException e) {
                    closed = true;
                } finally {
                    operation.unlock();
                }
            }
            return feedback;
        }

        @Override
        public void close() {
            closed = true;
            operation.lock();
            try {
                if (channel != null) {
                    channel.close();
                    selector.close();
                }
            } catch (IOException e) {
                System.getLogger(UnixSocketTransport.class.getName()).log(System.Logger.Level.DEBUG, "closing " + link + ": " + e);
            } finally {
                operation.unlock();
            }
        }
    }

    private static final class Receiving implements LinkTransport.ReceivingEnd {
        private final LinkDescriptor link;
        private final ReentrantLock operation = new ReentrantLock();
        private final ServerSocketChannel server;
        private final Selector selector;
        private final ByteBuffer header = ByteBuffer.allocate(Frames.HEADER_BYTES);
        private final CompletableFuture<SocketChannel> connected = new CompletableFuture<>();
        private ByteBuffer payload;
        private SocketChannel channel;
        private volatile boolean closed;

        Receiving(LinkDescriptor link, ServerSocketChannel server) throws IOException {
            this.link = link;
            this.server = server;
            this.selector = Selector.open();
            // Accept at once, so the sender can fill the socket's buffer before the first receive. A platform
            // thread, which ends with the accept: a virtual thread blocked in accept would start the JDK's socket
            // poller threads, which then stay for the life of the isolate.
            Thread.ofPlatform().daemon().name("mvm-link-accept-" + link.id()).start(this::acceptSender);
        }

        private void acceptSender() {
            try {
                SocketChannel accepted = server.accept();
                server.close();
                Files.deleteIfExists(link.path());
                accepted.setOption(StandardSocketOptions.SO_RCVBUF, link.capacity());
                accepted.configureBlocking(false);
                connected.complete(accepted);
            } catch (IOException e) {
                connected.completeExceptionally(e);
            }
        }

        /** Fills {@code buffer}; false if the deadline passed first (what was read is kept). */
        private boolean fill(ByteBuffer buffer, long deadline) throws IOException {
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer);
                if (n < 0) {
                    throw new LinkClosedException(link + ": the sender closed the link or died"
                            + (buffer == header && buffer.position() == 0 ? "" : " in the middle of a frame, which was discarded"));
                }
                if (n == 0) {
                    if (passed(deadline)) {
                        return false;
                    }
                    if (closed) {
                        throw new LinkClosedException(link + ": this end was closed");
                    }
                    selector.select(millisUntil(deadline));
                    selector.selectedKeys().clear();
                    if (Thread.interrupted()) {
                        Thread.currentThread().interrupt();
                        throw new LinkException(link + ": interrupted while waiting for a message");
                    }
                }
            }
            return true;
        }

        private boolean accept(long deadline) throws IOException {
            if (channel != null) {
                return true;
            }
            while (true) {
                try {
                    channel = connected.get(millisUntil(deadline), TimeUnit.MILLISECONDS);
                    channel.register(selector, SelectionKey.OP_READ);
                    return true;
                } catch (TimeoutException e) {
                    if (passed(deadline)) {
                        return false;
                    }
                    if (closed) {
                        throw new LinkClosedException(link + ": this end was closed");
                    }
                } catch (ExecutionException e) {
                    throw new LinkClosedException(link + ": " + (closed ? "this end was closed" : "accepting the sender failed: " + e.getCause()), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LinkException(link + ": interrupted while waiting for the sender", e);
                }
            }
        }

        @Override
        public LinkTransport.Frame receive(long deadline) {
            operation.lock();
            try {
                if (closed) {
                    throw new LinkClosedException(link + ": this end was closed");
                }
                if (!accept(deadline)) {
                    throw new LinkTimeoutException(link + ": no sender connected before the receive timed out");
                }
                if (payload == null) {
                    if (!fill(header, deadline)) {
                        throw new LinkTimeoutException(link + ": no message arrived before the receive timed out");
                    }
                    int length = header.getInt(0);
                    int maxPayload = LinkOptions.maxPayload(link.capacity());
                    if (length < 0 || length > maxPayload) {
                        closed = true;
                        throw new MalformedFrameException(link + ": a frame claims " + length + " payload bytes, at most "
                                + maxPayload + " fit; the link was closed");
                    }
                    payload = ByteBuffer.allocate(length);
                }
                if (!fill(payload, deadline)) {
                    throw new LinkTimeoutException(link + ": a message was still arriving when the receive timed out");
                }
                LinkTransport.Frame frame = new LinkTransport.Frame(header.getInt(4), payload.array());
                header.clear();
                payload = null;
                return frame;
            } catch (IOException e) {
                closed = true;
                throw new LinkClosedException(link + ": the sender closed the link or died (" + e.getMessage() + ")", e);
            } finally {
                operation.unlock();
            }
        }

        @Override
        public void postFeedback(long value) {
            SocketChannel connected = channel != null ? channel : this.connected.getNow(null);
            if (connected == null) {
                return;
            }
            ByteBuffer bytes = ByteBuffer.allocate(8).putLong(value).flip();
            try {
                // Eight bytes into an otherwise idle reverse direction: the socket buffer always takes them.
                while (bytes.hasRemaining() && connected.write(bytes) > 0) {
                    Thread.onSpinWait();
                }
            } catch (IOException e) {
                closed = true;
            }
        }

        @Override
        public void close() {
            closed = true;
            operation.lock();
            try {
                server.close();
                connected.thenAccept(accepted -> {
                    try {
                        accepted.close();
                    } catch (IOException e) {
                        System.getLogger(UnixSocketTransport.class.getName()).log(System.Logger.Level.DEBUG, "closing " + link + ": " + e);
                    }
                });
                selector.close();
                Files.deleteIfExists(link.path());
            } catch (IOException e) {
                System.getLogger(UnixSocketTransport.class.getName()).log(System.Logger.Level.DEBUG, "closing " + link + ": " + e);
            } finally {
                operation.unlock();
            }
        }
    }
}

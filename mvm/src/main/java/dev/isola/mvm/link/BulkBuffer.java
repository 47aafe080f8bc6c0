package dev.isola.mvm.link;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * An off-heap buffer that moves between isolates without being copied. Its memory is in the
 * bulk pool of a link (shared memory both isolates map), so sending it as
 * {@link LinkMessage#migrate} only tells the receiver where it is, and takes it away here:
 * every segment the sender obtained becomes invalid, and any later access throws
 * {@link IllegalStateException}.
 *
 * <pre>{@code
 * BulkBuffer image = link.newBuffer(1 << 20);
 * render(image.segment());
 * link.send(LinkMessage.migrate(image));   // image.segment() now throws
 * ...
 * if (link.receive() instanceof LinkMessage.Bulk(BulkBuffer image)) {
 *     try (image) { show(image.segment()); }   // closing gives the memory back to the pool
 * }
 * }</pre>
 *
 * <p>Ownership is as strict inside an isolate as between isolates: the segment belongs to the
 * thread that asked for it first (it is backed by a confined arena, which is what makes taking
 * it away cheap: no handshake with other threads). To let another thread use the buffer, call
 * {@link #release()} in the owning thread; the next thread to call {@link #segment()} owns it.
 * Sending, releasing and closing are done by the owning thread (or any thread before the first
 * {@link #segment()}).
 */
public final class BulkBuffer implements AutoCloseable {

    private final BulkPool pool;
    private final long offset;
    private final long size;
    private Arena view;
    private MemorySegment segment;
    private String invalidBecause;

    private BulkBuffer(BulkPool pool, long offset, long size) {
        this.pool = pool;
        this.offset = offset;
        this.size = size;
    }

    /** A new buffer in {@code pool}; its bytes are whatever the pool held. */
    static BulkBuffer allocate(BulkPool pool, long bytes) {
        if (bytes <= 0 || bytes > BulkPool.CAPACITY) {
            throw new IllegalArgumentException("a bulk buffer needs between 1 and " + BulkPool.CAPACITY + " bytes, not " + bytes);
        }
        return new BulkBuffer(pool, pool.allocate(bytes), bytes);
    }

    /**
     * The buffer a bulk frame names, now owned here.
     *
     * @throws MalformedFrameException if the range is not allocated in the pool (the frame is not
     *                                 from a correct sender)
     */
    static BulkBuffer adopt(LinkDescriptor link, String poolId, long offset, long size) {
        BulkPool pool;
        try {
            pool = BulkPool.of(link.path().getParent(), poolId, false);
        } catch (LinkClosedException e) {
            throw new MalformedFrameException(link + ": a bulk message names pool " + poolId + ", which does not exist", e);
        }
        if (!pool.isAllocated(offset, size)) {
            throw new MalformedFrameException(link + ": a bulk message names " + size + " bytes at " + offset + " in pool " + poolId
                    + ", which is not a buffer in it");
        }
        return new BulkBuffer(pool, offset, size);
    }

    /**
     * The memory, owned by the calling thread until the buffer is released, migrated or closed.
     *
     * @throws IllegalStateException if the buffer was migrated or closed (saying which)
     * @throws WrongThreadException  if another thread owns it
     */
    @SuppressWarnings("restricted") // a view of pool memory this isolate owns, bounded to the buffer's size
    public synchronized MemorySegment segment() {
        if (invalidBecause != null) {
            throw new IllegalStateException("this bulk buffer " + invalidBecause);
        }
        if (view == null) {
            view = Arena.ofConfined();
            segment = pool.slice(offset, size).reinterpret(view, null);
        }
        return segment;
    }

    /**
     * Gives up the calling thread's ownership: its segments become invalid, and the next thread
     * to call {@link #segment()} owns the buffer.
     */
    public synchronized void release() {
        if (view != null) {
            view.close();
            view = null;
            segment = null;
        }
    }

    public long size() {
        return size;
    }

    /** Whether the buffer is still this isolate's (not migrated, not closed). */
    public synchronized boolean isValid() {
        return invalidBecause == null;
    }

    /** Takes the buffer away for migration over {@code link}. */
    synchronized void migrateOver(LinkDescriptor link) {
        if (invalidBecause != null) {
            throw new IllegalStateException("this bulk buffer " + invalidBecause);
        }
        try {
            release();
        } catch (WrongThreadException e) {
            throw new IllegalStateException("this bulk buffer is owned by another thread; call release() there before sending it", e);
        }
        invalidBecause = "was migrated over " + link;
    }

    /** Gives the buffer back after a migration that failed. */
    synchronized void reclaim() {
        invalidBecause = null;
    }

    String poolId() {
        return pool.id();
    }

    long offset() {
        return offset;
    }

    /** Gives the memory back to the pool (if this isolate still owns it); later access throws. */
    @Override
    public synchronized void close() {
        if (invalidBecause != null) {
            return;
        }
        release();
        invalidBecause = "was closed";
        pool.free(offset, size);
    }

    @Override
    public synchronized String toString() {
        return "BulkBuffer[" + size + " bytes in pool " + pool.id() + " at " + offset + ", " + (invalidBecause == null ? "owned" : invalidBecause) + "]";
    }
}

package dev.isola.mvm.link;

/**
 * How a new link is built.
 *
 * @param transport how frames move; {@link TransportKind#SHARED_MEMORY} unless shared memory
 *                  cannot be used
 * @param capacity  bytes of ring space, a power of two; the largest message is a little less
 *                  (each frame has an 8-byte header). Shared-memory pages are only used as the
 *                  ring fills, so a large capacity costs little while idle.
 */
public record LinkOptions(TransportKind transport, int capacity) {

    static final int MIN_CAPACITY = 4096;
    static final int MAX_CAPACITY = 1 << 30;

    /** Shared memory, 1 MiB of ring. */
    public static final LinkOptions DEFAULTS = new LinkOptions(TransportKind.SHARED_MEMORY, 1 << 20);

    public LinkOptions {
        if (transport == null) {
            throw new IllegalArgumentException("link options: transport must be given");
        }
        if (capacity < MIN_CAPACITY || capacity > MAX_CAPACITY || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("link options: capacity " + capacity + " must be a power of two between "
                    + MIN_CAPACITY + " and " + MAX_CAPACITY);
        }
    }

    public LinkOptions withTransport(TransportKind kind) {
        return new LinkOptions(kind, capacity);
    }

    public LinkOptions withCapacity(int bytes) {
        return new LinkOptions(transport, bytes);
    }

    /** The largest payload one frame of this capacity carries. */
    static int maxPayload(int capacity) {
        return capacity - Frames.HEADER_BYTES;
    }
}

package dev.isola.mvm.link;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The memory bulk buffers live in: one sparse tmpfs file per link ({@code <link id>.pool}),
 * mapped once by each process that uses it, so that migrating a buffer costs no system call,
 * no mapping and no copy: the frame names a block range, and ownership moves with it.
 *
 * <pre>
 *  0      magic "ISBP", version
 *  8      allocation lock: 0, or the pid of the process holding it
 *  64     bitmap, one bit per 64 KiB block (1 = in use)
 *  4096   blocks
 * </pre>
 *
 * Blocks are taken by whoever allocates (usually the sender) and given back by whoever closes
 * the buffer (usually the receiver), so the bitmap is shared and guarded by a lock word that
 * names its holder; a holder that died is replaced. Pages are only used once written to.
 */
final class BulkPool {

    static final int BLOCK = 64 * 1024;
    static final int BLOCKS = 1024;
    /** The largest buffer, and the pool's size: 64 MiB per link. */
    static final long CAPACITY = (long) BLOCK * BLOCKS;
    private static final int MAGIC = 0x49534250;
    private static final long LOCK_AT = 8;
    private static final long BITMAP_AT = 64;
    private static final long DATA_AT = 4096;
    private static final Pattern ID = Pattern.compile("l[0-9a-f]{16}");
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final Map<String, BulkPool> MAPPED = new HashMap<>();

    private final String id;
    private final MemorySegment segment;

    private BulkPool(String id, MemorySegment segment) {
        this.id = id;
        this.segment = segment;
    }

    /**
     * This process's mapping of the pool of link {@code id} in {@code directory}, creating the
     * file if {@code create}. Mappings last as long as the process: the file is deleted with the
     * link's other files, and the memory is freed when the last process ends.
     */
    static BulkPool of(Path directory, String id, boolean create) {
        if (!ID.matcher(id).matches()) {
            throw new MalformedFrameException("'" + (id.length() > 40 ? id.substring(0, 40) + "..." : id) + "' is not a bulk pool id");
        }
        synchronized (MAPPED) {
            BulkPool pool = MAPPED.get(id);
            if (pool != null) {
                return pool;
            }
            Path file = directory.resolve(id + ".pool");
            StandardOpenOption[] options = create
                    ? new StandardOpenOption[]{StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE}
                    : new StandardOpenOption[]{StandardOpenOption.READ, StandardOpenOption.WRITE};
            try (FileChannel channel = FileChannel.open(file, options)) {
                MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, DATA_AT + CAPACITY, Arena.global());
                // A new file reads as zeros: claim it; a pool in use already has its magic.
                INT.compareAndSet(segment, 0L, 0, MAGIC);
                if ((int) INT.getVolatile(segment, 0L) != MAGIC) {
                    throw new MalformedFrameException("file " + file + " is not a bulk pool");
                }
                pool = new BulkPool(id, segment);
                MAPPED.put(id, pool);
                return pool;
            } catch (NoSuchFileException e) {
                throw new LinkClosedException("bulk pool " + file + " no longer exists: its link's ends have all closed or died");
            } catch (IOException e) {
                throw new LinkException("cannot map bulk pool " + file + ": " + e.getMessage(), e);
            }
        }
    }

    String id() {
        return id;
    }

    /** The memory of {@code bytes} at {@code offset}, as a slice of the global mapping. */
    MemorySegment slice(long offset, long bytes) {
        return segment.asSlice(DATA_AT + offset, bytes);
    }

    /**
     * Takes enough blocks for {@code bytes}.
     *
     * @return the offset of the first block
     * @throws LinkException if the pool has no run of free blocks that long
     */
    long allocate(long bytes) {
        int needed = blocksFor(bytes);
        lock();
        try {
            int run = 0;
            for (int block = 0; block < BLOCKS; block++) {
                run = used(block) ? 0 : run + 1;
                if (run == needed) {
                    int first = block - needed + 1;
                    mark(first, needed, true);
                    return (long) first * BLOCK;
                }
            }
        } finally {
            unlock();
        }
        throw new LinkException("the bulk pool of link " + id + " has no " + bytes + " contiguous free bytes ("
                + CAPACITY + " in all); close buffers the receiver no longer needs");
    }

    /** Gives the blocks of a buffer back. */
    void free(long offset, long bytes) {
        lock();
        try {
            mark((int) (offset / BLOCK), blocksFor(bytes), false);
        } finally {
            unlock();
        }
    }

    /**
     * Whether {@code [offset, offset + bytes)} is a block-aligned, allocated range of this pool:
     * what a frame from a peer must name.
     */
    boolean isAllocated(long offset, long bytes) {
        if (offset < 0 || bytes <= 0 || bytes > CAPACITY || offset % BLOCK != 0 || offset + bytes > CAPACITY) {
            return false;
        }
        int first = (int) (offset / BLOCK);
        for (int block = first; block < first + blocksFor(bytes); block++) {
            if (!used(block)) {
                return false;
            }
        }
        return true;
    }

    static int blocksFor(long bytes) {
        return (int) ((bytes + BLOCK - 1) / BLOCK);
    }

    private boolean used(int block) {
        long word = (long) LONG.getVolatile(segment, BITMAP_AT + (block >>> 6) * 8L);
        return (word & (1L << (block & 63))) != 0;
    }

    private void mark(int first, int count, boolean inUse) {
        for (int block = first; block < first + count; block++) {
            long at = BITMAP_AT + (block >>> 6) * 8L;
            long word = (long) LONG.getVolatile(segment, at);
            LONG.setVolatile(segment, at, inUse ? word | (1L << (block & 63)) : word & ~(1L << (block & 63)));
        }
    }

    private void lock() {
        long me = ProcessHandle.current().pid();
        long spins = 0;
        while (!LONG.compareAndSet(segment, LOCK_AT, 0L, me)) {
            long holder = (long) LONG.getVolatile(segment, LOCK_AT);
            if (++spins % 1024 == 0 && holder != 0 && holder != me && ProcessHandle.of(holder).map(h -> !h.isAlive()).orElse(true)) {
                // The holder died inside the critical section, which only flips bits: take over.
                LONG.compareAndSet(segment, LOCK_AT, holder, 0L);
            }
            Thread.onSpinWait();
        }
    }

    private void unlock() {
        LONG.setVolatile(segment, LOCK_AT, 0L);
    }
}

package dev.isola.mvm.link;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One process's mapping of a link's ring file: the header both processes share and the data
 * area the frames go through. Single producer, single consumer.
 *
 * <pre>
 *  offset  field (each group on its own cache line, so the two sides do not share lines they write)
 *  0       magic "ISLK", version, capacity
 *  64      producer: pid, command-line fingerprint (PeerProcess), state (0 none, 3 attaching, 1 attached, 2 closed)
 *  128     consumer: pid, command-line fingerprint, state
 *  192     tail: bytes ever published by the producer   (written by the producer, release)
 *  256     head: bytes ever consumed by the consumer     (written by the consumer, release)
 *  320     data doorbell: sequence word (futex) and "consumer sleeps" flag
 *  384     space doorbell: sequence word (futex) and "producer sleeps" flag
 *  448     feedback: a long the consumer posts for the producer
 *  4096    data: capacity bytes (a power of two); a frame is written whole, then tail is released
 * </pre>
 *
 * <p>Waiting is a bounded spin (if one of the machine's {@link SpinSlots} is free), then a
 * bounded run of {@link Thread#yield()}, then sleeping on
 * the other side's doorbell: the sleeper raises its flag, re-checks, and sleeps on the futex
 * word; the other side, after publishing, sees the flag (both use full fences, so one of them
 * sees the other) and rings (increments the word and wakes). Once the peer's process is known,
 * the {@link PeerExitWatch} rings both bells the moment it exits, and sleeps last up to
 * {@link #WATCHED_CHECK_INTERVAL_NANOS} (a safety net); where exits cannot be watched, sleeps
 * last at most {@link #CHECK_INTERVAL_NANOS} so that a dead peer is noticed in time without a wake.
 * The spin and yield budgets adapt: a wait that ended in sleep halves them (down to 0.5 µs of
 * spinning), a wait that spinning satisfied doubles them (up to the defaults). On a busy
 * machine a spinner only delays the thread it waits for, so links there fall back to sleeping,
 * where the scheduler favours them on wake-up as it favours a thread blocked on a socket.
 * Virtual threads never sleep in the futex (it would pin their carrier): they park in growing
 * steps instead. An interrupted waiter ends with a {@link LinkException} and keeps its
 * interrupt status.
 *
 * <p>The phases can be tuned with system properties (both isolates should agree):
 * {@code mvm.links.spinNanos} (default 20 µs), {@code mvm.links.yieldNanos} (default 100 µs)
 * and {@code mvm.links.spinSlots} (default cores - 1, see {@link SpinSlots}).
 */
final class SharedRing implements AutoCloseable {

    static final int MAGIC = 0x49534c4b;
    static final int VERSION = 2;
    static final long DATA_OFFSET = 4096;

    static final int STATE_NONE = 0;
    static final int STATE_ATTACHED = 1;
    static final int STATE_CLOSED = 2;
    static final int STATE_ATTACHING = 3;

    private static final long MAGIC_AT = 0;
    private static final long VERSION_AT = 4;
    private static final long CAPACITY_AT = 8;
    static final long PRODUCER_AT = 64;
    static final long CONSUMER_AT = 128;
    private static final long PID = 0;
    private static final long FINGERPRINT = 8;
    private static final long STATE = 16;
    static final long TAIL_AT = 192;
    static final long HEAD_AT = 256;
    static final long DATA_BELL_AT = 320;
    static final long SPACE_BELL_AT = 384;
    private static final long SLEEPING = 4;
    private static final long FEEDBACK_AT = 448;

    /** How often a waiting side looks at its peer; well inside the 200 ms promised for peer death. */
    static final long CHECK_INTERVAL_NANOS = 50_000_000L;
    /**
     * How often it looks once the {@link PeerExitWatch} watches the peer, which wakes it the
     * moment the peer exits: only a safety net, so an idle link costs (almost) no wake-ups.
     */
    static final long WATCHED_CHECK_INTERVAL_NANOS = 2_000_000_000L;
    /** Busy spin first: a reply on an active link usually arrives within a few microseconds. */
    private static final long SPIN_NANOS = Long.getLong("mvm.links.spinNanos", 20_000L);
    /** Then yield: cheap to leave when the other process needs this core (2-core machines). */
    private static final long YIELD_NANOS = Long.getLong("mvm.links.yieldNanos", 100_000L);
    /** The least a wait spins once spinning has not paid for a while. */
    private static final long MIN_SPIN_NANOS = 500;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final Path path;
    private final Arena arena;
    private final MemorySegment segment;
    private final MemorySegment data;
    private final int capacity;
    private final long mask;
    private final MemorySegment dataBell;
    private final MemorySegment spaceBell;
    private final ProcessHandle[] peerHandles = new ProcessHandle[2];
    /** How long the next wait spins (then yields five times as long): halved when a wait had to sleep, doubled when spinning paid. */
    private long spinBudget = SPIN_NANOS;
    private long lastPeerCheck = System.nanoTime();
    /** Reports the peer's exit (wakes the waiters); empty until the peer is known, or where exits cannot be watched. */
    private volatile Optional<PeerExitWatch.Watch> peerWatch = Optional.empty();
    private volatile boolean peerExited;
    private volatile boolean closed;

    private SharedRing(Path path, Arena arena, MemorySegment segment, int capacity) {
        this.path = path;
        this.arena = arena;
        this.segment = segment;
        this.capacity = capacity;
        this.mask = capacity - 1L;
        this.data = segment.asSlice(DATA_OFFSET, capacity);
        this.dataBell = segment.asSlice(DATA_BELL_AT, 4);
        this.spaceBell = segment.asSlice(SPACE_BELL_AT, 4);
    }

    /** Creates the ring file of a new link, empty, with no end attached. */
    static void create(Path path, int capacity) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena arena = Arena.ofConfined()) {
            MemorySegment header = channel.map(FileChannel.MapMode.READ_WRITE, 0, DATA_OFFSET + capacity, arena);
            header.set(ValueLayout.JAVA_INT, VERSION_AT, VERSION);
            header.set(ValueLayout.JAVA_INT, CAPACITY_AT, capacity);
            INT.setRelease(header, MAGIC_AT, MAGIC);
        }
    }

    /**
     * Maps an existing ring file.
     *
     * @throws LinkClosedException     if the file is gone (both ends closed or died)
     * @throws MalformedFrameException if the file is not a ring of {@code capacity} bytes
     */
    static SharedRing map(Path path, int capacity) {
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            if (size != DATA_OFFSET + capacity) {
                throw new MalformedFrameException("ring file " + path + " has " + size + " bytes, expected " + (DATA_OFFSET + capacity));
            }
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            int magic = (int) INT.getAcquire(segment, MAGIC_AT);
            int version = segment.get(ValueLayout.JAVA_INT, VERSION_AT);
            int recorded = segment.get(ValueLayout.JAVA_INT, CAPACITY_AT);
            if (magic != MAGIC || version != VERSION || recorded != capacity) {
                throw new MalformedFrameException("file " + path + " is not a version " + VERSION + " link ring of " + capacity
                        + " bytes (magic " + Integer.toHexString(magic) + ", version " + version + ", capacity " + recorded + ")");
            }
            return new SharedRing(path, arena, segment, capacity);
        } catch (NoSuchFileException e) {
            arena.close();
            throw new LinkClosedException("link ring " + path + " no longer exists: both ends have closed or died");
        } catch (IOException e) {
            arena.close();
            throw new LinkException("cannot map link ring " + path + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    Path path() {
        return path;
    }

    int capacity() {
        return capacity;
    }

    long mask() {
        return mask;
    }

    MemorySegment data() {
        return data;
    }

    long getAcquire(long offset) {
        return (long) LONG.getAcquire(segment, offset);
    }

    void setRelease(long offset, long value) {
        LONG.setRelease(segment, offset, value);
    }

    long feedback() {
        return (long) LONG.getAcquire(segment, FEEDBACK_AT);
    }

    void postFeedback(long value) {
        LONG.setRelease(segment, FEEDBACK_AT, value);
    }

    /** Claims one side ({@link #PRODUCER_AT} or {@link #CONSUMER_AT}) for this process. */
    void attach(long side, String what) {
        int state = (int) INT.getVolatile(segment, side + STATE);
        if (state != STATE_NONE || !INT.compareAndSet(segment, side + STATE, STATE_NONE, STATE_ATTACHING)) {
            PeerProcess holder = peer(side);
            throw new LinkClosedException("the " + what + " end of link ring " + path + " was already "
                    + (state == STATE_CLOSED ? "used and closed" : "taken by " + holder) + "; a link end is attached once");
        }
        PeerProcess me = PeerProcess.current();
        segment.set(ValueLayout.JAVA_LONG, side + PID, me.pid());
        segment.set(ValueLayout.JAVA_LONG, side + FINGERPRINT, me.fingerprint());
        INT.setVolatile(segment, side + STATE, STATE_ATTACHED);
    }

    int state(long side) {
        return (int) INT.getVolatile(segment, side + STATE);
    }

    PeerProcess peer(long side) {
        return new PeerProcess((long) LONG.getVolatile(segment, side + PID), (long) LONG.getVolatile(segment, side + FINGERPRINT));
    }

    /**
     * Whether the other side can no longer take part: it closed, or it attached and its process
     * is gone. A side that has not attached yet is still expected.
     */
    boolean gone(long side) {
        int state = state(side);
        if (state == STATE_CLOSED) {
            return true;
        }
        if (state != STATE_ATTACHED) {
            return false;
        }
        int index = side == PRODUCER_AT ? 0 : 1;
        ProcessHandle handle = peerHandles[index];
        if (handle == null) {
            // Looked up once (reading /proc is slow); the handle's own isAlive() then also
            // notices if the pid passes to another process.
            PeerProcess peer = peer(side);
            if (!peer.alive()) {
                return true;
            }
            handle = ProcessHandle.of(peer.pid()).orElse(null);
            if (handle == null) {
                return true;
            }
            peerHandles[index] = handle;
            if (peerWatch.isEmpty()) {
                peerWatch = PeerExitWatch.watch(peer, this::peerExited);
            }
        }
        return peerExited || !handle.isAlive();
    }

    /** On the watching thread: wakes every waiter of this ring, which then finds the peer gone. */
    private void peerExited() {
        peerExited = true;
        synchronized (this) {
            if (!closed) {
                ring(DATA_BELL_AT, dataBell);
                ring(SPACE_BELL_AT, spaceBell);
            }
        }
    }

    /** Marks this side closed and wakes everyone sleeping on either doorbell. */
    void markClosed(long side) {
        INT.setVolatile(segment, side + STATE, STATE_CLOSED);
        ring(DATA_BELL_AT, dataBell);
        ring(SPACE_BELL_AT, spaceBell);
    }

    /** After publishing: wakes the other side if it sleeps on {@code bell}. */
    void ringIfSleeping(long bell) {
        VarHandle.fullFence();
        if ((int) INT.getVolatile(segment, bell + SLEEPING) != 0) {
            ring(bell, bell == DATA_BELL_AT ? dataBell : spaceBell);
        }
    }

    private void ring(long bell, MemorySegment word) {
        INT.getAndAdd(segment, bell, 1);
        if (Futex.AVAILABLE) {
            Futex.wake(word);
        }
    }

    /**
     * Waits until {@code ready} holds, ringing no bell itself.
     *
     * @param bell        the doorbell the other side rings when {@code ready} may have changed
     * @param ready       checked often; must be cheap
     * @param stillValid  checked at least every {@link #CHECK_INTERVAL_NANOS}; throws to end the wait
     * @return false if the deadline passed first
     */
    boolean await(long bell, BooleanSupplier ready, Runnable stillValid, long deadline) {
        if (ready.getAsBoolean()) {
            return true;
        }
        long start = System.nanoTime();
        long now = start;
        long spin = spinBudget;
        int slot = SpinSlots.tryAcquire();
        if (slot >= 0) {
            try {
                for (int i = 0; now - start < spin; i++) {
                    Thread.onSpinWait();
                    if (ready.getAsBoolean()) {
                        spinBudget = Math.min(SPIN_NANOS, spin * 2);
                        return true;
                    }
                    if ((i & 63) == 63) {
                        now = System.nanoTime();
                    }
                }
            } finally {
                SpinSlots.release(slot);
            }
        }
        long yield = YIELD_NANOS * spin / SPIN_NANOS;
        while (now - start < spin + yield) {
            Thread.yield();
            if (ready.getAsBoolean()) {
                return true;
            }
            now = System.nanoTime();
        }
        // Spinning did not pay: the other side is slow, or not running because the machine is busy.
        // Spin less next time, so that this thread gets out of the way sooner.
        spinBudget = Math.max(MIN_SPIN_NANOS, spin / 2);
        MemorySegment word = bell == DATA_BELL_AT ? dataBell : spaceBell;
        boolean virtual = Thread.currentThread().isVirtual();
        long parkNanos = 10_000;
        while (true) {
            long checkInterval = peerWatch.isPresent() && PeerExitWatch.running() ? WATCHED_CHECK_INTERVAL_NANOS : CHECK_INTERVAL_NANOS;
            // Across waits, not per wait: a caller polling with short timeouts must see its peer die too.
            if (peerExited || now - lastPeerCheck >= checkInterval) {
                stillValid.run();
                lastPeerCheck = now;
            }
            long remaining = deadline == LinkTransport.NO_DEADLINE ? Long.MAX_VALUE : deadline - now;
            if (remaining <= 0) {
                return ready.getAsBoolean();
            }
            long sleep = Math.min(remaining, checkInterval - (now - lastPeerCheck));
            int sequence = (int) INT.getAcquire(segment, bell);
            INT.setVolatile(segment, bell + SLEEPING, 1);
            VarHandle.fullFence();
            if (ready.getAsBoolean()) {
                INT.setVolatile(segment, bell + SLEEPING, 0);
                return true;
            }
            if (Futex.AVAILABLE && !virtual) {
                Futex.await(word, sequence, Math.max(sleep, 1000));
            } else {
                LockSupport.parkNanos(Math.max(1000, Math.min(sleep, parkNanos)));
                parkNanos = Math.min(parkNanos * 2, 1_000_000);
            }
            INT.setVolatile(segment, bell + SLEEPING, 0);
            if (ready.getAsBoolean()) {
                return true;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new LinkException(path.getFileName() + ": interrupted while waiting; nothing was sent or taken");
            }
            now = System.nanoTime();
        }
    }

    /** Whether the file still exists (it is deleted once both ends are gone). */
    boolean fileExists() {
        return Files.exists(path);
    }

    /** Unmaps; later access to this mapping throws {@link IllegalStateException}. */
    @Override
    public void close() {
        peerWatch.ifPresent(PeerExitWatch.Watch::close);
        // Not while the watching thread rings this ring's bells: unmapping would fail under it.
        synchronized (this) {
            closed = true;
            arena.close();
        }
    }
}

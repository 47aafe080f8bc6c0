package dev.isola.mvm.link;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Rations busy-spinning across every process that uses links on this machine: at most
 * {@code cores - 1} waiters spin at once (at least one), the others go straight to yielding and
 * sleeping. On a two-core machine a third spinner would take the core that the thread doing the
 * actual work needs, and a wait that should take a microsecond would take a scheduler time
 * slice instead.
 *
 * <p>The slots are words in a small shared file in the links directory, each holding the pid of
 * the process whose thread spins, so that slots of a process that died mid-spin are taken back.
 */
final class SpinSlots {

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final int SLOTS = Math.min(64, Integer.getInteger("mvm.links.spinSlots", Math.max(1, Runtime.getRuntime().availableProcessors() - 1)));
    private static final long RECLAIM_INTERVAL_NANOS = 1_000_000_000L;
    private static final long ME = ProcessHandle.current().pid();
    private static final MemorySegment WORDS = map();
    private static volatile long lastReclaim = System.nanoTime();

    private SpinSlots() {
    }

    private static MemorySegment map() {
        Path file = LinkFiles.directory().resolve("spin-slots");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, 64L * 8, Arena.global());
        } catch (IOException e) {
            // Without the shared file, ration within this process only.
            return Arena.global().allocate(64L * 8, 8);
        }
    }

    /** A slot to spin in, or -1 if enough threads spin already. */
    static int tryAcquire() {
        for (int slot = 0; slot < SLOTS; slot++) {
            if (LONG.compareAndSet(WORDS, slot * 8L, 0L, ME)) {
                return slot;
            }
        }
        long now = System.nanoTime();
        if (now - lastReclaim > RECLAIM_INTERVAL_NANOS) {
            lastReclaim = now;
            for (int slot = 0; slot < SLOTS; slot++) {
                long holder = (long) LONG.getVolatile(WORDS, slot * 8L);
                if (holder != 0 && holder != ME && ProcessHandle.of(holder).map(h -> !h.isAlive()).orElse(true)) {
                    LONG.compareAndSet(WORDS, slot * 8L, holder, 0L);
                }
            }
        }
        return -1;
    }

    static void release(int slot) {
        LONG.setVolatile(WORDS, slot * 8L, 0L);
    }
}

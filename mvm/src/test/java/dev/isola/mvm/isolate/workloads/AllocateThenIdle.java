package dev.isola.mvm.isolate.workloads;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Once the file {@code <directory>/hold} is gone (at once if there is none), allocates like a
 * busy server (short-lived objects, a share of which lives long enough to be
 * copied by a young collection) until the file {@code <directory>/idle} appears, or, with a
 * second argument N, until its young collections have promoted N MB into the old generation
 * since its last full collection; then drops them all and does nothing. Every 100 ms it writes its young generation's committed bytes to
 * {@code <directory>/young}, and its old generation's used bytes, their growth since its
 * last full collection and its committed bytes to {@code <directory>/old}
 * ({@code <used> <growth> <committed>}), so that a test sees
 * the generations resized and collected from outside.
 */
public final class AllocateThenIdle {
    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[0]);
        long promotedLimit = args.length > 1 ? Long.parseLong(args[1]) << 20 : Long.MAX_VALUE;
        MemoryPoolMXBean old = oldGeneration();
        Thread.ofPlatform().daemon().start(() -> report(directory));
        while (Files.exists(directory.resolve("hold"))) {
            Thread.sleep(50);
        }
        Object[] recent = new Object[100_000];
        long n = 0;
        while (!Files.exists(directory.resolve("idle")) && growth(old) < promotedLimit) {
            for (int i = 0; i < 100_000; i++, n++) {
                // Kept until overwritten 100,000 allocations later: survives a young collection or two.
                recent[(int) (n % recent.length)] = new long[8];
            }
        }
        recent = null;
        Thread.sleep(Long.MAX_VALUE);
    }

    private static MemoryPoolMXBean oldGeneration() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getName().contains("Tenured")).findFirst().orElseThrow();
    }

    private static long growth(MemoryPoolMXBean old) {
        return old.getUsage().getUsed() - (old.getCollectionUsage() == null ? 0 : old.getCollectionUsage().getUsed());
    }

    private static void report(Path directory) {
        MemoryPoolMXBean old = oldGeneration();
        while (true) {
            long young = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(pool -> pool.getName().contains("Eden") || pool.getName().contains("Survivor"))
                    .mapToLong(pool -> pool.getUsage().getCommitted()).sum();
            try {
                write(directory.resolve("young"), Long.toString(young));
                write(directory.resolve("old"), old.getUsage().getUsed() + " " + growth(old) + " " + old.getUsage().getCommitted());
                Thread.sleep(100);
            } catch (Exception e) {
                return;
            }
        }
    }

    private static void write(Path file, String value) throws java.io.IOException {
        Path partial = Path.of(file + ".tmp");
        Files.writeString(partial, value);
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}

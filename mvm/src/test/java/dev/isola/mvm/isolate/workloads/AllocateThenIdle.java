package dev.isola.mvm.isolate.workloads;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Allocates like a busy server (short-lived objects, a share of which lives long enough to be
 * copied by a young collection) until the file {@code <directory>/idle} appears, then does
 * nothing. Every 100 ms it writes its young generation's committed bytes to
 * {@code <directory>/young}, so that a test sees the generation resized from outside.
 */
public final class AllocateThenIdle {
    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[0]);
        Thread.ofPlatform().daemon().start(() -> report(directory.resolve("young")));
        Object[] recent = new Object[100_000];
        long n = 0;
        while (!Files.exists(directory.resolve("idle"))) {
            for (int i = 0; i < 100_000; i++, n++) {
                // Kept until overwritten 100,000 allocations later: survives a young collection or two.
                recent[(int) (n % recent.length)] = new long[8];
            }
        }
        recent = null;
        Thread.sleep(Long.MAX_VALUE);
    }

    private static void report(Path file) {
        while (true) {
            long young = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(pool -> pool.getName().contains("Eden") || pool.getName().contains("Survivor"))
                    .mapToLong(pool -> pool.getUsage().getCommitted()).sum();
            try {
                Path partial = Path.of(file + ".tmp");
                Files.writeString(partial, Long.toString(young));
                Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                Thread.sleep(100);
            } catch (Exception e) {
                return;
            }
        }
    }
}

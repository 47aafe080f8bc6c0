package dev.isola.appserver.jms.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/** How long this disk takes to make a small write durable: the unit both brokers pay per commit. */
final class DiskSync {

    private DiskSync() {
    }

    /** Median of 200 (4 KiB write into a preallocated file + force) in nanoseconds. */
    static int measureNanos(Path directory) throws IOException {
        Path file = directory.resolve("sync-probe");
        long[] times = new long[200];
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocate(4096);
            channel.write(ByteBuffer.allocate(4096 * times.length), 0);
            channel.force(true);
            for (int i = 0; i < times.length; i++) {
                block.clear();
                long start = System.nanoTime();
                channel.write(block, (long) i * 4096);
                channel.force(false);
                times[i] = System.nanoTime() - start;
            }
        } finally {
            Files.deleteIfExists(file);
        }
        Arrays.sort(times);
        return (int) Math.min(Integer.MAX_VALUE, times[times.length / 2]);
    }
}

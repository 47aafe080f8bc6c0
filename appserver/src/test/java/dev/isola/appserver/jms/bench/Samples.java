package dev.isola.appserver.jms.bench;

import java.util.Arrays;

/** Latencies in nanoseconds, appended by one thread, merged and sorted for percentiles. */
final class Samples {

    private long[] values = new long[1 << 16];
    private int size;

    void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    static long[] sortedUnion(Iterable<Samples> all) {
        int total = 0;
        for (Samples s : all) {
            total += s.size;
        }
        long[] merged = new long[total];
        int at = 0;
        for (Samples s : all) {
            System.arraycopy(s.values, 0, merged, at, s.size);
            at += s.size;
        }
        Arrays.sort(merged);
        return merged;
    }

    /** The {@code p}-th percentile (0-100) of sorted values, in microseconds. */
    static double percentileMicros(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(p / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1000.0;
    }
}

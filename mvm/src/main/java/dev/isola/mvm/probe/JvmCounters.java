package dev.isola.mvm.probe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a JVM says about its heap, collections and classes, from its perf data counters
 * ({@link PerfData}): reading them costs the JVM nothing.
 *
 * @param heapUsed          bytes in use in all generations
 * @param heapCommitted     bytes committed to the heap
 * @param heapMax           the most the heap may grow to ({@code -Xmx})
 * @param youngCapacity     the young generation's current size
 * @param youngMax          the most the young generation may grow to (with G1, which sizes
 *                          it dynamically, this is the whole heap)
 * @param collectors        each collector's collections and accumulated pause time
 * @param classes           classes loaded, and how many came from the class-data archive
 */
public record JvmCounters(long heapUsed, long heapCommitted, long heapMax, long youngCapacity, long youngMax,
                          List<Collector> collectors, ClassSharing classes) {

    /** One of the JVM's collectors, e.g. "Serial young collection pauses". */
    public record Collector(String name, long collections, Duration time) {}

    public JvmCounters {
        collectors = List.copyOf(collectors);
    }

    /** Collections of all collectors together. */
    public long gcCount() {
        return collectors.stream().mapToLong(Collector::collections).sum();
    }

    /** Time of all collectors together. */
    public Duration gcTime() {
        return collectors.stream().map(Collector::time).reduce(Duration.ZERO, Duration::plus);
    }

    static Optional<JvmCounters> from(PerfData data) {
        if (!data.has("java.cls.sharedLoadedClasses")) {
            return Optional.empty();
        }
        long frequency = Math.max(1, data.get("sun.os.hrt.frequency", 1_000_000_000L));
        long used = 0;
        long committed = 0;
        long maxSum = 0;
        long maxLargest = 0;
        for (int g = 0; data.has("sun.gc.generation." + g + ".capacity"); g++) {
            String generation = "sun.gc.generation." + g;
            committed += data.get(generation + ".capacity", 0);
            long max = data.get(generation + ".maxCapacity", 0);
            maxSum += max;
            maxLargest = Math.max(maxLargest, max);
            for (int s = 0; data.has(generation + ".space." + s + ".used"); s++) {
                used += data.get(generation + ".space." + s + ".used", 0);
            }
        }
        List<Collector> collectors = new ArrayList<>();
        for (int c = 0; data.has("sun.gc.collector." + c + ".invocations"); c++) {
            String collector = "sun.gc.collector." + c;
            long ticks = data.get(collector + ".time", 0);
            collectors.add(new Collector(data.string(collector + ".name").orElse("collector " + c),
                    data.get(collector + ".invocations", 0), Duration.ofNanos(Math.round(ticks * (1e9 / frequency)))));
        }
        // G1's generations each report the whole heap as their maximum; the generational
        // collectors split the heap between them.
        boolean regionBased = collectors.stream().anyMatch(c -> c.name().startsWith("G1"));
        long shared = data.get("java.cls.sharedLoadedClasses", 0);
        long parsed = data.get("java.cls.loadedClasses", 0);
        return Optional.of(new JvmCounters(used, committed, regionBased ? maxLargest : maxSum,
                data.get("sun.gc.generation.0.capacity", 0), data.get("sun.gc.generation.0.maxCapacity", 0),
                collectors, new ClassSharing(shared + parsed, shared)));
    }
}

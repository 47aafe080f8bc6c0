package dev.isola.domains.config;

import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.MemorySize;

import java.util.List;
import java.util.Objects;

/**
 * How one isolate of a domain is sized: its heap limit, young generation and collector
 * (each isolate of a domain has its own, as in the multi-tasking VM's per-isolate new
 * generation), and any further JVM options.
 *
 * @param heap            {@code -Xmx}
 * @param youngGeneration {@code -Xmn}; smaller than the heap. With a larger {@code busyYoungGeneration}, the size when idle
 * @param busyYoungGeneration the size the young generation grows to while the isolate's young collections take a
 *                        noticeable share of its time (serial collector only; the mvm runtime's elastic young
 *                        generation); equal to {@code youngGeneration} for a fixed one
 * @param collector       the garbage collector
 * @param jvmOptions      further options for the isolate's JVM, e.g. {@code -XX:TieredStopAtLevel=1};
 *                        not the heap, young generation or collector, which have their own settings
 */
public record IsolateSettings(MemorySize heap, MemorySize youngGeneration, MemorySize busyYoungGeneration, GarbageCollector collector,
                              List<String> jvmOptions) {

    /** Options that have a setting of their own, refused in {@link #jvmOptions}; first, as the constants below need it. */
    private static final List<String> SIZE_OPTIONS = List.of("-Xmx", "-Xmn", "-XX:MaxHeapSize", "-XX:NewSize", "-XX:MaxNewSize");

    /**
     * The combined domain's isolate (and the web and EJB isolates of a separated one). Serial:
     * no collector threads, the least footprint. 16 MB of young generation: every page of it
     * is touched within the first seconds, so it is paid in full by every domain; 16 MB
     * instead of 32 MB saved 14.5 MB of heap per domain with the Pet Store exercised, while
     * 8 MB cost more than it saved, because more short-lived objects reached the old
     * generation (docs/results/breakdown/young/). Under load it grows to 64 MB: with 16 MB a
     * domain serving database queries spent 6 to 7 % of its time in young collections
     * (docs/results/throughput/elastic-young/), and an idle domain gives the pages back.
     */
    public static final IsolateSettings DEFAULTS = new IsolateSettings(MemorySize.ofMegabytes(256), MemorySize.ofMegabytes(16),
            MemorySize.ofMegabytes(64), GarbageCollector.SERIAL, List.of());

    /**
     * The JMS isolate of a separated domain: a broker writes to its store and forwards over
     * links, it allocates little and runs no application code, so it gets a small young
     * generation and the client compiler only (C2's code and profiles would cost it ~17 MB
     * for work that waits on the disk).
     */
    public static final IsolateSettings JMS_DEFAULTS = new IsolateSettings(MemorySize.ofMegabytes(256), MemorySize.ofMegabytes(8),
            GarbageCollector.SERIAL, List.of("-XX:TieredStopAtLevel=1"));

    /**
     * @throws IllegalArgumentException if the busy young generation is smaller than the idle one, or larger with another
     *                                  collector than the serial one
     */
    public IsolateSettings {
        Objects.requireNonNull(heap, "heap");
        Objects.requireNonNull(youngGeneration, "youngGeneration");
        Objects.requireNonNull(busyYoungGeneration, "busyYoungGeneration");
        Objects.requireNonNull(collector, "collector");
        if (busyYoungGeneration.compareTo(youngGeneration) < 0) {
            throw new IllegalArgumentException("busyYoungGeneration " + busyYoungGeneration + " must be at least youngGeneration " + youngGeneration);
        }
        if (busyYoungGeneration.compareTo(youngGeneration) > 0 && collector != GarbageCollector.SERIAL) {
            throw new IllegalArgumentException("busyYoungGeneration " + busyYoungGeneration + " larger than youngGeneration needs the serial collector, not "
                    + collector.name().toLowerCase(java.util.Locale.ROOT) + ", which sizes its young generation itself");
        }
        jvmOptions = checkJvmOptions(jvmOptions);
    }

    /** A fixed young generation. */
    public IsolateSettings(MemorySize heap, MemorySize youngGeneration, GarbageCollector collector, List<String> jvmOptions) {
        this(heap, youngGeneration, youngGeneration, collector, jvmOptions);
    }

    /** Whether the young generation grows under load ({@link #busyYoungGeneration} larger than {@link #youngGeneration}). */
    public boolean elasticYoungGeneration() {
        return busyYoungGeneration.compareTo(youngGeneration) > 0;
    }

    /**
     * @return the options, unmodifiable
     * @throws IllegalArgumentException naming an option that is none, or that has a setting of its own
     */
    public static List<String> checkJvmOptions(List<String> options) {
        for (String option : options) {
            if (!option.startsWith("-") || option.isBlank()) {
                throw new IllegalArgumentException("'" + option + "' is not a JVM option (options start with '-', e.g. -XX:TieredStopAtLevel=1)");
            }
            if (option.matches("-XX:[+-]Use\\w*GC") || SIZE_OPTIONS.stream().anyMatch(option::startsWith)) {
                throw new IllegalArgumentException("'" + option + "' has a setting of its own: use heap, youngGeneration or collector");
            }
        }
        return List.copyOf(options);
    }

    /** The defaults of {@code member}'s isolate. */
    public static IsolateSettings defaults(Member member) {
        return member == Member.JMS ? JMS_DEFAULTS : DEFAULTS;
    }

    /**
     * Another heap limit. An elastic young generation grows to at most a quarter of it (as the
     * defaults: 64m of 256m), so that a smaller heap alone does not make the busy size too large.
     */
    public IsolateSettings withHeap(MemorySize size) {
        MemorySize busy = busyYoungGeneration;
        if (elasticYoungGeneration()) {
            long quarter = size.bytes() / 4 & ~((1L << 20) - 1);
            busy = MemorySize.ofBytes(Math.min(busyYoungGeneration.bytes(), Math.max(youngGeneration.bytes(), quarter)));
        }
        return new IsolateSettings(size, youngGeneration, busy, collector, jvmOptions);
    }

    /** A young generation of {@code size}; an elastic one keeps its busy size if that is still larger, else becomes fixed. */
    public IsolateSettings withYoungGeneration(MemorySize size) {
        MemorySize busy = elasticYoungGeneration() && busyYoungGeneration.compareTo(size) > 0 ? busyYoungGeneration : size;
        return new IsolateSettings(heap, size, busy, collector, jvmOptions);
    }

    /** @throws IllegalArgumentException as the constructor */
    public IsolateSettings withBusyYoungGeneration(MemorySize size) {
        return new IsolateSettings(heap, youngGeneration, size, collector, jvmOptions);
    }

    /** Another collector; with any but the serial one the young generation becomes fixed at its idle size. */
    public IsolateSettings withCollector(GarbageCollector gc) {
        return new IsolateSettings(heap, youngGeneration, gc == GarbageCollector.SERIAL ? busyYoungGeneration : youngGeneration, gc, jvmOptions);
    }

    public IsolateSettings withJvmOptions(List<String> options) {
        return new IsolateSettings(heap, youngGeneration, busyYoungGeneration, collector, options);
    }
}

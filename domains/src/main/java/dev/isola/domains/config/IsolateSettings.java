package dev.isola.domains.config;

import dev.isola.domains.logging.RotatingFileHandler;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

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
 * @param jvmOptions      further options for the isolate's JVM, e.g. {@code -XX:TieredStopAtLevel=1} or
 *                        {@code -Dshop.currency=EUR}; not the heap, young generation or collector, which have their
 *                        own settings, nor a class path
 */
public record IsolateSettings(MemorySize heap, MemorySize youngGeneration, MemorySize busyYoungGeneration, GarbageCollector collector,
                              List<String> jvmOptions) {

    /**
     * A domain runs the server image's class path, which its applications are deployed beside, not on: the launcher's
     * options the isolate runtime refuses, and the system properties that would set a class path all the same.
     */
    private static final List<String> CLASS_PATH_OPTIONS = Stream.concat(IsolateSpec.CLASS_PATH_OPTIONS.stream(),
            Stream.of("-Djava.class.path", "-Djava.system.class.loader")).toList();
    /**
     * System properties a domain isolate sets itself: the runtime's own (its identity and links) and the log
     * manager that writes the domain's log and an isolate's last words (LastWordsLogManager).
     */
    private static final List<String> RESERVED_PROPERTY_PREFIXES = List.of("mvm.", "java.util.logging.manager");

    /**
     * The combined domain's isolate (and the web and EJB isolates of a separated one). Serial:
     * no collector threads, the least footprint. An elastic young generation: every page of a
     * young generation is touched within seconds, so its size is paid in full by every domain.
     * Under load it grows to 64 MB: with 16 MB a domain serving database queries spent 6 to 7 %
     * of its time in young collections (docs/results/throughput/elastic-young/). Its start runs
     * at 64 MB too, and once ready it shrinks to what its old generation's capacity gives (half
     * of it), above a floor of 4 MB: an idle domain with no application keeps ~5 MB, one with
     * the Pet Store 7 to 12 MB. The floor was 16 MB, the smallest a domain could start and
     * serve a light load with before starts ran at the busy size; it cost an idle domain
     * 10.9 MB more (docs/results/footprint/idle-young-floor/). Under a light load a smaller
     * young generation promotes more (a fixed 8 MB cost more than it saved with the Pet Store
     * exercised, docs/results/breakdown/young/): read 12 s after its workload a Pet Store domain
     * holds 2 to 10 MB more than with 16 MB, read after the idle window 8 MB less.
     */
    public static final IsolateSettings DEFAULTS = new IsolateSettings(MemorySize.ofMegabytes(256), MemorySize.ofMegabytes(4),
            MemorySize.ofMegabytes(64), GarbageCollector.SERIAL, List.of());

    /**
     * The young generation that elastic settings become fixed at with a collector other than the serial one: the size a
     * domain's serial young generation had before it could shrink below it, so that such a collector keeps what it
     * had. A {@code youngGeneration} of the same settings object replaces it.
     */
    public static final MemorySize FIXED_YOUNG_GENERATION = MemorySize.ofMegabytes(16);

    /**
     * The JMS isolate of a separated domain: a broker writes to its store and forwards over
     * links, it allocates little and runs no application code, so it gets the client compiler
     * only (C2's code and profiles would cost it ~17 MB for work that waits on the disk) and an
     * elastic young generation of at most 32 MB. Idle, its young generation is half its ~8 MB old
     * generation, 4 MB, against a fixed 8 MB until the fifteenth session (7.4 MB resident).
     */
    public static final IsolateSettings JMS_DEFAULTS = new IsolateSettings(MemorySize.ofMegabytes(256), MemorySize.ofMegabytes(4),
            MemorySize.ofMegabytes(32), GarbageCollector.SERIAL, List.of("-XX:TieredStopAtLevel=1"));

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
        Map<String, String> properties = new HashMap<>();
        for (String option : options) {
            if (!option.startsWith("-") || option.isBlank()) {
                throw new IllegalArgumentException("'" + option + "' is not a JVM option (options start with '-', e.g. -XX:TieredStopAtLevel=1)");
            }
            // Options that have a setting of their own: the runtime's size flags, and any collector choice.
            if (option.matches("-XX:[+-]Use\\w*GC") || IsolateSpec.SIZE_OPTIONS.stream().anyMatch(option::startsWith)) {
                throw new IllegalArgumentException("'" + option + "' has a setting of its own: use heap, youngGeneration or collector");
            }
            if (CLASS_PATH_OPTIONS.stream().anyMatch(classPath -> option.equals(classPath) || option.startsWith(classPath + "="))) {
                throw new IllegalArgumentException("'" + option + "': a domain runs the server image's class path; deploy an application's"
                        + " jars in its EAR instead");
            }
            Optional<SystemPropertyOption> property = SystemPropertyOption.parse(option);
            if (property.isPresent()) {
                String name = property.get().name();
                if (RESERVED_PROPERTY_PREFIXES.stream().anyMatch(name::startsWith)) {
                    throw new IllegalArgumentException("'" + option + "': system property " + name + " is set by the server itself");
                }
                properties.put(name, property.get().value());
            }
        }
        // The log file's limits, checked now rather than when the isolate starts and cannot open its log.
        RotatingFileHandler.limits(properties::get);
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

    /**
     * Another collector. With any but the serial one the young generation becomes fixed: an elastic one at
     * {@link #FIXED_YOUNG_GENERATION} (its idle floor, a few megabytes, is only workable because the runtime grows it
     * for the start and under load), a fixed one where it is.
     */
    public IsolateSettings withCollector(GarbageCollector gc) {
        if (gc == GarbageCollector.SERIAL) {
            return new IsolateSettings(heap, youngGeneration, busyYoungGeneration, gc, jvmOptions);
        }
        MemorySize fixed = youngGenerationNothingResizes();
        return new IsolateSettings(heap, fixed, fixed, gc, jvmOptions);
    }

    /**
     * The young generation for a JVM in which nothing resizes it: another collector than the serial one, or a plain
     * JVM without the mvm runtime. An elastic one's floor below {@link #FIXED_YOUNG_GENERATION} is raised to it (at
     * most to the busy size): only the runtime's growth for the start and under load makes a smaller floor workable.
     */
    public MemorySize youngGenerationNothingResizes() {
        if (!elasticYoungGeneration() || youngGeneration.compareTo(FIXED_YOUNG_GENERATION) >= 0) {
            return youngGeneration;
        }
        return busyYoungGeneration.compareTo(FIXED_YOUNG_GENERATION) < 0 ? busyYoungGeneration : FIXED_YOUNG_GENERATION;
    }

    /** The system properties among {@link #jvmOptions} ({@code -Dname=value}), in their order; a later one wins, as with {@code java}. */
    public Map<String, String> systemProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        jvmOptions.stream().flatMap(option -> SystemPropertyOption.parse(option).stream())
                .forEach(property -> properties.put(property.name(), property.value()));
        return properties;
    }

    /** {@link #jvmOptions} without the system properties: what goes to the JVM as options of its own. */
    public List<String> jvmOptionsWithoutSystemProperties() {
        return jvmOptions.stream().filter(option -> SystemPropertyOption.parse(option).isEmpty()).toList();
    }

    public IsolateSettings withJvmOptions(List<String> options) {
        return new IsolateSettings(heap, youngGeneration, busyYoungGeneration, collector, options);
    }
}

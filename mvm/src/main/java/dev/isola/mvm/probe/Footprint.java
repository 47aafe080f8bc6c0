package dev.isola.mvm.probe;

import java.time.Instant;
import java.util.Optional;

/**
 * What the probe found out about one process's memory at one moment.
 *
 * @param pid       the process
 * @param at        when it was measured
 * @param total     the whole process, from {@code smaps_rollup}
 * @param breakdown the same by category, when a detailed probe could get the JVM's regions
 * @param jvm       heap, GC and class figures, when the process is a HotSpot JVM that
 *                  publishes perf data
 */
public record Footprint(long pid, Instant at, MemoryFigures total, Optional<Breakdown> breakdown, Optional<JvmCounters> jvm) {

    /** The share of loaded classes that came from the class-data archive, when known. */
    public Optional<ClassSharing> classSharing() {
        return jvm.map(JvmCounters::classes);
    }
}

package dev.isola.mvm.probe;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Measures the memory of isolates, or of any process: total PSS and RSS split into shared
 * and private, the JVM's heap, GC and class-sharing figures, and on request a breakdown by
 * {@link Category}.
 *
 * <pre>{@code
 * Footprint quick = FootprintProbe.summary(isolate.pid());     // smaps_rollup + perf counters
 * Footprint full = FootprintProbe.detailed(isolate.pid());     // + per-mapping breakdown
 * long pssOfAll = FootprintProbe.totalOf(pids).pss();
 * }</pre>
 *
 * <p>{@link #summary} reads two files and asks the process nothing, so it is cheap enough for
 * {@code bin/mvm ps} and does not disturb what it measures. {@link #detailed} also reads
 * every mapping and asks the JVM for the ranges of its heap, class metadata and code cache
 * through the attach mechanism; the first such request starts the JVM's attach listener (a
 * thread and a socket), so measure totals before breakdowns when comparing processes.
 *
 * <p>Isolates run without Native Memory Tracking: it would label every mapping for the
 * breakdown, but costs about 1.2 MB PSS per isolate (benchmark configuration (e) in
 * {@code docs/results/isolates/}), and the diagnostic commands give the same heap, class
 * metadata and code cache figures (within 0.1 MB side by side). A JVM that runs with
 * {@code -XX:NativeMemoryTracking=summary} gets the labelled breakdown.
 */
public final class FootprintProbe {

    private FootprintProbe() {
    }

    /**
     * Totals and JVM counters of {@code pid}.
     *
     * @throws IOException saying that the process is gone, or why its figures are unreadable
     */
    public static Footprint summary(long pid) throws IOException {
        MemoryFigures total = rollup(pid);
        return new Footprint(pid, Instant.now(), total, Optional.empty(), counters(pid));
    }

    /**
     * Totals, JVM counters and the breakdown by category of {@code pid}. The breakdown is
     * empty when the process is not a JVM that can be attached to.
     *
     * @throws IOException saying that the process is gone, or why its figures are unreadable
     */
    public static Footprint detailed(long pid) throws IOException {
        MemoryFigures total = rollup(pid);
        Optional<JvmCounters> counters = counters(pid);
        Optional<Breakdown> breakdown = Optional.empty();
        if (counters.isPresent()) {
            List<Smaps.Mapping> mappings = Smaps.mappings(pid);
            breakdown = Optional.of(breakdown(pid, mappings));
        }
        return new Footprint(pid, Instant.now(), total, breakdown, counters);
    }

    /**
     * The sum of the totals of {@code pids}: with PSS, what they use together.
     *
     * @throws IOException naming the first process that is gone
     */
    public static MemoryFigures totalOf(Collection<Long> pids) throws IOException {
        MemoryFigures sum = MemoryFigures.ZERO;
        for (long pid : pids) {
            sum = sum.plus(rollup(pid));
        }
        return sum;
    }

    /**
     * The figures of {@code file}'s mappings in {@code pid}, e.g. of an image's AOT cache: how
     * much of it the process shares with others and how much it holds privately.
     *
     * @return zero figures when the process does not map the file
     */
    public static MemoryFigures fileMapping(long pid, Path file) throws IOException {
        String path = file.toAbsolutePath().normalize().toString();
        MemoryFigures sum = MemoryFigures.ZERO;
        try {
            for (Smaps.Mapping mapping : Smaps.mappings(pid)) {
                if (mapping.path().equals(path)) {
                    sum = sum.plus(mapping.memory());
                }
            }
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException("/proc/" + pid, null, "process " + pid + " does not exist (any more)");
        }
        return sum;
    }

    /**
     * The figures of the class-data archives {@code pid} maps (the image's AOT cache, or the
     * JDK's CDS archive when it runs without one): their {@link MemoryFigures#shared() shared}
     * part is the class metadata it shares with other isolates. Reads the process's mappings
     * only; the JVM is not asked anything.
     *
     * @return zero figures when the process maps no archive
     * @throws IOException saying that the process is gone
     */
    public static MemoryFigures classDataArchives(long pid) throws IOException {
        MemoryFigures sum = MemoryFigures.ZERO;
        try {
            for (Smaps.Mapping mapping : Smaps.mappings(pid)) {
                if (RegionMap.isArchiveFile(mapping.path())) {
                    sum = sum.plus(mapping.memory());
                }
            }
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException("/proc/" + pid, null, "process " + pid + " does not exist (any more)");
        }
        return sum;
    }

    private static MemoryFigures rollup(long pid) throws IOException {
        try {
            return Smaps.rollup(pid);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException("/proc/" + pid, null, "process " + pid + " does not exist (any more)");
        }
    }

    private static Optional<JvmCounters> counters(long pid) throws IOException {
        return PerfData.of(pid).flatMap(JvmCounters::from);
    }

    private static Breakdown breakdown(long pid, List<Smaps.Mapping> mappings) throws IOException {
        RegionMap labelled = RegionMap.fromSystemMap(DiagnosticCommands.execute(pid, "System.map"));
        if (!labelled.isEmpty()) {
            return new Breakdown(labelled.breakdown(mappings), Breakdown.Source.NATIVE_MEMORY_TRACKING);
        }
        RegionMap asked = RegionMap.fromDiagnostics(DiagnosticCommands.execute(pid, "GC.heap_info"),
                DiagnosticCommands.execute(pid, "Compiler.codecache"), DiagnosticCommands.execute(pid, "VM.metaspace vslist"));
        return new Breakdown(asked.breakdown(mappings), Breakdown.Source.DIAGNOSTIC_COMMANDS);
    }
}

package dev.isola.mvm.cli;

import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.probe.ClassSharing;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.JvmCounters;

import java.util.Optional;

/**
 * One line of {@code mvm ps}: what the registry knows about an isolate and, while it runs,
 * what the footprint probe measured. Figures the probe could not get are null (and
 * {@code -} in the table). Sizes are bytes.
 *
 * @param classesFromCachePercent share of loaded classes that came from the isolate's
 *                                class-data archive (its image's AOT cache, else the JDK's CDS archive)
 */
record IsolateRow(String name, String id, Long pid, String image, String state, String heapMax, String youngGeneration,
                  long uptimeSeconds, Long pss, Long rss, Long shared, Long privateBytes, Long classesLoaded,
                  Long classesFromCache, Long classesFromCachePercent, String termination) {

    static IsolateRow of(IsolateRecord record, Optional<Footprint> footprint) {
        Optional<JvmCounters> jvm = footprint.flatMap(Footprint::jvm);
        Optional<ClassSharing> classes = footprint.flatMap(Footprint::classSharing);
        String heap = !record.maxHeap().isEmpty() ? record.maxHeap() : jvm.map(c -> Sizes.heap(c.heapMax())).orElse("-");
        String young = !record.youngGeneration().isEmpty() ? record.youngGeneration() : jvm.map(c -> Sizes.heap(c.youngCapacity())).orElse("-");
        return new IsolateRow(record.name(), record.id(), record.pid() > 0 ? record.pid() : null, record.imageName(), record.state(),
                heap, young, record.uptime().toSeconds(),
                footprint.map(f -> f.total().pss()).orElse(null),
                footprint.map(f -> f.total().rss()).orElse(null),
                footprint.map(f -> f.total().shared()).orElse(null),
                footprint.map(f -> f.total().privateBytes()).orElse(null),
                classes.map(ClassSharing::loaded).orElse(null),
                classes.map(ClassSharing::fromCache).orElse(null),
                classes.map(ClassSharing::percent).orElse(null),
                record.termination().orElse(null));
    }
}

package dev.isola.admin.supervise;

import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import dev.isola.mvm.probe.JvmCounters;
import dev.isola.mvm.probe.MemoryFigures;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

/**
 * One isolate of a domain with its figures, measured from outside the process when asked
 * ({@link FootprintProbe#summary}: {@code smaps_rollup} and the JVM's perf counters; the
 * isolate is not disturbed). Figures that could not be read are null.
 *
 * @param state                 RUNNING, or GONE when the process ended between listing and measuring
 * @param uptimeSeconds         since its process started
 * @param heapMaxBytes          {@code -Xmx}
 * @param youngGenerationBytes  the young generation's current capacity
 * @param gcCount               collections of all collectors
 * @param gcTimeMillis          their accumulated time
 * @param pssBytes              proportional set size: its fair share of memory shared with other processes
 * @param sharedBytes           resident pages other processes map too (the image's AOT cache, the JDK)
 * @param privateBytes          resident pages only it maps
 * @param classMetadataSharedBytes the resident part of its class-data archive (the image's AOT cache, or the JDK's CDS archive)
 *                              that other processes map too: the class metadata it shares
 * @param classesFromCache      classes that came from the image's AOT cache rather than class files
 * @param olderBuild            it runs an earlier build of the image than the admin isolate starts ({@link DomainView.MemberView#olderBuild})
 */
public record IsolateView(String domain, String member, String name, String id, long pid, String state, String origin, Instant since,
                          long uptimeSeconds, Long heapMaxBytes, Long heapUsedBytes, Long youngGenerationBytes, Long gcCount,
                          Long gcTimeMillis, Long pssBytes, Long rssBytes, Long sharedBytes, Long privateBytes, Long classMetadataSharedBytes,
                          Long classesLoaded, Long classesFromCache, boolean olderBuild) {

    static IsolateView of(String domain, MemberRuntime member) {
        long pid = member.isolate().pid();
        String name = member.member().isolateName(domain);
        long uptime = ProcessHandle.of(pid).flatMap(p -> p.info().startInstant())
                .map(start -> Duration.between(start, Instant.now()).toSeconds()).orElse(0L);
        Footprint footprint;
        try {
            footprint = FootprintProbe.summary(pid);
        } catch (IOException e) {
            return new IsolateView(domain, member.member().key(), name, member.isolate().id(), pid, "GONE", member.origin().name(),
                    member.since(), uptime, null, null, null, null, null, null, null, null, null, null, null, null, member.olderBuild());
        }
        MemoryFigures memory = footprint.total();
        Long classMetadataShared;
        try {
            classMetadataShared = FootprintProbe.classDataArchives(pid).shared();
        } catch (IOException e) {
            classMetadataShared = null;
        }
        JvmCounters jvm = footprint.jvm().orElse(null);
        return new IsolateView(domain, member.member().key(), name, member.isolate().id(), pid, "RUNNING", member.origin().name(), member.since(),
                uptime,
                jvm == null ? null : jvm.heapMax(), jvm == null ? null : jvm.heapUsed(), jvm == null ? null : jvm.youngCapacity(),
                jvm == null ? null : jvm.gcCount(), jvm == null ? null : jvm.gcTime().toMillis(),
                memory.pss(), memory.rss(), memory.shared(), memory.privateBytes(), classMetadataShared,
                jvm == null ? null : jvm.classes().loaded(), jvm == null ? null : jvm.classes().fromCache(), member.olderBuild());
    }
}

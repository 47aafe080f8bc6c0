package dev.isola.mvm.image;

import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which JVM flags of an isolate decide whether an AOT cache fits it. They are part of the
 * cache key and are given to the training run, so that an isolate only ever gets a cache
 * recorded under flags it can use.
 *
 * <p>What JDK 25.0.3 does (checked by running a cache recorded with default flags under
 * each flag):
 * <ul>
 * <li>The cache is refused without compressed object pointers: with ZGC, with
 *     {@code -XX:-UseCompressedOops}, or with a heap of 32 GB or more. A cache recorded that
 *     way is in turn refused with compressed pointers. So the key has one of three heap
 *     layouts: compressed (the usual), wide, or ZGC.</li>
 * <li>Serial, Parallel, G1 and Shenandoah all use a cache recorded under any of them; heap
 *     and young generation sizes below 32 GB, thread stack size, JIT settings
 *     ({@code -XX:TieredStopAtLevel}, {@code -XX:CICompilerCount}, {@code -Xint}), Native
 *     Memory Tracking, logging and assertions do not matter. These are left out of the key.</li>
 * <li>The cache is refused when module options differ from the training run
 *     ({@code --add-opens}, {@code --add-exports}, {@code --enable-native-access}, any
 *     {@code -Djdk.module.*}), with {@code -Djava.security.manager=allow}, and with a
 *     different object layout ({@code -XX:+UseCompactObjectHeaders},
 *     {@code -XX:ObjectAlignmentInBytes}). These, and any flag not known to be harmless,
 *     enter the key verbatim.</li>
 * </ul>
 * A spec that sets AOT or class-sharing flags itself ({@code -XX:AOTCache...},
 * {@code -XX:AOTMode}, {@code -Xshare}, {@code -XX:SharedArchiveFile}) manages its own cache
 * and gets none from the runtime.
 */
final class CacheFlags {

    /** 32 GB: from here on the JVM cannot use compressed object pointers. */
    private static final MemorySize WIDE_POINTER_HEAP = MemorySize.ofMegabytes(32 * 1024);

    private static final List<String> OWN_CACHE_FLAGS = List.of(
            "-XX:AOTCache", "-XX:AOTCacheOutput", "-XX:AOTConfiguration", "-XX:AOTMode", "-Xshare",
            "-XX:SharedArchiveFile", "-XX:ArchiveClassesAtExit", "-XX:+AutoCreateSharedArchive");

    /** Flags checked not to affect whether a cache is used. */
    private static final List<String> IRRELEVANT = List.of(
            "-Xss", "-Xms", "-Xint", "-Xlog", "-ea", "-da", "-esa", "-dsa", "-enableassertions", "-disableassertions",
            "-XX:TieredStopAtLevel", "-XX:CICompilerCount", "-XX:-TieredCompilation", "-XX:+TieredCompilation",
            "-XX:ReservedCodeCacheSize", "-XX:InitialCodeCacheSize", "-XX:MaxMetaspaceSize", "-XX:MetaspaceSize",
            "-XX:NativeMemoryTracking", "-XX:ActiveProcessorCount", "-XX:+AlwaysPreTouch", "-XX:+UseStringDeduplication",
            "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode", "-XX:MaxDirectMemorySize",
            "-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath", "-XX:+ExitOnOutOfMemoryError",
            "-XX:+CrashOnOutOfMemoryError", "-XX:MaxGCPauseMillis", "-XX:ParallelGCThreads", "-XX:ConcGCThreads",
            "-XX:+StartAttachListener", "-XX:SoftRefLRUPolicyMSPerMB", "-XX:TrimNativeHeapInterval",
            "-XX:+EnableDynamicAgentLoading", "-XX:-EnableDynamicAgentLoading");

    /** System properties the JVM compares with the training run's. */
    private static final List<String> RELEVANT_PROPERTY_PREFIXES = List.of("jdk.module.", "java.security.manager", "java.system.class.loader");

    private CacheFlags() {
    }

    /** True if the spec sets its own AOT or CDS flags and so takes no cache from the runtime. */
    static boolean managesOwnCache(IsolateSpec spec) {
        return spec.jvmOptions().stream().anyMatch(option -> OWN_CACHE_FLAGS.stream().anyMatch(option::startsWith));
    }

    /**
     * The flags of {@code spec} that a cache must have been recorded with, in a canonical
     * form that is also what the training run is given.
     */
    static List<String> of(IsolateSpec spec) {
        List<String> flags = new ArrayList<>();
        boolean wide = spec.maxHeap().map(heap -> heap.compareTo(WIDE_POINTER_HEAP) >= 0).orElse(false)
                || spec.jvmOptions().contains("-XX:-UseCompressedOops");
        if (spec.collector() == GarbageCollector.Z) {
            flags.add("-XX:+UseZGC");
        } else if (wide) {
            flags.add("-XX:-UseCompressedOops");
        }
        for (String option : spec.jvmOptions()) {
            boolean irrelevant = IRRELEVANT.stream().anyMatch(option::startsWith);
            if (!irrelevant && !option.equals("-XX:-UseCompressedOops")) {
                flags.add(option);
            }
        }
        for (Map.Entry<String, String> property : spec.systemProperties().entrySet()) {
            if (RELEVANT_PROPERTY_PREFIXES.stream().anyMatch(property.getKey()::startsWith)) {
                flags.add("-D" + property.getKey() + "=" + property.getValue());
            }
        }
        return List.copyOf(flags);
    }
}

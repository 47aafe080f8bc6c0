package dev.isola.loadtests.isolates;

import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags of the isolates, (c) to (e), which the tuned baseline (b) runs with too, so
 * that the effect of sharing is told apart from the effect of flags.
 *
 * @param heap      {@code -Xmx}: small servers need little
 * @param young     {@code -Xmn}: a small young generation keeps the resident heap small
 * @param collector Serial: no GC worker threads, smallest GC data structures
 * @param extra     further flags, e.g. {@code -Xss512k} (thread stacks) and
 *                  {@code -XX:TrimNativeHeapInterval=1000} (gives memory freed by the JIT
 *                  compilers back to the system)
 */
record IsolateFlags(MemorySize heap, MemorySize young, GarbageCollector collector, List<String> extra) {

    IsolateFlags {
        extra = List.copyOf(extra);
    }

    List<String> asJvmFlags() {
        List<String> flags = new ArrayList<>(List.of("-Xmx" + heap.toJvmArgument(), "-Xmn" + young.toJvmArgument()));
        collector.jvmFlag().ifPresent(flags::add);
        flags.addAll(extra);
        return flags;
    }

    IsolateSpec.Builder applyTo(IsolateSpec.Builder spec) {
        spec.maxHeap(heap).youngGeneration(young).collector(collector);
        extra.forEach(spec::jvmOption);
        return spec;
    }

    @Override
    public String toString() {
        return String.join(" ", asJvmFlags());
    }
}

package dev.isola.domains.config;

import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.MemorySize;

import java.util.Objects;

/**
 * How one isolate of a domain is sized: its heap limit, young generation and collector
 * (each isolate of a domain has its own, as in the multi-tasking VM's per-isolate new
 * generation).
 *
 * @param heap            {@code -Xmx}
 * @param youngGeneration {@code -Xmn}; smaller than the heap
 * @param collector       the garbage collector
 */
public record IsolateSettings(MemorySize heap, MemorySize youngGeneration, GarbageCollector collector) {

    /** Small isolates collect with Serial: no collector threads, the least footprint. */
    public static final IsolateSettings DEFAULTS = new IsolateSettings(MemorySize.ofMegabytes(256), MemorySize.ofMegabytes(32),
            GarbageCollector.SERIAL);

    public IsolateSettings {
        Objects.requireNonNull(heap, "heap");
        Objects.requireNonNull(youngGeneration, "youngGeneration");
        Objects.requireNonNull(collector, "collector");
    }

    public IsolateSettings withHeap(MemorySize size) {
        return new IsolateSettings(size, youngGeneration, collector);
    }

    public IsolateSettings withYoungGeneration(MemorySize size) {
        return new IsolateSettings(heap, size, collector);
    }

    public IsolateSettings withCollector(GarbageCollector gc) {
        return new IsolateSettings(heap, youngGeneration, gc);
    }
}

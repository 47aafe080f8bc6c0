package dev.isola.mvm.probe;

import java.util.EnumMap;
import java.util.Map;

/**
 * A process's memory by {@link Category}. The categories partition the process's mappings,
 * so their figures add up to the process's totals (within a few bytes of rounding where a
 * mapping is split between categories).
 *
 * @param byCategory the figures of each category; every category is present
 * @param source     where the ranges of heap, class metadata and code cache came from
 */
public record Breakdown(Map<Category, MemoryFigures> byCategory, Source source) {

    /** Where the address ranges of the categories came from. */
    public enum Source {
        /** The {@code System.map} command, which labels every mapping when Native Memory Tracking is on. */
        NATIVE_MEMORY_TRACKING,
        /** The {@code GC.heap_info}, {@code Compiler.codecache} and {@code VM.metaspace} commands. */
        DIAGNOSTIC_COMMANDS
    }

    public Breakdown {
        byCategory = Map.copyOf(new EnumMap<>(byCategory));
    }

    public MemoryFigures of(Category category) {
        return byCategory.getOrDefault(category, MemoryFigures.ZERO);
    }
}

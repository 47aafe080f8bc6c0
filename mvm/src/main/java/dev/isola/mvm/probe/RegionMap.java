package dev.isola.mvm.probe;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which address ranges of a JVM hold its heap, class metadata and code cache, so that the
 * kernel's per-mapping figures can be grouped by {@link Category}.
 *
 * <p>Two sources, because Native Memory Tracking is not on in every JVM:
 * <ul>
 * <li>{@link #fromSystemMap}: with NMT on, the {@code System.map} diagnostic command labels
 *     every mapping with what the JVM reserved it for (JAVAHEAP, CDS, CLASS, META, CODE, ...).</li>
 * <li>{@link #fromDiagnostics}: without NMT, the heap's range from {@code GC.heap_info}, the
 *     code heaps' bounds from {@code Compiler.codecache}, and the class range and metaspace
 *     nodes from {@code VM.metaspace vslist}; all in the JVM's own words.</li>
 * </ul>
 * In both, a file mapping of a class-data archive ({@code .aot}, {@code .jsa}) is class
 * metadata. A mapping that spans several ranges (the kernel merges neighbours with equal
 * permissions) is split in proportion to the overlap.
 */
final class RegionMap {

    /** {@code [start, end)} holds memory of {@code category}. */
    record Region(long start, long end, Category category) {}

    private static final Pattern SYSTEM_MAP_LINE = Pattern.compile(
            "^0x([0-9a-f]+)-0x([0-9a-f]+)\\s+\\d+\\s+\\S+\\s+\\d+\\s+\\d+\\s+\\S+\\s+\\S+\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern HEAP_RANGE = Pattern.compile("\\[0x([0-9a-f]+), 0x([0-9a-f]+)(?:, 0x([0-9a-f]+))?\\)");
    private static final Pattern CODE_BOUNDS = Pattern.compile("bounds \\[0x([0-9a-f]+), 0x([0-9a-f]+), 0x([0-9a-f]+)]");
    private static final Pattern KLASS_RANGE = Pattern.compile("Klass Range:\\s*\\[0x([0-9a-f]+) - 0x([0-9a-f]+)\\)");
    private static final Pattern METASPACE_NODE = Pattern.compile("node #\\d+: base 0x([0-9a-f]+): reserved=([0-9.]+) KB");

    private final List<Region> regions;

    private RegionMap(List<Region> regions) {
        this.regions = List.copyOf(regions);
    }

    List<Region> regions() {
        return regions;
    }

    /**
     * The regions in the output of {@code System.map}; empty when NMT is off (the command
     * then labels nothing).
     */
    static RegionMap fromSystemMap(String output) {
        List<Region> regions = new ArrayList<>();
        Matcher m = SYSTEM_MAP_LINE.matcher(output);
        while (m.find()) {
            Category category = switch (m.group(3)) {
                case "JAVAHEAP" -> Category.JAVA_HEAP;
                case "CDS", "CLASS", "META" -> Category.CLASS_METADATA;
                case "CODE" -> Category.CODE_CACHE;
                default -> null;
            };
            if (category != null) {
                regions.add(new Region(Long.parseUnsignedLong(m.group(1), 16), Long.parseUnsignedLong(m.group(2), 16), category));
            }
        }
        return new RegionMap(regions);
    }

    /** The regions named in the outputs of {@code GC.heap_info}, {@code Compiler.codecache} and {@code VM.metaspace vslist}. */
    static RegionMap fromDiagnostics(String heapInfo, String codeCache, String metaspace) {
        List<Region> regions = new ArrayList<>();
        long heapStart = Long.MAX_VALUE;
        long heapEnd = 0;
        Matcher heap = HEAP_RANGE.matcher(heapInfo);
        while (heap.find()) {
            heapStart = Math.min(heapStart, Long.parseUnsignedLong(heap.group(1), 16));
            heapEnd = Math.max(heapEnd, Long.parseUnsignedLong(heap.group(heap.group(3) != null ? 3 : 2), 16));
        }
        if (heapEnd > heapStart) {
            regions.add(new Region(heapStart, heapEnd, Category.JAVA_HEAP));
        }
        Matcher code = CODE_BOUNDS.matcher(codeCache);
        while (code.find()) {
            regions.add(new Region(Long.parseUnsignedLong(code.group(1), 16), Long.parseUnsignedLong(code.group(3), 16), Category.CODE_CACHE));
        }
        Matcher klass = KLASS_RANGE.matcher(metaspace);
        if (klass.find()) {
            regions.add(new Region(Long.parseUnsignedLong(klass.group(1), 16), Long.parseUnsignedLong(klass.group(2), 16), Category.CLASS_METADATA));
        }
        Matcher node = METASPACE_NODE.matcher(metaspace);
        while (node.find()) {
            long base = Long.parseUnsignedLong(node.group(1), 16);
            long size = Math.round(Double.parseDouble(node.group(2)) * 1024);
            regions.add(new Region(base, base + size, Category.CLASS_METADATA));
        }
        return new RegionMap(regions);
    }

    boolean isEmpty() {
        return regions.isEmpty();
    }

    /** Groups the figures of {@code mappings} by category; what no region claims is {@link Category#OTHER}. */
    Map<Category, MemoryFigures> breakdown(List<Smaps.Mapping> mappings) {
        Map<Category, MemoryFigures> totals = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            totals.put(c, MemoryFigures.ZERO);
        }
        for (Smaps.Mapping mapping : mappings) {
            if (isArchiveFile(mapping.path())) {
                totals.merge(Category.CLASS_METADATA, mapping.memory(), MemoryFigures::plus);
                continue;
            }
            long claimed = 0;
            for (Region region : regions) {
                long overlap = Math.min(mapping.end(), region.end()) - Math.max(mapping.start(), region.start());
                if (overlap > 0) {
                    claimed += overlap;
                    totals.merge(region.category(), mapping.memory().times((double) overlap / mapping.size()), MemoryFigures::plus);
                }
            }
            if (claimed < mapping.size()) {
                totals.merge(Category.OTHER, mapping.memory().times((double) (mapping.size() - claimed) / mapping.size()), MemoryFigures::plus);
            }
        }
        return totals;
    }

    static boolean isArchiveFile(String path) {
        return path.endsWith(".aot") || path.endsWith(".jsa");
    }
}

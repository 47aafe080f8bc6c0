package dev.isola.mvm.probe;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Grouping mappings by category from the JVM's own words (outputs as JDK 25.0.3 prints them). */
class RegionMapTest {

    private static final String HEAP_INFO = """
            DefNew     total 7424K, used 5416K [0x00000000fc000000, 0x00000000fc800000, 0x00000000fc800000)
             eden space 6656K,  69% used [0x00000000fc000000, 0x00000000fc48a3e8, 0x00000000fc680000)
            Tenured    total 57344K, used 9533K [0x00000000fc800000, 0x0000000100000000, 0x0000000100000000)
            """;
    private static final String CODE_CACHE = """
            CodeHeap 'non-profiled nmethods': size=120036Kb used=801Kb max_used=801Kb free=119234Kb
             bounds [0x00007f221bec7000, 0x00007f221c137000, 0x00007f2223400000]
            CodeHeap 'non-nmethods': size=5692Kb used=1506Kb max_used=1535Kb free=4185Kb
             bounds [0x00007f221b938000, 0x00007f221bba8000, 0x00007f221bec7000]
            """;
    private static final String METASPACE = """
            Klass Range:    [0x0000000097001000 - 0x00000000da000000), (1124069376 bytes)
            - node #0: base 0x00007fded0000000: reserved=65536.00 KB, committed=1792.00 KB (  3%), used=16384.00 KB ( 25%)
            """;

    private static MemoryFigures kb(long rss, long pss) {
        return new MemoryFigures(rss * 1024, pss * 1024, 0, 0, 0, rss * 1024, 0);
    }

    @Test
    void diagnosticCommandsNameHeapCodeAndClassRanges() {
        RegionMap map = RegionMap.fromDiagnostics(HEAP_INFO, CODE_CACHE, METASPACE);
        List<Smaps.Mapping> mappings = List.of(
                new Smaps.Mapping(0xfc000000L, 0x100000000L, "rw-p", "", kb(20_000, 20_000)),
                new Smaps.Mapping(0x7f221b938000L, 0x7f2223400000L, "rwxp", "", kb(4_000, 4_000)),
                new Smaps.Mapping(0x97001000L, 0x97100000L, "rw-p", "", kb(100, 100)),
                new Smaps.Mapping(0x7fded0000000L, 0x7fded0200000L, "rw-p", "", kb(1_800, 1_800)),
                new Smaps.Mapping(0x800000000L, 0x802000000L, "r--p", "/var/mvm/images/demo/x/image.aot", kb(30_000, 10_000)),
                new Smaps.Mapping(0x7f0000000000L, 0x7f0000100000L, "r-xp", "/jdk/lib/server/libjvm.so", kb(12_000, 3_000)));

        Map<Category, MemoryFigures> breakdown = map.breakdown(mappings);

        assertEquals(20_000 * 1024, breakdown.get(Category.JAVA_HEAP).rss());
        assertEquals(4_000 * 1024, breakdown.get(Category.CODE_CACHE).rss());
        assertEquals((100 + 1_800 + 30_000) * 1024, breakdown.get(Category.CLASS_METADATA).rss());
        assertEquals(3_000 * 1024, breakdown.get(Category.OTHER).pss());
    }

    @Test
    void nmtLabelsFromSystemMapAndAMappingSplitByOverlap() {
        String systemMap = """
                0x0000000687400000-0x000000069ee00000    396361728 rw-p     18087936            0 4K   com              JAVAHEAP                              -
                0x0000000800001000-0x0000000800eac000     15380480 rw-p     15380480            0 4K   com              CDS                                   /x/image.aot
                0x00007f221b938000-0x00007f221b940000        32768 rwxp        32768            0 4K   com              CODE                                  -
                0x00007f3000000000-0x00007f3000100000      1048576 rw-p      1048576            0 4K   com              STACK-12345-main                      -
                """;
        RegionMap map = RegionMap.fromSystemMap(systemMap);
        assertEquals(3, map.regions().size(), "STACK is other, not a region");
        // A mapping half in the heap and half outside it.
        long start = 0x69ee00000L - 0x100000L;
        Map<Category, MemoryFigures> breakdown = map.breakdown(List.of(new Smaps.Mapping(start, start + 0x200000L, "rw-p", "", kb(2_048, 2_048))));
        assertEquals(1_024 * 1024, breakdown.get(Category.JAVA_HEAP).rss());
        assertEquals(1_024 * 1024, breakdown.get(Category.OTHER).rss());
    }

    @Test
    void withoutNmtSystemMapLabelsNothing() {
        String unlabelled = "0x0000000687400000-0x000000069ee00000    396361728 rw-p     18083840            0 4K   com              -      -\n";
        assertEquals(0, RegionMap.fromSystemMap(unlabelled).regions().size());
    }
}

package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A wrong spec is refused before any process starts, with the field named. */
class IsolateSpecTest {

    @TempDir
    Path home;

    private static void assertRefused(IsolateSpec.Builder builder, String expectedFragment) {
        InvalidIsolateSpecException e = assertThrows(InvalidIsolateSpecException.class, builder::build);
        assertTrue(e.getMessage().contains(expectedFragment), e.getMessage());
    }

    @Test
    void negativeHeapIsRefused() {
        assertRefused(IsolateSpec.builder("a.Main").maxHeap(MemorySize.parse("-64m")), "maxHeap");
    }

    @Test
    void youngGenerationAsLargeAsTheHeapIsRefused() {
        assertRefused(IsolateSpec.builder("a.Main").maxHeap(MemorySize.parse("32m")).youngGeneration(MemorySize.parse("32m")),
                "youngGeneration 32m must be smaller than maxHeap 32m");
    }

    @Test
    void nonPositiveYoungGenerationIsRefused() {
        assertRefused(IsolateSpec.builder("a.Main").youngGeneration(MemorySize.ofBytes(0)), "youngGeneration");
    }

    @Test
    void malformedMainClassAndNameAreRefused() {
        assertRefused(IsolateSpec.builder("not a class"), "mainClass 'not a class'");
        assertRefused(IsolateSpec.builder("a.Main").name("../escape"), "name '../escape'");
    }

    @Test
    void flagsThatDuplicateAFieldAreRefused() {
        assertRefused(IsolateSpec.builder("a.Main").jvmOption("-Xmx1g"), "-Xmx1g");
        assertRefused(IsolateSpec.builder("a.Main").jvmOption("-XX:+UseG1GC"), "collector");
    }

    @Test
    void refusedSpecsStartNoProcess() {
        assertThrows(InvalidIsolateSpecException.class,
                () -> new Isolate(IsolateSpec.builder("a.Main").maxHeap(MemorySize.ofBytes(-1)).build(), home, IsolateLauncher.jvmProcesses()));
        assertTrue(!Files.exists(MvmHome.isolatesDirectory(home)), "no run directory may be created for a refused spec");
    }

    @Test
    void commandLineCarriesHeapYoungGenerationCollectorAndProperties() {
        IsolateSpec spec = IsolateSpec.builder("a.Main")
                .image(TestImages.testImage())
                .maxHeap(MemorySize.parse("64m"))
                .youngGeneration(MemorySize.parse("8m"))
                .collector(GarbageCollector.SERIAL)
                .systemProperty("k", "v")
                .build();

        List<String> command = JvmCommandLine.of(spec, new IsolateDirectory(home.resolve("x")), home);

        assertTrue(command.containsAll(List.of("-Xmx64m", "-Xmn8m", "-XX:+UseSerialGC", "-Dk=v", "-XX:+ExitOnOutOfMemoryError")), command.toString());
        assertEquals(IsolateBootstrap.class.getName(), command.get(command.size() - 2));
        assertTrue(command.contains(IsolateProcessDefaults.TRIM_NATIVE_HEAP), "an isolate trims its native heap by default: " + command);
    }

    @Test
    void aSpecThatSetsItsOwnNativeHeapTrimmingKeepsIt() {
        IsolateSpec spec = IsolateSpec.builder("x.Main").image(TestImages.testImage()).jvmOption("-XX:TrimNativeHeapInterval=0").build();

        List<String> command = JvmCommandLine.of(spec, new IsolateDirectory(home.resolve("x")), home);

        assertTrue(command.contains("-XX:TrimNativeHeapInterval=0"), command.toString());
        assertEquals(1, command.stream().filter(option -> option.startsWith("-XX:TrimNativeHeapInterval")).count(), command.toString());
    }

    @Test
    void aBusyYoungGenerationMustBeLargerThanTheIdleOneSmallerThanTheHeapAndSerial() {
        IsolateSpec.Builder base = IsolateSpec.builder("a.Main").maxHeap(MemorySize.parse("64m")).collector(GarbageCollector.SERIAL);
        assertRefused(base.busyYoungGeneration(MemorySize.parse("32m")),
                "busyYoungGeneration 32m must be larger than youngGeneration (not set)");
        assertRefused(IsolateSpec.builder("a.Main").collector(GarbageCollector.SERIAL).youngGeneration(MemorySize.parse("16m"))
                .busyYoungGeneration(MemorySize.parse("16m")), "must be larger than youngGeneration 16m");
        assertRefused(IsolateSpec.builder("a.Main").maxHeap(MemorySize.parse("64m")).collector(GarbageCollector.SERIAL)
                .youngGeneration(MemorySize.parse("16m")).busyYoungGeneration(MemorySize.parse("64m")), "must be smaller than maxHeap 64m");
        assertRefused(IsolateSpec.builder("a.Main").collector(GarbageCollector.G1).youngGeneration(MemorySize.parse("16m"))
                .busyYoungGeneration(MemorySize.parse("64m")), "needs the serial collector, not G1");
    }

    @Test
    void anElasticYoungGenerationReplacesXmnWithItsBoundsAndTightFreeRatios() {
        IsolateSpec spec = IsolateSpec.builder("a.Main")
                .image(TestImages.testImage())
                .maxHeap(MemorySize.parse("256m"))
                .youngGeneration(MemorySize.parse("16m"))
                .busyYoungGeneration(MemorySize.parse("64m"))
                .collector(GarbageCollector.SERIAL)
                .build();

        List<String> command = JvmCommandLine.of(spec, new IsolateDirectory(home.resolve("x")), home);

        assertTrue(command.containsAll(List.of("-XX:NewSize=16m", "-XX:MaxNewSize=64m", "-Xms32m", "-XX:-ShrinkHeapInSteps",
                "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20")), command.toString());
        assertTrue(command.stream().noneMatch(option -> option.startsWith("-Xmn")), "-Xmn would fix the young generation: " + command);
    }

    @Test
    void aFixedSerialYoungGenerationStartsWithASmallHeapThatCanShrinkBack() {
        IsolateSpec.Builder spec = IsolateSpec.builder("a.Main").image(TestImages.testImage()).maxHeap(MemorySize.parse("192m"))
                .youngGeneration(MemorySize.parse("8m"));

        List<String> serial = JvmCommandLine.of(spec.collector(GarbageCollector.SERIAL).build(), new IsolateDirectory(home.resolve("x")), home);
        List<String> g1 = JvmCommandLine.of(spec.collector(GarbageCollector.G1).build(), new IsolateDirectory(home.resolve("y")), home);

        assertTrue(serial.containsAll(List.of("-Xmn8m", "-Xms16m", "-XX:-ShrinkHeapInSteps", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20")),
                "without -Xms the old generation's initial size, which it never shrinks below, is the whole heap: " + serial);
        assertTrue(g1.contains("-Xmn8m") && g1.stream().noneMatch(option -> option.startsWith("-Xms") || option.contains("HeapFreeRatio")),
                "another collector sizes its heap itself: " + g1);
    }

    @Test
    void memorySizesParseTheJvmNotation() {
        assertEquals(64L << 20, MemorySize.parse("64m").bytes());
        assertEquals(512L << 10, MemorySize.parse("512K").bytes());
        assertEquals(2L << 30, MemorySize.parse("2g").bytes());
        assertEquals("1g", MemorySize.parse("1024m").toJvmArgument());
        assertThrows(IllegalArgumentException.class, () -> MemorySize.parse("lots"));
    }

    @Test
    void aSparesOwnTakeOverSettingsDoNotKeepItFromBecomingASpecWithoutThem() {
        IsolateSpec purpose = IsolateSpec.builder("a.Purpose").systemProperty("app.mode", "fast").build();
        IsolateSpec spare = IsolateSpec.builder("a.WarmUp").systemProperty("app.mode", "fast").systemProperty(SpareJitReset.DELAY_PROPERTY, "off").build();
        IsolateSpec other = IsolateSpec.builder("a.WarmUp").systemProperty("app.mode", "slow").systemProperty(SpareJitReset.DELAY_PROPERTY, "off").build();

        assertEquals(java.util.Optional.empty(), spare.processDifference(purpose));
        assertEquals(java.util.Optional.of("systemProperties {app.mode=slow} is not {app.mode=fast}"), other.processDifference(purpose));
    }
}

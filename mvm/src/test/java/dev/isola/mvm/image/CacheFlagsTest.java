package dev.isola.mvm.image;

import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which flags of an isolate pick its AOT cache (see {@link CacheFlags} for what JDK 25 was checked to do). */
class CacheFlagsTest {

    private static IsolateSpec.Builder spec() {
        return IsolateSpec.builder("com.example.Main");
    }

    @Test
    void collectorsOtherThanZAndSmallHeapsShareOneCache() {
        List<String> g1 = CacheFlags.of(spec().collector(GarbageCollector.G1).maxHeap(MemorySize.parse("1g")).build());
        List<String> serial = CacheFlags.of(spec().collector(GarbageCollector.SERIAL).maxHeap(MemorySize.parse("64m"))
                .youngGeneration(MemorySize.parse("8m")).jvmOption("-Xss512k").jvmOption("-XX:TieredStopAtLevel=1")
                .jvmOption("-XX:NativeMemoryTracking=summary").jvmOption("-Xlog:class+load:file=x.log").build());
        assertEquals(List.of(), g1);
        assertEquals(g1, serial);
    }

    @Test
    void heapsWithoutCompressedPointersGetCachesOfTheirOwn() {
        assertEquals(List.of("-XX:-UseCompressedOops"), CacheFlags.of(spec().maxHeap(MemorySize.parse("32g")).build()));
        assertEquals(List.of("-XX:-UseCompressedOops"), CacheFlags.of(spec().jvmOption("-XX:-UseCompressedOops").build()));
        assertEquals(List.of("-XX:+UseZGC"), CacheFlags.of(spec().collector(GarbageCollector.Z).maxHeap(MemorySize.parse("64g")).build()));
        assertEquals(List.of(), CacheFlags.of(spec().maxHeap(MemorySize.parse("31g")).build()));
    }

    @Test
    void moduleOptionsLayoutFlagsAndUnknownFlagsEnterTheKeyVerbatim() {
        IsolateSpec spec = spec().jvmOption("--add-opens=java.base/java.lang=ALL-UNNAMED").jvmOption("-XX:+UseCompactObjectHeaders")
                .jvmOption("-XX:+SomeFutureFlag").systemProperty("jdk.module.showModuleResolution", "false")
                .systemProperty("app.mode", "fast").build();
        assertEquals(List.of("--add-opens=java.base/java.lang=ALL-UNNAMED", "-XX:+UseCompactObjectHeaders", "-XX:+SomeFutureFlag",
                "-Djdk.module.showModuleResolution=false"), CacheFlags.of(spec));
    }

    @Test
    void aSpecWithItsOwnCacheFlagsManagesItsOwnCache() {
        assertTrue(CacheFlags.managesOwnCache(spec().jvmOption("-XX:AOTCache=/tmp/app.aot").build()));
        assertTrue(CacheFlags.managesOwnCache(spec().jvmOption("-XX:AOTCacheOutput=/tmp/app.aot").build()));
        assertTrue(CacheFlags.managesOwnCache(spec().jvmOption("-Xshare:off").build()));
        assertFalse(CacheFlags.managesOwnCache(spec().jvmOption("-Xss1m").build()));
    }
}

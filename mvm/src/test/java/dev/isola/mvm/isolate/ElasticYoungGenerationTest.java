package dev.isola.mvm.isolate;

import dev.isola.mvm.isolate.workloads.AllocateThenIdle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real isolate's young generation grows while it allocates hard and shrinks back once it is idle;
 * an idle isolate's old generation filled with promoted garbage is collected.
 */
class ElasticYoungGenerationTest {

    private static final long MB = 1 << 20;

    @TempDir
    Path home;

    @TempDir
    Path work;

    @Test
    void startsAtTheBusySizeShrinksWhenIdleGrowsUnderAllocationAndShrinksAgain() throws Exception {
        // Short windows, so that the test need not wait the production 5 s and 3 minutes. The workload waits for
        // the hold file to go before it allocates.
        Files.writeString(work.resolve("hold"), "");
        Isolate isolate = allocatingIsolate(allocateThenIdle()
                .environment(ElasticYoungGeneration.BUSY_SECONDS_VARIABLE, "2")
                .environment(ElasticYoungGeneration.IDLE_SECONDS_VARIABLE, "2"));
        try {
            // From a heap of a megabyte or two: the busy ratios alone (capacity ten times the use) would give ~5 MB.
            awaitYoung(bytes -> bytes >= 28 * MB, "the young generation to grow towards 32m for the start");
            awaitLog(isolate, "young generation grown to 32m for the isolate's start");
            awaitYoung(bytes -> bytes <= 9 * MB, "the young generation to shrink to its idle size (8m) once the start is over");

            Files.delete(work.resolve("hold"));
            awaitYoung(bytes -> bytes >= 28 * MB, "the young generation to grow towards 32m under allocation");
            awaitLog(isolate, "young generation grown towards 32m");
            Files.writeString(work.resolve("idle"), "");
            awaitYoung(bytes -> bytes <= 12 * MB, "the young generation to shrink back towards 8m once idle");
            // Once after the start, once after the load.
            awaitLog(isolate, "young generation shrunk towards 8m", 2);
        } finally {
            isolate.halt(1).join();
        }
    }

    @Test
    void anIdleIsolateWhoseOldGenerationFilledWithoutGrowingTheYoungOneHasItCollected() throws Exception {
        // A busy window it never reaches: the young generation stays at 8m and promotes what outlives its survivor spaces.
        // It stops by itself after promoting 64 MB, so that no full collection (the old generation reaching 512m) comes first.
        // It allocates only once the young generation is back at 8m after its start.
        Files.writeString(work.resolve("hold"), "");
        Isolate isolate = allocatingIsolate(allocateThenIdle("64")
                .maxHeap(MemorySize.parse("512m"))
                .environment(ElasticYoungGeneration.BUSY_SECONDS_VARIABLE, "100000")
                .environment(ElasticYoungGeneration.IDLE_SECONDS_VARIABLE, "2"));
        try {
            awaitLog(isolate, "young generation shrunk towards 8m");
            Files.delete(work.resolve("hold"));
            long[] collected = assertPromotedGarbageCollectedOnceIdle(isolate);
            assertTrue(collected[1] <= MB, "collected: little beyond what the collection left, not " + collected[1] / MB + " MB");
        } finally {
            isolate.halt(1).join();
        }
    }

    @Test
    void aFixedYoungGenerationsIdleOldGenerationIsCollectedAndItsPagesGivenBack() throws Exception {
        // As an admin or JMS isolate runs: a fixed young generation under the serial collector, which
        // promotes 64 MB of objects that then die, in a heap that would hold them until 512m were full.
        Isolate isolate = allocatingIsolate(IsolateSpec.builder(AllocateThenIdle.class.getName())
                .image(TestImages.testImage())
                .arguments(List.of(work.toString(), "64"))
                .maxHeap(MemorySize.parse("512m"))
                .youngGeneration(MemorySize.parse("8m"))
                .collector(GarbageCollector.SERIAL)
                .environment(ElasticYoungGeneration.IDLE_SECONDS_VARIABLE, "2"));
        try {
            assertPromotedGarbageCollectedOnceIdle(isolate);
        } finally {
            isolate.halt(1).join();
        }
    }

    @Test
    void withoutExplicitCollectionsItSaysSoAndKeepsTheIdleSize() throws Exception {
        Isolate isolate = allocatingIsolate(allocateThenIdle()
                .jvmOption("-XX:+DisableExplicitGC")
                .environment(ElasticYoungGeneration.BUSY_SECONDS_VARIABLE, "1"));
        try {
            awaitLog(isolate, "-XX:+DisableExplicitGC forbids");
            long young = awaitYoung(bytes -> bytes > 0, "the isolate to report its young generation");
            assertTrue(young <= 9 * MB, "keeps its idle size (8m), not " + young / MB + " MB");
        } finally {
            isolate.halt(1).join();
        }
    }

    /**
     * Waits for an {@link AllocateThenIdle} isolate with an 8m young generation to promote 64 MB, then for its idle
     * old generation to be collected with its pages given back and the young generation left at 8m.
     *
     * @return the old generation's report once collected, {@code [used, growth since its last full collection, committed]}
     */
    private long[] assertPromotedGarbageCollectedOnceIdle(Isolate isolate) throws IOException, InterruptedException {
        awaitOld(old -> old[1] >= 64 * MB, "the old generation to fill with 64 MB of promoted objects");
        long[] collected = awaitOld(old -> old[0] <= 8 * MB, "the idle isolate's old generation to be collected");

        assertTrue(collected[2] <= 16 * MB, "the collected generation's pages given back: " + collected[2] / MB + " MB committed");
        long young = awaitYoung(bytes -> bytes > 0, "the isolate to report its young generation");
        assertTrue(young <= 9 * MB, "the young generation kept its 8m, not " + young / MB + " MB");
        // The isolate logs the collection after it: the report of the collected generation can come first.
        String log = awaitLog(isolate, "old generation collected while idle");
        assertFalse(log.contains("young generation grown towards"), log);
        return collected;
    }

    /** An {@link AllocateThenIdle} isolate reporting to {@link #work}, young generation 8m idle and 32m busy. */
    private IsolateSpec.Builder allocateThenIdle(String... arguments) {
        return IsolateSpec.builder(AllocateThenIdle.class.getName())
                .image(TestImages.testImage())
                .arguments(Stream.concat(Stream.of(work.toString()), Stream.of(arguments)).toList())
                .maxHeap(MemorySize.parse("128m"))
                .youngGeneration(MemorySize.parse("8m"))
                .busyYoungGeneration(MemorySize.parse("32m"))
                .collector(GarbageCollector.SERIAL);
    }

    private Isolate allocatingIsolate(IsolateSpec.Builder spec) {
        Isolate isolate = new Isolate(spec.build(), home, IsolateLauncher.jvmProcesses());
        isolate.start();
        return isolate;
    }

    /** The isolate's stderr once it holds {@code line} (within two minutes). */
    private static String awaitLog(Isolate isolate, String line) throws IOException, InterruptedException {
        return awaitLog(isolate, line, 1);
    }

    /** The isolate's stderr once it holds {@code line} {@code times} times (within two minutes). */
    private static String awaitLog(Isolate isolate, String line, int times) throws IOException, InterruptedException {
        Path stderr = new IsolateDirectory(isolate.runDirectory().orElseThrow()).stderr();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        String log;
        while ((log = Files.readString(stderr)).split(java.util.regex.Pattern.quote(line), -1).length - 1 < times) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(times + " times '" + line + "' not in the isolate's log: " + log);
            }
            Thread.sleep(100);
        }
        return log;
    }

    /** Waits for the isolate's report of its old generation, {@code [used, growth since its last full collection, committed]}, to satisfy {@code condition}. */
    private long[] awaitOld(Predicate<long[]> condition, String what) throws IOException, InterruptedException {
        return awaitReport("old", text -> Arrays.stream(text.split(" ")).mapToLong(Long::parseLong).toArray(), condition,
                Arrays::toString, what);
    }

    /** Waits for the isolate's report of its young generation's committed bytes to satisfy {@code condition}. */
    private long awaitYoung(LongPredicate condition, String what) throws IOException, InterruptedException {
        return awaitReport("young", Long::parseLong, condition::test, bytes -> bytes + " bytes", what);
    }

    /** Polls the report file {@code name} that {@link AllocateThenIdle} rewrites every 100 ms until its value satisfies {@code condition}. */
    private <T> T awaitReport(String name, Function<String, T> parse, Predicate<T> condition,
                              Function<T, String> show, String what) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        T last = null;
        while (System.nanoTime() < deadline) {
            Path report = work.resolve(name);
            if (Files.exists(report)) {
                last = parse.apply(Files.readString(report).trim());
                if (condition.test(last)) {
                    return last;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("timed out waiting for " + what + "; last reported " + (last == null ? "nothing" : show.apply(last)));
    }
}

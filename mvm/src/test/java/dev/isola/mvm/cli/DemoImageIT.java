package dev.isola.mvm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.isola.mvm.image.AotCache;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.image.ImageCaches;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.probe.Breakdown;
import dev.isola.mvm.probe.Category;
import dev.isola.mvm.probe.ClassSharing;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import dev.isola.mvm.probe.MemoryFigures;
import dev.isola.mvm.testsupport.PackagedRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two isolates of the demo image, as {@code bin/mvm demo} runs them: both map the image's
 * AOT cache, load most of their classes from it (Jackson's too, defined by a class loader of
 * the workload's own), share its read-only part, and show up in {@code mvm ps}.
 */
class DemoImageIT {

    @TempDir
    static Path home;

    private static AotCache cache;
    private static final List<Isolate> isolates = new ArrayList<>();
    private static Path classLog;

    @BeforeAll
    static void startTwoIsolatesOfTheDemoImage() throws Exception {
        Image image = DemoCommand.demoImage(PackagedRuntime.lib());
        IsolateSpec spec = DemoCommand.isolateSpec(image, MemorySize.parse("64m"), MemorySize.parse("8m"));
        cache = ImageCaches.of(home).ensure(spec).get(3, TimeUnit.MINUTES);
        classLog = home.resolve("demo-1-classes.log");
        // Class-load logging names each class's loader and source; it does not change the cache key.
        isolates.add(new Isolate(spec.toBuilder().name("demo-1").jvmOption("-Xlog:class+load=debug:file=" + classLog + ":none").build(), home));
        isolates.add(new Isolate(spec.toBuilder().name("demo-2").build(), home));
        for (Isolate isolate : isolates) {
            isolate.start();
            DemoCommand.awaitFirstResponse(isolate);
        }
    }

    @AfterAll
    static void stopIsolates() {
        isolates.forEach(i -> i.halt(1).join());
    }

    @Test
    void bothIsolatesMapTheCacheAndLoadMostOfTheirClassesFromIt() throws Exception {
        for (Isolate isolate : isolates) {
            assertTrue(PackagedRuntime.commandLine(isolate.pid()).contains("-XX:AOTCache=" + cache.file()),
                    isolate.name() + " runs with the image's cache");
            assertTrue(PackagedRuntime.maps(isolate.pid(), cache.file()), isolate.name() + " maps " + cache.file());
            ClassSharing classes = FootprintProbe.summary(isolate.pid()).classSharing().orElseThrow();
            assertTrue(classes.loaded() > 2000, isolate.name() + " loads a few thousand classes: " + classes);
            assertTrue(classes.fraction() > 0.9, isolate.name() + " loads most classes from the cache: " + classes);
        }
    }

    @Test
    void classesOfACustomClassLoaderComeFromTheCacheToo() throws Exception {
        // With debug level, each "<class> source: <where>" line is followed by one naming its loader.
        List<String> lines = Files.readAllLines(classLog);
        int custom = 0;
        int customShared = 0;
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).contains(" source: ") && lines.get(i + 1).contains("java/net/URLClassLoader")) {
                custom++;
                if (lines.get(i).contains("source: shared objects file")) {
                    customShared++;
                }
            }
        }
        assertTrue(custom > 100, "the demo loads Jackson through its own URLClassLoader: " + custom + " classes");
        assertTrue(customShared > 0.9 * custom, customShared + " of " + custom + " URLClassLoader classes came from the cache");
    }

    @Test
    void theReadOnlyPartOfTheCacheIsSharedBetweenTheIsolates() throws Exception {
        for (Isolate isolate : isolates) {
            MemoryFigures classMetadata = FootprintProbe.detailed(isolate.pid()).breakdown().orElseThrow().of(Category.CLASS_METADATA);
            assertTrue(classMetadata.shared() > 10L << 20, isolate.name() + " shares its cache's read-only part: " + classMetadata);
            assertTrue(classMetadata.pss() < classMetadata.rss(), isolate.name() + " is charged only part of what it shares: " + classMetadata);
        }
    }

    @Test
    void probeFiguresAddUp() throws Exception {
        Isolate isolate = isolates.get(1);
        Footprint footprint = FootprintProbe.detailed(isolate.pid());
        MemoryFigures total = footprint.total();
        assertTrue(total.pss() > 0 && total.pss() <= total.rss(), "PSS <= RSS: " + total);
        assertEquals(total.rss(), total.shared() + total.privateBytes(), "shared + private = RSS: " + total);

        Breakdown breakdown = footprint.breakdown().orElseThrow();
        assertEquals(Breakdown.Source.DIAGNOSTIC_COMMANDS, breakdown.source(), "isolates run without NMT by default");
        MemoryFigures sum = MemoryFigures.ZERO;
        for (Category category : Category.values()) {
            MemoryFigures part = breakdown.of(category);
            assertTrue(part.pss() >= 0 && part.pss() <= part.rss(), category + ": " + part);
            sum = sum.plus(part);
        }
        // smaps and smaps_rollup are read a moment apart, so allow for a little change in between.
        assertTrue(Math.abs(sum.pss() - total.pss()) < 4L << 20, "categories add up to the total: " + sum.pss() + " vs " + total.pss());
        long heap = breakdown.of(Category.JAVA_HEAP).rss();
        assertTrue(heap > 0 && heap <= 64L << 20, "the heap is resident and within -Xmx64m: " + heap);
        assertTrue(breakdown.of(Category.CLASS_METADATA).rss() > 10L << 20, "class metadata includes the mapped cache");
        assertTrue(breakdown.of(Category.CODE_CACHE).rss() > 0, "the code cache is resident");

        var jvm = footprint.jvm().orElseThrow();
        assertEquals(64L << 20, jvm.heapMax());
        assertEquals(8L << 20, jvm.youngCapacity());
        assertTrue(jvm.heapUsed() > 0 && jvm.heapUsed() <= jvm.heapCommitted(), jvm.toString());
        assertTrue(jvm.collectors().stream().anyMatch(c -> c.name().startsWith("Serial")), jvm.collectors().toString());
    }

    @Test
    void psListsEachRunningIsolateWithItsFigures() throws Exception {
        String table = run("ps");
        for (Isolate isolate : isolates) {
            String line = table.lines().filter(l -> l.startsWith(isolate.name() + " ")).findFirst().orElseThrow(() -> new AssertionError(table));
            assertTrue(line.matches(isolate.name() + "\\s+" + isolate.pid() + "\\s+demo\\s+64m/8m\\s+\\d+:\\d\\d(\\s+\\d+\\.\\dM){3}\\s+\\d+\\s+(9\\d|100)%"),
                    "ps line: " + line);
        }
        JsonNode json = new ObjectMapper().readTree(run("ps", "--json"));
        assertEquals(2, json.size(), json.toString());
        for (JsonNode row : json) {
            assertEquals("RUNNING", row.get("state").asText());
            assertTrue(row.get("pss").asLong() > 0 && row.get("pss").asLong() <= row.get("rss").asLong(), row.toString());
            assertTrue(row.get("classesFromCachePercent").asLong() >= 90, row.toString());
        }
    }

    @Test
    void demoStartsIsolatesShowsTheTableAndExitsThem() throws Exception {
        String output = run("demo", "--isolates", "2", "--lib", PackagedRuntime.lib().toString());
        assertTrue(output.contains("Exited 2 isolates"), output);
        assertTrue(output.lines().filter(l -> l.matches("demo-[12]\\s+\\d+\\s+demo\\s.*%")).count() == 2, output);
        String all = run("ps", "-a");
        assertEquals(2, all.lines().filter(l -> l.matches("demo-[12]\\s+\\d+\\s+demo\\s+TERMINATED\\s.*exited with code 0")).count(), all);
    }

    private static String run(String... args) {
        CommandLine commandLine = MvmMain.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        List<String> withHome = new ArrayList<>(List.of("--home", home.toString()));
        withHome.addAll(List.of(args));
        int status = commandLine.execute(withHome.toArray(String[]::new));
        assertEquals(0, status, "mvm " + String.join(" ", args) + " failed: " + err);
        return out.toString();
    }
}

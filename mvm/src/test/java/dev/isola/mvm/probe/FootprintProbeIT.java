package dev.isola.mvm.probe;

import dev.isola.mvm.testsupport.PackagedRuntime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe on processes the runtime did not start: plain JVMs (the benchmark's baselines),
 * with and without Native Memory Tracking, and a process that is not a JVM at all.
 */
class FootprintProbeIT {

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A plain JVM that has reached its main method (it has written its perf data by then). */
    private long plainJvm(String... flags) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(flags));
        command.addAll(List.of("-cp", PackagedRuntime.testJar().toString(), "dev.isola.mvm.isolate.workloads.WaitForever"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        processes.add(process);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (FootprintProbe.summary(process.pid()).jvm().map(j -> j.classes().loaded() < 400).orElse(true)) {
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "JVM did not come up: " + command);
            Thread.sleep(20);
        }
        return process.pid();
    }

    private static void assertConsistent(Footprint footprint) {
        MemoryFigures total = footprint.total();
        assertTrue(total.pss() > 0 && total.pss() <= total.rss(), total.toString());
        assertEquals(total.rss(), total.shared() + total.privateBytes(), total.toString());
        Breakdown breakdown = footprint.breakdown().orElseThrow();
        long sum = 0;
        for (Category category : Category.values()) {
            sum += breakdown.of(category).pss();
        }
        assertTrue(Math.abs(sum - total.pss()) < 4L << 20, "categories " + sum + " vs total " + total.pss());
        assertTrue(breakdown.of(Category.JAVA_HEAP).rss() > 0, breakdown.toString());
        assertTrue(breakdown.of(Category.CLASS_METADATA).rss() > 1L << 20, "the JDK's CDS archive at least: " + breakdown);
        assertTrue(breakdown.of(Category.CODE_CACHE).rss() > 0, breakdown.toString());
    }

    @Test
    void aPlainJvmIsMeasuredWithItsOwnDiagnosticCommands() throws Exception {
        long pid = plainJvm("-Xmx48m", "-Xmn6m", "-XX:+UseSerialGC");
        Footprint footprint = FootprintProbe.detailed(pid);

        assertConsistent(footprint);
        assertEquals(Breakdown.Source.DIAGNOSTIC_COMMANDS, footprint.breakdown().orElseThrow().source());
        JvmCounters jvm = footprint.jvm().orElseThrow();
        assertEquals(48L << 20, jvm.heapMax());
        assertEquals(6L << 20, jvm.youngCapacity());
        assertTrue(footprint.breakdown().orElseThrow().of(Category.JAVA_HEAP).rss() <= 48L << 20);
        // Without an AOT cache the JDK's default CDS archive still serves most JDK classes.
        assertTrue(jvm.classes().fraction() > 0.5, jvm.classes().toString());
    }

    @Test
    void withNativeMemoryTrackingTheJvmLabelsItsOwnMappings() throws Exception {
        long pid = plainJvm("-Xmx48m", "-XX:+UseG1GC", "-XX:NativeMemoryTracking=summary");
        Footprint footprint = FootprintProbe.detailed(pid);

        assertConsistent(footprint);
        assertEquals(Breakdown.Source.NATIVE_MEMORY_TRACKING, footprint.breakdown().orElseThrow().source());
        assertEquals(48L << 20, footprint.jvm().orElseThrow().heapMax(), "G1 generations each report the whole heap as their maximum");
    }

    @Test
    void aProcessThatIsNotAJvmGetsTotalsOnlyAndIsLeftAlone() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "60").start();
        processes.add(sleep);

        Footprint footprint = FootprintProbe.detailed(sleep.pid());

        assertTrue(footprint.total().rss() > 0);
        assertTrue(footprint.jvm().isEmpty());
        assertTrue(footprint.breakdown().isEmpty());
        assertTrue(sleep.isAlive(), "no SIGQUIT was sent to a process that is not a JVM");
        assertTrue(Files.notExists(Path.of("/proc", Long.toString(sleep.pid()), "cwd", ".attach_pid" + sleep.pid())));
    }

    @Test
    void aProcessThatIsGoneIsNamedInTheError() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        IOException e = assertThrows(IOException.class, () -> FootprintProbe.summary(done.pid()));
        assertTrue(e.getMessage().contains("process " + done.pid()), e.getMessage());
    }

    @Test
    void totalsOfSeveralProcessesAddUp() throws Exception {
        long a = plainJvm("-Xmx32m", "-XX:+UseSerialGC");
        long b = plainJvm("-Xmx32m", "-XX:+UseSerialGC");
        MemoryFigures both = FootprintProbe.totalOf(List.of(a, b));
        assertTrue(both.pss() > 0 && both.pss() <= both.rss());
        assertTrue(both.shared() > 0, "two JVMs of one JDK share at least libjvm.so and the CDS archive: " + both);
    }

    @Test
    void twoJvmsShareTheirClassDataArchive() throws Exception {
        long a = plainJvm("-Xmx32m", "-XX:+UseSerialGC");
        long b = plainJvm("-Xmx32m", "-XX:+UseSerialGC");
        MemoryFigures archive = FootprintProbe.classDataArchives(a);
        assertTrue(archive.shared() > 1L << 20, "the JDK's CDS archive, mapped by both JVMs: " + archive);
        assertTrue(archive.rss() <= FootprintProbe.summary(a).total().rss(), archive.toString());
        assertTrue(FootprintProbe.classDataArchives(b).shared() > 0);

        Process sleep = new ProcessBuilder("sleep", "60").start();
        processes.add(sleep);
        assertEquals(MemoryFigures.ZERO, FootprintProbe.classDataArchives(sleep.pid()), "a process that is not a JVM maps no archive");
    }
}

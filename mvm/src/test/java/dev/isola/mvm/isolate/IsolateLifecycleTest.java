package dev.isola.mvm.isolate;

import dev.isola.mvm.isolate.workloads.ExhaustHeap;
import dev.isola.mvm.isolate.workloads.ExitWithStatus;
import dev.isola.mvm.isolate.workloads.ReportCurrentIsolate;
import dev.isola.mvm.isolate.workloads.ReturnFromMain;
import dev.isola.mvm.isolate.workloads.WaitForever;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Isolates as real JVM processes: how they start, end, and how their end is reported. */
class IsolateLifecycleTest {

    @TempDir
    Path home;

    private Isolate isolate(IsolateSpec.Builder builder) {
        return new Isolate(builder.image(TestImages.testImage()).build(), home, IsolateLauncher.jvmProcesses());
    }

    private static TerminationCause causeOf(Isolate isolate) throws Exception {
        return isolate.onExit().get(60, TimeUnit.SECONDS).cause();
    }

    /** Waits until a {@link WaitForever} isolate has its shutdown hook in place. */
    private static void awaitHookInstalled(Path marker) throws InterruptedException {
        Path ready = Path.of(marker + ".ready");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(ready)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the isolate did not install its shutdown hook: " + ready + " missing");
            }
            Thread.sleep(10);
        }
    }

    @Test
    void runsMainWithArgumentsAndPropertiesAndReportsEveryPhaseInOrder() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(ReturnFromMain.class.getName())
                .arguments("a", "b c")
                .systemProperty("test.property", "value"));
        List<String> events = new CopyOnWriteArrayList<>();
        isolate.addStatusListener(status -> events.add(status.getClass().getSimpleName()));

        isolate.start();

        assertEquals(new TerminationCause.Exited(0), causeOf(isolate));
        assertEquals(List.of("Starting", "Started", "Exiting", "Terminated"), events);
        String output = Files.readString(isolate.runDirectory().orElseThrow().resolve("stdout.log"));
        assertTrue(output.contains("arguments=a,b c property=value"), output);
    }

    @Test
    void systemExitIsReportedWithItsStatus() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(ExitWithStatus.class.getName()).arguments("3")).start();
        assertEquals(new TerminationCause.Exited(3), causeOf(isolate));
    }

    @Test
    void systemExitWithASignalLikeStatusIsStillAnExitNotASignal() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(ExitWithStatus.class.getName()).arguments("137")).start();
        assertEquals(new TerminationCause.Exited(137), causeOf(isolate));
    }

    @Test
    void exitRunsShutdownHooksAndEndsWithTheRequestedStatus() throws Exception {
        Path marker = home.resolve("hook-marker");
        Isolate isolate = isolate(IsolateSpec.builder(WaitForever.class.getName()).arguments(marker.toString())).start();
        awaitHookInstalled(marker);

        IsolateStatus.Terminated end = isolate.exit(7).get(60, TimeUnit.SECONDS);

        assertEquals(new TerminationCause.Exited(7), end.cause());
        assertEquals("hook ran", Files.readString(marker));
    }

    @Test
    void haltEndsTheProcessWithinOneSecondWithoutRunningHooks() throws Exception {
        Path marker = home.resolve("hook-marker");
        Isolate isolate = isolate(IsolateSpec.builder(WaitForever.class.getName()).arguments(marker.toString())).start();
        long pid = isolate.pid();
        awaitHookInstalled(marker);

        IsolateStatus.Terminated end = isolate.halt(9).get(1, TimeUnit.SECONDS);

        assertEquals(new TerminationCause.Halted(9), end.cause());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " still alive");
        assertFalse(Files.exists(marker), "a halt must not run shutdown hooks");
    }

    @Test
    void outOfMemoryIsReportedAsSuch() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(ExhaustHeap.class.getName())
                .maxHeap(MemorySize.parse("16m"))
                .youngGeneration(MemorySize.parse("4m"))
                .collector(GarbageCollector.SERIAL)).start();

        TerminationCause cause = causeOf(isolate);

        TerminationCause.OutOfMemory oom = assertInstanceOf(TerminationCause.OutOfMemory.class, cause);
        assertTrue(oom.detail().contains("Java heap space"), oom.detail());
    }

    @Test
    void killFromOutsideIsReportedAsTheSignal() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(WaitForever.class.getName())).start();

        new ProcessBuilder("kill", "-KILL", Long.toString(isolate.pid())).start().waitFor();

        assertEquals(new TerminationCause.KilledBySignal(9), causeOf(isolate));
    }

    @Test
    void unknownMainClassFailsStartWithTheIsolatesOwnErrorText() {
        Isolate isolate = isolate(IsolateSpec.builder("com.example.NoSuchMain"));

        IsolateStartException e = assertThrows(IsolateStartException.class, isolate::start);

        assertTrue(e.childErrorOutput().contains("main class com.example.NoSuchMain not found"), e.getMessage());
        assertInstanceOf(TerminationCause.FailedToStart.class, isolate.status() instanceof IsolateStatus.Terminated t ? t.cause() : null);
    }

    @Test
    void jvmThatRefusesItsFlagsFailsStartWithTheJvmsMessage() {
        Isolate isolate = isolate(IsolateSpec.builder(ReturnFromMain.class.getName()).jvmOption("-XX:+NoSuchFlagAnywhere"));

        IsolateStartException e = assertThrows(IsolateStartException.class, isolate::start);

        assertTrue(e.getMessage().contains("NoSuchFlagAnywhere"), e.getMessage());
    }

    @Test
    void aJvmRefusalPrintedOnStdoutIsInTheStartError() {
        // The java launcher prints this refusal to stdout; stderr says only "Could not create the Java Virtual Machine".
        Isolate isolate = isolate(IsolateSpec.builder(ReturnFromMain.class.getName()).jvmOption("-Xss1k"));

        IsolateStartException e = assertThrows(IsolateStartException.class, isolate::start);

        assertTrue(e.getMessage().contains("thread stack size specified is too small"), e.getMessage());
        assertTrue(e.getMessage().contains("Could not create the Java Virtual Machine"), e.getMessage());
    }

    @Test
    void currentIsolateInsideAChildKnowsItsNameIdAndPid() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(ReportCurrentIsolate.class.getName()).name("reporter")).start();
        causeOf(isolate);

        String output = Files.readString(isolate.runDirectory().orElseThrow().resolve("stdout.log")).strip();

        assertEquals("name=reporter id=" + isolate.id() + " pid=" + isolate.pid() + " self=" + isolate.pid(), output);
    }

    @Test
    void aHandleStartsOnlyOnce() throws Exception {
        Isolate isolate = isolate(IsolateSpec.builder(WaitForever.class.getName())).start();
        try {
            assertThrows(IllegalStateException.class, isolate::start);
        } finally {
            isolate.halt(1).get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theRegistryListsRunningAndEndedIsolates() throws Exception {
        Isolate running = isolate(IsolateSpec.builder(WaitForever.class.getName()).name("listed")).start();
        Isolate ended = isolate(IsolateSpec.builder(ExitWithStatus.class.getName()).arguments("4")).start();
        causeOf(ended);
        try {
            IsolateRegistry registry = IsolateRegistry.open(home);
            IsolateRecord live = registry.find(running.id()).orElseThrow();
            IsolateRecord dead = registry.find(ended.id()).orElseThrow();

            assertEquals("RUNNING", live.state());
            assertEquals(running.pid(), live.pid());
            assertEquals("TERMINATED", dead.state());
            assertEquals("exited with code 4", dead.termination().orElseThrow());
            assertEquals(2, registry.all().size());
        } finally {
            running.halt(1).get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void runDirectoriesOfIsolatesWhoseEndWasRecordedLongEnoughAgoArePruned() throws Exception {
        Isolate running = isolate(IsolateSpec.builder(WaitForever.class.getName()).name("running")).start();
        Isolate ended = isolate(IsolateSpec.builder(ExitWithStatus.class.getName()).arguments("0")).start();
        Isolate unrecorded = isolate(IsolateSpec.builder(ExitWithStatus.class.getName()).arguments("0")).start();
        causeOf(ended);
        causeOf(unrecorded);
        try {
            IsolateRegistry registry = IsolateRegistry.open(home);
            // As a frozen spare's: the process is gone, but nobody recorded an end, since a thaw continues in the directory.
            Files.delete(registry.find(unrecorded.id()).orElseThrow().runDirectory().resolve("termination.properties"));

            assertEquals(0, registry.prune(Duration.ofDays(7)), "ended moments ago");
            assertEquals(3, registry.all().size());
            assertEquals(1, registry.prune(Duration.ZERO));
            assertEquals(List.of(running.id(), unrecorded.id()).stream().sorted().toList(),
                    registry.all().stream().map(IsolateRecord::id).sorted().toList(), "the running isolate and the unrecorded end stay");
            assertFalse(Files.exists(MvmHome.isolatesDirectory(home).resolve(ended.id())), "the ended isolate's run directory is gone");
        } finally {
            running.halt(1).get(10, TimeUnit.SECONDS);
        }
    }
}

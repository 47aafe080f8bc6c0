package dev.isola.mvm.isolate;

import dev.isola.mvm.isolate.workloads.CreateSpareThenWait;
import dev.isola.mvm.isolate.workloads.ReportJitReset;
import dev.isola.mvm.isolate.workloads.ReportJitResetAfterWork;
import dev.isola.mvm.isolate.workloads.ReportOverLink;
import dev.isola.mvm.isolate.workloads.WarmUp;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spare isolates: a JVM started ahead of need, warmed up by one main class, then taken over
 * for the spec of another, in the same process, with the links handed at that start.
 */
@Timeout(120)
class SpareIsolateTest {

    @TempDir
    Path home;

    private final List<Isolate> started = new ArrayList<>();

    @AfterEach
    void haltEverything() {
        for (Isolate isolate : started) {
            if (!isolate.onExit().isDone()) {
                isolate.halt(1).join();
            }
        }
    }

    private IsolateSpec shape(String mainClass, String name, String... arguments) {
        return IsolateSpec.builder(mainClass).name(name).arguments(arguments).image(TestImages.testImage())
                .maxHeap(MemorySize.parse("64m")).youngGeneration(MemorySize.parse("8m")).collector(GarbageCollector.SERIAL)
                .systemProperty("test.shape", "small").build();
    }

    private Isolate readySpare(String... warmUpArguments) throws Exception {
        Isolate spare = new Isolate(shape(WarmUp.class.getName(), "spare", warmUpArguments).toBuilder().orphanPolicy(OrphanPolicy.EXIT).build(),
                home, IsolateLauncher.jvmProcesses()).startSpare();
        started.add(spare);
        spare.spareReady().get(60, TimeUnit.SECONDS);
        return spare;
    }

    @Test
    void aTakenOverSpareRunsTheNewMainUnderItsNameInTheWarmedProcess() throws Exception {
        Isolate spare = readySpare();
        IsolateRecord waiting = IsolateRegistry.open(home).find(spare.id()).orElseThrow();
        assertEquals("SPARE", waiting.state());
        // As if the image's jars had been rebuilt while the spare waited: it still runs the build it started with.
        Path descriptor = new IsolateDirectory(waiting.runDirectory()).descriptor();
        Files.writeString(descriptor, Files.readString(descriptor).replaceAll("(?m)^imageBuild=.*$", "imageBuild=build-the-spare-started-with"));

        Isolate shop = spare.takeOver(shape(ReportOverLink.class.getName(), "shop", "--port", "8081"));
        Link report = Link.newLink(shop, Isolate.current());
        shop.start(report);
        started.add(shop);

        LinkMessage.Text said = (LinkMessage.Text) report.receive(Duration.ofSeconds(30));
        assertEquals("name=shop args=--port,8081 warmed=WarmUp in pid " + spare.pid(), said.text());
        assertEquals(spare.pid(), shop.pid());
        assertEquals(spare.id(), shop.id());
        IsolateRecord record = IsolateRegistry.open(home).find(shop.id()).orElseThrow();
        assertEquals("shop", record.name());
        assertEquals(ReportOverLink.class.getName(), record.mainClass());
        assertEquals(List.of("--port", "8081"), record.arguments());
        assertEquals("RUNNING", record.state());
        assertEquals(OrphanPolicy.KEEP_RUNNING, record.orphanPolicy());
        assertEquals("build-the-spare-started-with", record.imageBuild(), "the taken-over spare's descriptor keeps the build it runs");

        IsolateStatus.Terminated end = shop.exit(7).get(30, TimeUnit.SECONDS);
        assertEquals(new TerminationCause.Exited(7), end.cause());
    }

    private record Reported(Isolate isolate, String text) {
    }

    /**
     * A spare warmed up with {@code WarmUp compile}, with the reset's delay set to {@code delay}
     * and the processor time it waits for to {@code cpu}, taken over for {@code purpose} (which
     * reports on its first startup link), both with {@code jvmOptions}. The purpose's spec does not
     * name the settings: they are the spare's.
     */
    private Reported jitResetReport(String delay, String cpu, IsolateSpec purposeSpec, String... jvmOptions) throws Exception {
        IsolateSpec.Builder spare = shape(WarmUp.class.getName(), "spare", "compile").toBuilder().orphanPolicy(OrphanPolicy.EXIT)
                .systemProperty(SpareJitReset.DELAY_PROPERTY, delay).systemProperty(SpareJitReset.CPU_PROPERTY, cpu);
        IsolateSpec.Builder purpose = purposeSpec.toBuilder();
        for (String option : jvmOptions) {
            spare.jvmOption(option);
            purpose.jvmOption(option);
        }
        Isolate warmed = new Isolate(spare.build(), home, IsolateLauncher.jvmProcesses()).startSpare();
        started.add(warmed);
        warmed.spareReady().get(90, TimeUnit.SECONDS);
        Isolate taken = warmed.takeOver(purpose.build());
        Link report = Link.newLink(taken, Isolate.current());
        taken.start(report);
        started.add(taken);
        return new Reported(taken, ((LinkMessage.Text) report.receive(Duration.ofSeconds(180))).text());
    }

    /** {@link ReportJitReset}, which waits {@code waitSeconds} for the reset. */
    private IsolateSpec reportingPurpose(int waitSeconds) {
        return shape(ReportJitReset.class.getName(), "purpose", Integer.toString(waitSeconds));
    }

    @Test
    void aTakenOverSpareForgetsWhatItsWarmUpCompiledAndRunsOn() throws Exception {
        Reported reported = jitResetReport("PT0S", "PT0S", reportingPurpose(60));

        assertTrue(reported.text().matches("reset \\d+ classes, failed \\[.*]; warm-up's spin compiled: yes, still in use: false"), reported.text());
        int classes = Integer.parseInt(reported.text().split(" ")[1]);
        assertTrue(classes >= 1, "WarmUp at least, whose spin was compiled: " + reported.text());
        assertEquals(new TerminationCause.Exited(7), reported.isolate().exit(7).get(30, TimeUnit.SECONDS).cause());
    }

    @Test
    void theResetWaitsUntilThePurposeHasWorked() throws Exception {
        // Two seconds of processor time: the idle purpose uses next to none in its five seconds, the busy one a core.
        Reported reported = jitResetReport("PT0S", "PT2S", shape(ReportJitResetAfterWork.class.getName(), "purpose", "5", "120"));

        assertTrue(reported.text().matches("idle: no reset; after work: reset \\d+ classes, WarmUp among them: true, own class kept: true"), reported.text());
    }

    @Test
    void aSpareWithTheResetOffKeepsItsWarmUpsCode() throws Exception {
        // Ten seconds is twice the default delay: a reset that ignored "off" would have come.
        Reported reported = jitResetReport("off", "PT0S", reportingPurpose(10));

        assertEquals("no reset; warm-up's spin compiled: yes, still in use: true", reported.text());
    }

    @Test
    void aSpareThatMayNotLoadAgentsKeepsItsWarmUpsCodeSaysWhyAndRunsOn() throws Exception {
        Reported reported = jitResetReport("PT0S", "PT0S", reportingPurpose(60), "-XX:-EnableDynamicAgentLoading");

        assertTrue(reported.text().startsWith("reset failed: the JVM did not load ") && reported.text().endsWith("still in use: true"),
                reported.text());
        assertEquals(new TerminationCause.Exited(7), reported.isolate().exit(7).get(30, TimeUnit.SECONDS).cause());
    }

    @Test
    void aSpareCannotBecomeWhatNeedsAnotherJvm() throws Exception {
        Isolate spare = readySpare();

        IllegalArgumentException bigger = assertThrows(IllegalArgumentException.class, () -> spare.takeOver(
                shape(ReportOverLink.class.getName(), "big").toBuilder().maxHeap(MemorySize.parse("128m")).build()));
        assertTrue(bigger.getMessage().contains("maxHeap 64m is not 128m"), bigger.getMessage());
        IllegalArgumentException flagged = assertThrows(IllegalArgumentException.class, () -> spare.takeOver(
                shape(ReportOverLink.class.getName(), "flagged").toBuilder().jvmOption("-XX:+AlwaysPreTouch").build()));
        assertTrue(flagged.getMessage().contains("jvmOptions"), flagged.getMessage());

        // Refused takes leave the spare as it was: it can still be taken over.
        Isolate fitting = spare.takeOver(shape(ReportOverLink.class.getName(), "fits"));
        Link report = Link.newLink(fitting, Isolate.current());
        fitting.start(report);
        started.add(fitting);
        assertTrue(((LinkMessage.Text) report.receive(Duration.ofSeconds(30))).text().startsWith("name=fits"));
        IllegalStateException again = assertThrows(IllegalStateException.class,
                () -> spare.takeOver(shape(ReportOverLink.class.getName(), "twice")));
        assertTrue(again.getMessage().contains("taken over already"), again.getMessage());
    }

    @Test
    void onlyAReadySpareStartedByThisHandleCanBeTakenOver() throws Exception {
        Isolate ordinary = new Isolate(shape(WarmUp.class.getName(), "ordinary"), home, IsolateLauncher.jvmProcesses());
        IllegalStateException notStarted = assertThrows(IllegalStateException.class,
                () -> ordinary.takeOver(shape(ReportOverLink.class.getName(), "x")));
        assertTrue(notStarted.getMessage().contains("not started as a spare"), notStarted.getMessage());

        Isolate spare = readySpare();
        spare.halt(1).get(30, TimeUnit.SECONDS);
        IllegalStateException ended = assertThrows(IllegalStateException.class,
                () -> spare.takeOver(shape(ReportOverLink.class.getName(), "late")));
        assertTrue(ended.getMessage().contains("has ended"), ended.getMessage());
    }

    @Test
    void aFailedWarmUpEndsTheSpareAndSaysWhy() {
        Isolate spare = new Isolate(shape(WarmUp.class.getName(), "broken", "fail"), home, IsolateLauncher.jvmProcesses()).startSpare();
        started.add(spare);

        ExecutionException failed = assertThrows(ExecutionException.class, () -> spare.spareReady().get(60, TimeUnit.SECONDS));
        assertTrue(failed.getCause().getMessage().contains("no database to warm up with"), failed.getCause().getMessage());
        IsolateStatus.Terminated end = spare.onExit().join();
        assertInstanceOf(TerminationCause.FailedToStart.class, end.cause());
    }

    private Isolate orphanOfCreator(String mode) throws Exception {
        Path idFile = home.resolve("spare-id-" + mode);
        Isolate creator = new Isolate(IsolateSpec.builder(CreateSpareThenWait.class.getName()).name("creator")
                .image(TestImages.testImage()).arguments(mode, idFile.toString()).build(), home, IsolateLauncher.jvmProcesses()).start();
        started.add(creator);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.exists(idFile) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        String spareId = Files.readString(idFile).strip();
        creator.halt(1).get(10, TimeUnit.SECONDS);
        Isolate orphan = IsolateRegistry.open(home).adopt(spareId);
        started.add(orphan);
        return orphan;
    }

    @Test
    void aWaitingSpareEndsWithItsCreator() throws Exception {
        Isolate orphan = orphanOfCreator("wait");

        assertEquals(new TerminationCause.Exited(0), orphan.onExit().get(30, TimeUnit.SECONDS).cause());
    }

    @Test
    void whatASpareWasTakenOverForFollowsItsOwnOrphanPolicy() throws Exception {
        Isolate orphan = orphanOfCreator("take");
        // A waiting spare ends within this window (the test above); the taken-over one must still be there.
        Thread.sleep(1500);
        IsolateRecord record = IsolateRegistry.open(home).find(orphan.id()).orElseThrow();
        assertTrue(record.alive(), "the taken-over isolate should keep running: " + record);
        assertEquals("taken", record.name());

        assertEquals(new TerminationCause.Exited(4), orphan.exit(4).get(30, TimeUnit.SECONDS).cause());
    }
}

package dev.isola.mvm.isolate;

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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Frozen spares: a warmed-up spare written to disk by real CRIU (its process gone), then
 * recreated, warm, for the spec of another isolate. Needs CRIU 4 as root ({@code bin/install-criu},
 * which {@code .ci/run} runs).
 */
@Timeout(180)
class FrozenSpareTest {

    @TempDir
    Path home;

    private final List<Isolate> started = new ArrayList<>();

    @AfterEach
    void haltEverything() {
        System.clearProperty(Criu.PROPERTY);
        for (Isolate isolate : started) {
            if (!isolate.onExit().isDone() && !(isolate.status() instanceof IsolateStatus.Starting)) {
                isolate.halt(1).join();
            }
        }
    }

    private IsolateSpec shape(String mainClass, String name, String... arguments) {
        return IsolateSpec.builder(mainClass).name(name).arguments(arguments).image(TestImages.testImage())
                .maxHeap(MemorySize.parse("64m")).youngGeneration(MemorySize.parse("8m")).collector(GarbageCollector.SERIAL)
                .orphanPolicy(OrphanPolicy.EXIT).build();
    }

    private Isolate readySpare(String... warmUpArguments) throws Exception {
        Isolate spare = new Isolate(shape(WarmUp.class.getName(), "spare", warmUpArguments), home, IsolateLauncher.jvmProcesses()).startSpare();
        started.add(spare);
        spare.spareReady().get(60, TimeUnit.SECONDS);
        return spare;
    }

    private Isolate startReporting(Isolate isolate, Link[] report) {
        report[0] = Link.newLink(isolate, Isolate.current());
        isolate.start(report[0]);
        started.add(isolate);
        return isolate;
    }

    @Test
    void aThawedSpareIsTheWarmedProcessAgainUnderItsNewPurpose() throws Exception {
        Isolate spare = readySpare();
        long pid = spare.pid();
        Path snapshot = home.resolve("frozen");

        FrozenSpare frozen = spare.freeze(snapshot);

        assertEquals(new TerminationCause.Frozen(snapshot.toString()), spare.onExit().get(30, TimeUnit.SECONDS).cause());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the frozen spare's process should be gone");
        try (Stream<Path> files = Files.list(snapshot)) {
            assertTrue(files.anyMatch(file -> file.getFileName().toString().startsWith("pages-")), "CRIU should have written the memory");
        }

        Link[] report = new Link[1];
        Isolate shop = startReporting(frozen.thaw(shape(ReportOverLink.class.getName(), "shop", "--port", "8081")), report);

        // What the warm-up left in the JVM (a system property naming the pid it ran in) is there: the same process, restored.
        assertEquals("name=shop args=--port,8081 warmed=WarmUp in pid " + pid, ((LinkMessage.Text) report[0].receive(Duration.ofSeconds(30))).text());
        assertEquals(pid, shop.pid());
        assertEquals(spare.id(), shop.id());
        assertFalse(Files.exists(snapshot), "a thawed snapshot is removed");
        IsolateRecord record = IsolateRegistry.open(home).find(shop.id()).orElseThrow();
        assertEquals("shop", record.name());
        assertEquals("RUNNING", record.state());

        // Its exit status comes from waitpid on the restored child, as for any isolate.
        assertEquals(new TerminationCause.Exited(7), shop.exit(7).get(30, TimeUnit.SECONDS).cause());
    }

    @Test
    void aThawedSpareIsResetOnlyOnceItsPurposeHasWorked() throws Exception {
        // The processor time is read again after the restore, where the JDK's ProcessHandle.Info has none to give,
        // and so is the compile count, from the perf data file the restored process maps again.
        IsolateSpec spareSpec = shape(WarmUp.class.getName(), "spare", "compile").toBuilder()
                .systemProperty(SpareJitReset.DELAY_PROPERTY, "PT0S").systemProperty(SpareJitReset.CPU_PROPERTY, "PT2S").build();
        Isolate spare = new Isolate(spareSpec, home, IsolateLauncher.jvmProcesses()).startSpare();
        started.add(spare);
        spare.spareReady().get(90, TimeUnit.SECONDS);
        FrozenSpare frozen = spare.freeze(home.resolve("frozen"));
        Link[] report = new Link[1];

        startReporting(frozen.thaw(shape(ReportJitResetAfterWork.class.getName(), "purpose", "5", "120")), report);

        String text = ((LinkMessage.Text) report[0].receive(Duration.ofSeconds(150))).text();
        assertTrue(text.matches("idle: no reset; after work: reset \\d+ classes, WarmUp among them: true, own class kept: true"), text);
    }

    @Test
    void aThawedIsolateDoesNotTakeItsLiveCreatorForGone() throws Exception {
        FrozenSpare frozen = readySpare().freeze(home.resolve("frozen"));
        Link[] report = new Link[1];
        Isolate shop = startReporting(frozen.thaw(shape(ReportOverLink.class.getName(), "shop")), report);
        report[0].receive(Duration.ofSeconds(30));

        // Restored, the JDK's wait for the creator (this JVM) ends at its next check, within about a second; the
        // isolate, whose orphan policy is EXIT, must see that this process still runs and wait on.
        Thread.sleep(3000);
        IsolateRecord record = IsolateRegistry.open(home).find(shop.id()).orElseThrow();
        assertTrue(record.alive(), "the thawed isolate should keep running while its creator does: " + record);
        assertEquals(new TerminationCause.Exited(0), shop.exit(0).get(30, TimeUnit.SECONDS).cause());
    }

    @Test
    void withoutCriuTheSpareIsNotFrozenAndWaitsOn() throws Exception {
        Isolate spare = readySpare();
        System.setProperty(Criu.PROPERTY, home.resolve("no-such-criu").toString());

        CheckpointException missing = assertThrows(CheckpointException.class, () -> spare.freeze(home.resolve("frozen")));

        assertTrue(missing.getMessage().contains("no criu was found") && missing.getMessage().contains("bin/install-criu"), missing.getMessage());
        assertFalse(Files.exists(home.resolve("frozen")));
        Link[] report = new Link[1];
        startReporting(spare.takeOver(shape(ReportOverLink.class.getName(), "shop")), report);
        assertTrue(((LinkMessage.Text) report[0].receive(Duration.ofSeconds(30))).text().startsWith("name=shop"));
    }

    @Test
    void aSpareWithAConnectedSocketIsNotFrozenAndCanBeOnceItIsClosed() throws Exception {
        Isolate spare = readySpare("hold-connection", "4");

        CheckpointException connected = assertThrows(CheckpointException.class, () -> spare.freeze(home.resolve("frozen")));

        assertTrue(connected.getMessage().contains("Connected TCP socket"), connected.getMessage());
        assertTrue(connected.refusedForOpenConnection(), "a refusal worth trying again once the connection is gone");
        // The warm-up's client side, whose server side has closed: the message names it, which CRIU does not.
        assertTrue(connected.getMessage().matches("(?s).*the process's TCP connections: .*127\\.0\\.0\\.1:\\d+ -> 127\\.0\\.0\\.1:\\d+ CLOSE_WAIT.*"),
                connected.getMessage());
        assertFalse(Files.exists(home.resolve("frozen")), "a failed dump leaves no snapshot");
        // The spare waits on, unharmed; once its connection is gone (what SparePool waits for before it tries again) it freezes.
        Thread.sleep(6_000);
        FrozenSpare frozen = spare.freeze(home.resolve("frozen"));
        Link[] report = new Link[1];
        startReporting(frozen.thaw(shape(ReportOverLink.class.getName(), "shop")), report);
        assertTrue(((LinkMessage.Text) report[0].receive(Duration.ofSeconds(30))).text().startsWith("name=shop"));
    }

    @Test
    void aCriuTooOldIsRefusedByName() throws Exception {
        Path oldCriu = home.resolve("criu");
        Files.writeString(oldCriu, "#!/bin/sh\necho 'Version: 3.17.1'\n");
        assertTrue(oldCriu.toFile().setExecutable(true));
        System.setProperty(Criu.PROPERTY, oldCriu.toString());

        CheckpointException old = assertThrows(CheckpointException.class, Criu::locate);

        assertTrue(old.getMessage().contains("is 3.17") && old.getMessage().contains("CRIU 4 or later"), old.getMessage());
    }

    @Test
    void aBrokenSnapshotFailsTheStartWithCriusReasonAndIsRemoved() throws Exception {
        Path snapshot = home.resolve("frozen");
        FrozenSpare frozen = readySpare().freeze(snapshot);
        try (Stream<Path> files = Files.list(snapshot)) {
            for (Path pages : files.filter(file -> file.getFileName().toString().startsWith("pages-")).toList()) {
                Files.delete(pages);
            }
        }

        Isolate shop = frozen.thaw(shape(ReportOverLink.class.getName(), "shop"));
        started.add(shop);
        IsolateStartException failed = assertThrows(IsolateStartException.class, () -> shop.start(Link.newLink(shop, Isolate.current())));

        assertTrue(failed.getMessage().contains("cannot thaw frozen spare " + frozen.id()), failed.getMessage());
        assertTrue(failed.getMessage().contains("criu restore failed"), failed.getMessage());
        assertInstanceOf(TerminationCause.FailedToStart.class, shop.onExit().get(10, TimeUnit.SECONDS).cause());
        assertFalse(Files.exists(snapshot));
    }

    @Test
    void aFrozenSpareBecomesOnlyWhatFitsItsJvmAndOnlyOnce() throws Exception {
        Isolate spare = readySpare();
        FrozenSpare frozen = spare.freeze(home.resolve("frozen"));

        IllegalArgumentException bigger = assertThrows(IllegalArgumentException.class,
                () -> frozen.thaw(shape(ReportOverLink.class.getName(), "big").toBuilder().maxHeap(MemorySize.parse("128m")).build()));
        assertTrue(bigger.getMessage().contains("maxHeap 64m is not 128m"), bigger.getMessage());
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> spare.freeze(home.resolve("again")));
        assertTrue(again.getMessage().contains("frozen already") || again.getMessage().contains("has ended"), again.getMessage());

        frozen.discard();
        assertFalse(Files.exists(frozen.snapshot()));
        IllegalStateException discarded = assertThrows(IllegalStateException.class,
                () -> frozen.thaw(shape(ReportOverLink.class.getName(), "late")));
        assertTrue(discarded.getMessage().contains("thawed or discarded already"), discarded.getMessage());
    }

    @Test
    void onlyAReadySpareCanBeFrozen() {
        Isolate ordinary = new Isolate(shape(ReportOverLink.class.getName(), "ordinary"), home, IsolateLauncher.jvmProcesses());

        IllegalStateException notSpare = assertThrows(IllegalStateException.class, () -> ordinary.freeze(home.resolve("frozen")));

        assertTrue(notSpare.getMessage().contains("not started as a spare"), notSpare.getMessage());
    }
}

package dev.isola.mvm.link;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Real processes: a child that is killed, one that has already exited, and callbacks cancelled before the exit. */
class PeerExitWatchTest {

    private final List<Process> children = new ArrayList<>();

    @BeforeAll
    static void linuxWithNativeAccess() {
        assumeTrue(Futex.AVAILABLE, "exits are watched on Linux with native access only, as futexes are");
    }

    @AfterEach
    void killChildren() {
        children.forEach(Process::destroyForcibly);
    }

    @Test
    void watchesReportTheExitOfAWatchedProcess() throws Exception {
        assertTrue(PeerExitWatch.running());
        Process child = sleeper();
        CountDownLatch exited = new CountDownLatch(1);
        PeerExitWatch.Watch watch = PeerExitWatch.watch(PeerProcess.of(child.toHandle()), exited::countDown).orElseThrow();

        assertEquals(1, exited.getCount(), "reported before the process exited");
        child.destroyForcibly().waitFor();
        assertTrue(exited.await(30, TimeUnit.SECONDS), "the exit of " + child.pid() + " was not reported");
        watch.close();
    }

    @Test
    void aProcessThatHasAlreadyExitedIsReportedAtOnce() throws Exception {
        Process child = sleeper();
        PeerProcess peer = PeerProcess.of(child.toHandle());
        child.destroyForcibly().waitFor();
        AtomicInteger reports = new AtomicInteger();

        PeerExitWatch.watch(peer, reports::incrementAndGet).orElseThrow();

        assertEquals(1, reports.get(), "an exited process is reported while watch() runs, on the caller's thread");
    }

    @Test
    void aCancelledWatchIsNotReportedWhileOthersOfTheSameProcessAre() throws Exception {
        Process child = sleeper();
        PeerProcess peer = PeerProcess.of(child.toHandle());
        AtomicInteger cancelledReports = new AtomicInteger();
        CountDownLatch kept = new CountDownLatch(1);
        PeerExitWatch.Watch cancelled = PeerExitWatch.watch(peer, cancelledReports::incrementAndGet).orElseThrow();
        PeerExitWatch.watch(peer, kept::countDown).orElseThrow();

        cancelled.close();
        child.destroyForcibly().waitFor();

        assertTrue(kept.await(30, TimeUnit.SECONDS), "the exit of " + child.pid() + " was not reported");
        // Both callbacks of one process run one after the other, the cancelled one first had it stayed.
        assertEquals(0, cancelledReports.get());
    }

    @Test
    void aCommandLineThatDoesNotMatchIsAnotherProcessUnderARecycledPid() throws Exception {
        Process child = sleeper();
        PeerProcess impostor = new PeerProcess(child.pid(), PeerProcess.of(child.toHandle()).fingerprint() + 1);
        AtomicInteger reports = new AtomicInteger();

        PeerExitWatch.watch(impostor, reports::incrementAndGet).orElseThrow();

        assertEquals(1, reports.get(), "the process recorded as the peer is gone, whatever now runs under its pid");
        assertTrue(child.isAlive());
    }

    private Process sleeper() throws Exception {
        Process child = new ProcessBuilder("sleep", "600").start();
        children.add(child);
        return child;
    }
}

package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A process that has ended but has not been reaped yet (a zombie) counts as ended. */
class ProcessIdentityTest {

    @Test
    void aZombieIsNotLive() throws Exception {
        // sh starts a child, then becomes a sleep that never reaps it. The child ends only once its parent is that sleep
        // ($$ in the subshell is the parent's pid): had it ended earlier, sh could have reaped it before the exec.
        Process parent = new ProcessBuilder("sh", "-c",
                "(while [ \"$(cat /proc/$$/comm)\" != sleep ]; do sleep 0.01; done) & echo $!; exec sleep 30").start();
        try {
            long zombie = Long.parseLong(new BufferedReader(new InputStreamReader(parent.getInputStream())).readLine().strip());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!Files.readString(Path.of("/proc", Long.toString(zombie), "stat")).contains(") Z")) {
                assertTrue(System.nanoTime() < deadline, "the child became a zombie");
                Thread.sleep(10);
            }
            assertTrue(ProcessHandle.of(zombie).map(ProcessHandle::isAlive).orElse(false), "the JDK still sees it alive");
            assertFalse(new ProcessIdentity(zombie, Instant.EPOCH).live().isPresent());
            assertTrue(ProcessIdentity.current().live().isPresent());
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }
}

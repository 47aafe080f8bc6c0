package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** This JVM's diagnostic commands through a jcmd process: what it printed, how it ended, nothing left behind. */
class JcmdTest {

    @TempDir
    Path scratch;

    @Test
    void runsACommandInThisJvmAndLeavesNoScratchFile() throws Exception {
        Jcmd.Result version = Jcmd.run(scratch, "VM.version");

        assertEquals(0, version.exitCode(), version.output());
        assertTrue(version.output().startsWith(ProcessHandle.current().pid() + ":"), version.output());
        assertTrue(version.output().contains(System.getProperty("java.vm.version")), version.output());
        try (var left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void aCommandTheJvmDoesNotKnowIsReportedWithWhatJcmdSaid() throws Exception {
        Jcmd.Result unknown = Jcmd.run(scratch, "No.Such.Command");

        assertNotEquals(0, unknown.exitCode(), unknown.output());
        assertTrue(unknown.output().contains("Unknown diagnostic command"), unknown.output());
    }
}

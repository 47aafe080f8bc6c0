package dev.isola.mvm.isolate;

import dev.isola.mvm.isolate.workloads.CreateChildThenWait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An isolate whose creator dies follows its own orphan policy; nothing kills it implicitly.
 * The creator here is itself an isolate, halted from the test.
 */
class OrphanPolicyTest {

    @TempDir
    Path home;

    private Isolate startChildViaCreator(OrphanPolicy policy) throws Exception {
        Path idFile = home.resolve("child-id-" + policy);
        Isolate creator = new Isolate(IsolateSpec.builder(CreateChildThenWait.class.getName())
                .name("creator")
                .image(TestImages.testImage())
                .arguments(policy.name(), idFile.toString())
                .build(), home, IsolateLauncher.jvmProcesses()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(idFile) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        String childId = Files.readString(idFile).strip();
        creator.halt(1).get(10, TimeUnit.SECONDS);
        return IsolateRegistry.open(home).adopt(childId);
    }

    @Test
    void exitPolicyEndsTheOrphanInAnOrderlyWay() throws Exception {
        Isolate orphan = startChildViaCreator(OrphanPolicy.EXIT);

        IsolateStatus.Terminated end = orphan.onExit().get(30, TimeUnit.SECONDS);

        assertEquals(new TerminationCause.Exited(0), end.cause());
    }

    @Test
    void keepRunningPolicyOutlivesTheCreatorAndCanBeAdopted() throws Exception {
        Isolate orphan = startChildViaCreator(OrphanPolicy.KEEP_RUNNING);
        // The EXIT policy reacts within this window (see the other test); a KEEP_RUNNING
        // orphan must still be there after it.
        Thread.sleep(1500);
        IsolateRecord record = IsolateRegistry.open(home).find(orphan.id()).orElseThrow();
        assertTrue(record.alive(), "orphan should still run: " + record);

        IsolateStatus.Terminated end = orphan.exit(5).get(30, TimeUnit.SECONDS);

        assertEquals(new TerminationCause.Exited(5), end.cause());
    }
}

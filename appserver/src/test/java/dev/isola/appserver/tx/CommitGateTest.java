package dev.isola.appserver.tx;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Commits wait while a backup holds the gate, go on when it is released or its lease runs out, and a second hold is refused. */
@Timeout(60)
class CommitGateTest {

    private final LocalTransactionManager tm = new LocalTransactionManager(Duration.ZERO);

    /** A transaction begun now and committed on another thread; the latch opens once the commit returned. */
    private CountDownLatch commitOnAnotherThread() {
        CountDownLatch committed = new CountDownLatch(1);
        Thread.ofPlatform().start(() -> {
            try {
                tm.begin();
                tm.commit();
                committed.countDown();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return committed;
    }

    @Test
    void aCommitWaitsWhileTheGateIsHeldAndGoesOnWhenItIsReleased() throws Exception {
        String token = tm.commitGate().hold(Duration.ofMinutes(5));
        CountDownLatch committed = commitOnAnotherThread();

        assertFalse(committed.await(300, TimeUnit.MILLISECONDS), "the commit waits for the hold");
        assertEquals("done", tm.commitGate().whileClosed(() -> "done"), "the backup's own copies run under its hold");
        assertFalse(tm.commitGate().release("another token"));
        assertTrue(tm.commitGate().release(token));

        assertTrue(committed.await(30, TimeUnit.SECONDS), "the commit went on");
        assertFalse(tm.commitGate().release(token), "released once");
    }

    @Test
    void aHoldWhoseLeaseRunsOutLetsTheCommitsGoOn() throws Exception {
        String token = tm.commitGate().hold(Duration.ofMillis(200));
        CountDownLatch committed = commitOnAnotherThread();

        assertTrue(committed.await(30, TimeUnit.SECONDS), "the lease ran out and the commit went on");
        assertFalse(tm.commitGate().release(token), "the hold had ended");
        String next = tm.commitGate().hold(Duration.ofMinutes(1));
        assertTrue(tm.commitGate().release(next), "a new hold once the last one ended");
    }

    @Test
    void oneHoldAtATime() throws Exception {
        String token = tm.commitGate().hold(Duration.ofMinutes(1));

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> tm.commitGate().hold(Duration.ofMinutes(1)));
        assertEquals("commits are held already, by another backup", e.getMessage());
        assertTrue(tm.commitGate().release(token));
    }
}

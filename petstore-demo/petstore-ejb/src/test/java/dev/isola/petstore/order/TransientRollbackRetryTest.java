package dev.isola.petstore.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.TestDatabase;
import jakarta.ejb.EJBException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The checkout's retry: a real Derby lock timeout is retried, decisions and other failures are not. */
class TransientRollbackRetryTest {

    private final List<Long> pauses = new ArrayList<>();

    @Test
    void aDerbyLockTimeoutIsRetriedAndTheSecondAttemptCommits() throws Exception {
        try (TestDatabase database = TestDatabase.installed(); Connection holder = database.connect()) {
            try (Statement statement = holder.createStatement()) {
                statement.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.waitTimeout', '1')");
                holder.commit();
                statement.executeUpdate("UPDATE item SET stock = stock - 1 WHERE itemid = 'I-1001'");
            }
            AtomicInteger attempts = new AtomicInteger();
            // The first attempt waits for the holder's row lock and times out (40XL1); the pause ends the holder's transaction.
            TransientRollbackRetry retry = new TransientRollbackRetry(3, 5, millis -> {
                pauses.add(millis);
                try {
                    holder.commit();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            int updated = retry.run(() -> {
                attempts.incrementAndGet();
                try (Connection connection = database.connect();
                     PreparedStatement update = connection.prepareStatement("UPDATE item SET stock = stock - 1 WHERE itemid = ?")) {
                    update.setString(1, "I-1001");
                    int rows = update.executeUpdate();
                    connection.commit();
                    return rows;
                } catch (SQLException e) {
                    throw new EJBException("could not reserve I-1001: " + e.getMessage(), e);
                }
            });
            assertEquals(1, updated);
            assertEquals(2, attempts.get(), "one lock timeout, then success");
            assertEquals(1, pauses.size());
            assertEquals(38, database.queryInt("SELECT stock FROM item WHERE itemid = 'I-1001'"), "both updates committed, once each");
        }
    }

    @Test
    void aTransientFailureThatPersistsIsThrownAfterTheLastAttemptWithGrowingPauses() {
        EJBException timeout = new EJBException("could not place the order", new SQLException("A lock could not be obtained", "40XL1"));
        AtomicInteger attempts = new AtomicInteger();
        TransientRollbackRetry retry = new TransientRollbackRetry(4, 20, pauses::add);
        EJBException thrown = assertThrows(EJBException.class, () -> retry.run(() -> {
            attempts.incrementAndGet();
            throw timeout;
        }));
        assertSame(timeout, thrown);
        assertEquals(4, attempts.get());
        assertEquals(3, pauses.size());
        for (int i = 0; i < 3; i++) {
            long base = 20L << i;
            long pause = pauses.get(i);
            assertTrue(pause >= base && pause <= 2 * base, "pause " + (i + 1) + " is " + pause + " ms, expected " + base + " to " + 2 * base);
        }
    }

    @Test
    void otherFailuresAndDecisionsAreNotRetried() {
        TransientRollbackRetry retry = new TransientRollbackRetry(4, 0, pauses::add);
        AtomicInteger attempts = new AtomicInteger();
        EJBException duplicate = new EJBException("x", new SQLException("duplicate key", "23505"));
        assertSame(duplicate, assertThrows(EJBException.class, () -> retry.run(() -> {
            attempts.incrementAndGet();
            throw duplicate;
        })));
        assertThrows(InsufficientStockException.class, () -> retry.run(() -> {
            attempts.incrementAndGet();
            throw new InsufficientStockException("I-1023", "Persian", 1, 0);
        }));
        assertEquals(2, attempts.get(), "each ran once");
        assertEquals(List.of(), pauses);
    }

    @Test
    void recognisesTheRollbackClassAnywhereInTheCauseChain() {
        SQLException chained = new SQLException("statement failed", "XJ001");
        chained.setNextException(new SQLException("deadlock", "40001"));
        assertTrue(TransientRollbackRetry.isTransientRollback(new EJBException("wrapped", new RuntimeException(chained))));
        assertTrue(TransientRollbackRetry.isTransientRollback(new SQLException("lock timeout", "40XL1")));
        assertFalse(TransientRollbackRetry.isTransientRollback(new EJBException("no SQL", new IllegalStateException("x"))));
        assertFalse(TransientRollbackRetry.isTransientRollback(new SQLException("connection refused", "08001")));
        assertFalse(TransientRollbackRetry.isTransientRollback(new SQLException("no state")));
    }

    @Test
    void refusesBadSettings() {
        assertEquals("maxAttempts must be at least 1, not 0",
                assertThrows(IllegalArgumentException.class, () -> new TransientRollbackRetry(0, 10, pauses::add)).getMessage());
        assertEquals("baseBackoffMillis must not be negative, not -1",
                assertThrows(IllegalArgumentException.class, () -> new TransientRollbackRetry(1, -1, pauses::add)).getMessage());
    }
}

package dev.isola.appserver.jdbc;

import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.tx.LocalTransactionManager;
import jakarta.jms.JMSContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.naming.InitialContext;
import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A running server's databases copied for a backup while transactions go on: each copy opens as
 * a database, and every transaction that wrote two rows and sent a message is in the copies
 * whole (both rows and the message) or not at all; a database not opened yet is copied as files
 * and stays closed.
 */
@Timeout(120)
class OnlineBackupTest {

    private static final String LEDGER = "java:global/jdbc/Ledger";

    private RunningServer fixture;

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void transactionsThatWroteADatabaseAndSentAMessageAreInTheCopiesWholeOrNotAtAll() throws Exception {
        fixture = new RunningServer(b -> b.dataSource(DataSourceSpec.derbyEmbedded(LEDGER, "ledger").withPool(1, 4))
                .jmsDestination(DestinationConfig.queue("entries")));
        DataSource ledger = (DataSource) new InitialContext().lookup(LEDGER);
        try (Connection c = ledger.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE ENTRY (PAIR INT NOT NULL, SIDE CHAR(1) NOT NULL, PRIMARY KEY (PAIR, SIDE))");
        }
        LocalTransactionManager tm = fixture.server().transactionManager();
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger committed = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = Thread.ofPlatform().name("ledger-writer").start(() -> {
            try {
                for (int pair = 0; writing.get(); pair++) {
                    tm.begin();
                    JMSContext jms = fixture.server().jmsConnectionFactory().createContext();
                    try (Connection c = ledger.getConnection(); PreparedStatement insert = c.prepareStatement("INSERT INTO ENTRY VALUES (?, ?)")) {
                        for (String side : List.of("D", "C")) {
                            insert.setInt(1, pair);
                            insert.setString(2, side);
                            insert.executeUpdate();
                        }
                        jms.createProducer().send(jms.createQueue("entries"), "pair " + pair);
                    }
                    tm.commit();
                    jms.close();
                    committed.incrementAndGet();
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        List<Path> copies = new ArrayList<>();
        try {
            awaitCommits(committed, 20, failure);
            for (int n = 0; n < 3; n++) {
                Path staging = fixture.root().resolve("staging-" + n);
                assertEquals(List.of("ledger", "jms/store"), fixture.server().backUpDatabases(staging));
                copies.add(staging);
                awaitCommits(committed, committed.get() + 10, failure);
            }
        } finally {
            writing.set(false);
            writer.join();
        }
        assertNull(failure.get(), () -> "the writer failed: " + failure.get());

        int previous = -1;
        for (Path staging : copies) {
            assertFalse(Files.exists(staging.resolve("ledger/db.lck")), "the copy is not marked open");
            int rows = count(staging.resolve("ledger"), "SELECT COUNT(*) FROM ENTRY");
            int pairs = count(staging.resolve("ledger"), "SELECT COUNT(DISTINCT PAIR) FROM ENTRY");
            int messages = count(staging.resolve("jms/store"), "SELECT COUNT(*) FROM JMS_MESSAGE");
            assertEquals(2 * pairs, rows, "no transaction halfway in " + staging);
            assertEquals(pairs, messages, "as many messages as transactions in " + staging);
            assertTrue(pairs >= 20 && pairs > previous, "each copy later than the one before: " + pairs + " after " + previous);
            previous = pairs;
        }
    }

    @Test
    void aDatabaseNotOpenedYetIsCopiedAsFilesAndStaysClosed() throws Exception {
        fixture = new RunningServer();
        assertTrue(fixture.server().pingDataSource("java:comp/DefaultDataSource", "").openedPool(), "the ping created the database");
        fixture.restart();
        assertEquals(PoolFigures.State.NOT_OPENED_YET, defaultFigures().state());
        Path staging = fixture.root().resolve("staging");

        assertEquals(List.of("default"), fixture.server().backUpDatabases(staging));

        assertEquals(PoolFigures.State.NOT_OPENED_YET, defaultFigures().state(), "the copy did not open the database");
        try (Stream<Path> files = Files.list(staging.resolve("default"))) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".lck")), "no lock files in the copy");
        }
        assertTrue(count(staging.resolve("default"), "SELECT COUNT(*) FROM SYS.SYSSCHEMAS WHERE SCHEMANAME = 'APP'") == 1, "the copy opens");
    }

    @Test
    void nothingIsCopiedOfDatabasesNeverCreated() throws Exception {
        fixture = new RunningServer();

        assertEquals(List.of(), fixture.server().backUpDatabases(fixture.root().resolve("staging")));
        assertEquals(PoolFigures.State.NOT_OPENED_YET, defaultFigures().state());
    }

    private PoolFigures defaultFigures() {
        return fixture.server().dataSources().stream().filter(f -> f.name().equals("java:comp/DefaultDataSource")).findFirst().orElseThrow();
    }

    /** Until the writer has committed {@code atLeast} transactions; the class's timeout bounds it. */
    private static void awaitCommits(AtomicInteger committed, int atLeast, AtomicReference<Throwable> failure) throws InterruptedException {
        while (committed.get() < atLeast) {
            if (failure.get() != null) {
                throw new AssertionError("the writer failed", failure.get());
            }
            Thread.sleep(5);
        }
    }

    /** Opens the copy as Derby would after a restore, reads one number, and shuts it down again. */
    private static int count(Path database, String query) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:derby:" + database); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getInt(1);
        } finally {
            EmbeddedDerbyShutdown.shutdown(database);
        }
    }
}

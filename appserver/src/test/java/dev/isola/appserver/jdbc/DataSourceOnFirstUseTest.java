package dev.isola.appserver.jdbc;

import dev.isola.appserver.support.DefaultLocale;
import dev.isola.appserver.tx.LocalTransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A datasource opened by its first use (the platform's default one): nothing is opened or
 * created before, the first {@code getConnection()} opens the pool and the database, a failure
 * to open says why and does not stick, and closing one never used creates nothing.
 */
class DataSourceOnFirstUseTest {

    @TempDir
    Path data;

    private DefaultLocale locale;
    private ManagedDataSource dataSource;

    @BeforeEach
    void languageWithoutCountry() {
        locale = DefaultLocale.set(Locale.of("en"));
    }

    @AfterEach
    void closeAndRestoreTheLocale() {
        if (dataSource != null) {
            dataSource.close();
        }
        locale.close();
    }

    private ManagedDataSource onFirstUse(String database) {
        dataSource = new DataSourceFactory(data, new LocalTransactionManager(Duration.ZERO))
                .createOnFirstUse(DataSourceSpec.derbyEmbedded("java:comp/DefaultDataSource", database), getClass().getClassLoader());
        return dataSource;
    }

    private static int selectOne(ManagedDataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("VALUES 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void theDatabaseIsCreatedByTheFirstGetConnectionNotBefore() throws Exception {
        ManagedDataSource lazy = onFirstUse("default");

        assertFalse(lazy.isOpen());
        assertFalse(Files.exists(data.resolve("default")), "no database before the first use");

        assertEquals(1, selectOne(lazy));

        assertTrue(lazy.isOpen());
        assertTrue(Files.isDirectory(data.resolve("default")), "the first use creates the database");
        assertEquals(1, selectOne(lazy), "and the pool serves the next one");
    }

    @Test
    void aFirstUseThatCannotOpenTheDatabaseSaysWhyAndTheNextUseTriesAgain() throws Exception {
        ManagedDataSource lazy = onFirstUse("blocked");
        Files.writeString(data.resolve("blocked"), "a file where the database would go");

        SQLException refused = assertThrows(SQLException.class, lazy::getConnection);

        assertEquals("08001", refused.getSQLState());
        assertTrue(refused.getMessage().startsWith("datasource java:comp/DefaultDataSource: cannot connect: "), refused.getMessage());
        assertFalse(lazy.isOpen());
        Files.delete(data.resolve("blocked"));
        assertEquals(1, selectOne(lazy), "the failure does not stick");
    }

    @Test
    void closingADataSourceNeverUsedCreatesNothingAndItStaysClosed() {
        ManagedDataSource lazy = onFirstUse("never");

        lazy.close();

        SQLException closed = assertThrows(SQLException.class, lazy::getConnection);
        assertEquals("08003", closed.getSQLState());
        assertEquals("datasource java:comp/DefaultDataSource is closed (its server is stopping)", closed.getMessage());
        assertFalse(Files.exists(data.resolve("never")));
    }
}

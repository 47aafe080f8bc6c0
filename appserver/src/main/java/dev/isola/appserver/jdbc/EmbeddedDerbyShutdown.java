package dev.isola.appserver.jdbc;

import org.apache.derby.jdbc.EmbeddedDataSource;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Shuts down one embedded Derby database of this JVM (the engine goes on), so that its files
 * are complete on disk and no longer held: what a stopping datasource, a stopping JMS store and
 * a finished database template need. Or the whole engine, so that the next database opened
 * boots it again under the {@code derby.*} system properties of that moment (where it logs, for one).
 */
public final class EmbeddedDerbyShutdown {

    /** The SQLState with which Derby reports a database shut down cleanly. */
    private static final String SHUT_DOWN = "08006";
    /** ... and the whole engine. */
    private static final String ENGINE_SHUT_DOWN = "XJ015";

    private EmbeddedDerbyShutdown() {
    }

    /**
     * @param database the database's directory, as it was opened
     * @throws SQLException if Derby reports anything but a clean shutdown
     */
    public static void shutdown(Path database) throws SQLException {
        EmbeddedDataSource source = new EmbeddedDataSource();
        source.setDatabaseName(database.toString());
        source.setShutdownDatabase("shutdown");
        try {
            source.getConnection().close();
        } catch (SQLException e) {
            if (!SHUT_DOWN.equals(e.getSQLState())) {
                throw e;
            }
        }
    }

    /**
     * Shuts down the embedded engine with every database it still has open. Its driver stays
     * registered, so that the next connection boots the engine again.
     *
     * @throws SQLException if Derby reports anything but a clean shutdown
     */
    public static void engine() throws SQLException {
        try {
            DriverManager.getConnection("jdbc:derby:;shutdown=true;deregister=false").close();
        } catch (SQLException e) {
            if (!ENGINE_SHUT_DOWN.equals(e.getSQLState())) {
                throw e;
            }
        }
    }
}

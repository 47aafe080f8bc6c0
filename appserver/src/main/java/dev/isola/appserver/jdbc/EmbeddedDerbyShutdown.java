package dev.isola.appserver.jdbc;

import org.apache.derby.jdbc.EmbeddedDataSource;

import java.nio.file.Path;
import java.sql.SQLException;

/**
 * Shuts down one embedded Derby database of this JVM (the engine goes on), so that its files
 * are complete on disk and no longer held: what a stopping datasource, a stopping JMS store and
 * a finished database template need.
 */
public final class EmbeddedDerbyShutdown {

    /** The SQLState with which Derby reports a database shut down cleanly. */
    private static final String SHUT_DOWN = "08006";

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
}

package dev.isola.petstore.setup;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Creates the Pet Store's tables and seed data (the catalog and a demo account) in a database
 * that does not have them yet. It works in the caller's transaction and never commits: the
 * setup bean runs it in a container-managed transaction, so a failure leaves no half-made schema.
 */
public final class DatabaseSchema {
    /** The scripts, in the order they run; they live beside this class. */
    public static final List<String> SCRIPTS = List.of("schema.sql", "catalog.sql", "accounts.sql");

    /** The table whose presence means the schema is installed. */
    static final String MARKER_TABLE = "CATEGORY";

    private final Connection connection;

    public DatabaseSchema(Connection connection) {
        this.connection = connection;
    }

    /** Whether the connection's current schema has the Pet Store's tables. */
    public boolean isInstalled() throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        try (ResultSet tables = metaData.getTables(null, connection.getSchema(), MARKER_TABLE, new String[] {"TABLE"})) {
            return tables.next();
        }
    }

    /** Installs schema and seed data unless already there; returns whether it installed them. */
    public boolean installIfAbsent() throws SQLException {
        if (isInstalled()) {
            return false;
        }
        for (String name : SCRIPTS) {
            run(SqlScript.load(DatabaseSchema.class, name));
        }
        return true;
    }

    private void run(SqlScript script) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            int number = 1;
            for (String sql : script.statements()) {
                try {
                    statement.execute(sql);
                } catch (SQLException e) {
                    throw new SQLException("statement " + number + " of " + script.name() + " failed: " + e.getMessage(),
                            e.getSQLState(), e.getErrorCode(), e);
                }
                number++;
            }
        }
    }
}

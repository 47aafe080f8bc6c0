package dev.isola.petstore;

import dev.isola.petstore.setup.DatabaseSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

/**
 * A private in-memory embedded Derby database with the Pet Store schema and seed data installed
 * by the production scripts; {@link #close()} drops it.
 */
public final class TestDatabase implements AutoCloseable {
    private final String url;

    private TestDatabase(String url) {
        this.url = url;
    }

    /** A new database with the schema and seed data. */
    public static TestDatabase installed() throws SQLException {
        TestDatabase database = empty();
        try (Connection connection = database.connect()) {
            try {
                new DatabaseSchema(connection).installIfAbsent();
                connection.commit();
            } catch (SQLException e) {
                connection.rollback();
                throw e;
            }
        }
        return database;
    }

    /** A new database without any table. */
    public static TestDatabase empty() throws SQLException {
        TestDatabase database = new TestDatabase("jdbc:derby:memory:petstore-" + UUID.randomUUID());
        DriverManager.getConnection(database.url + ";create=true").close();
        return database;
    }

    /** A new connection with auto-commit off, as a container-managed transaction would have it. */
    public Connection connect() throws SQLException {
        Connection connection = DriverManager.getConnection(url);
        connection.setAutoCommit(false);
        return connection;
    }

    /** The single integer {@code sql} selects, with {@code parameters} bound in order. */
    public int queryInt(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    throw new SQLException("no row for: " + sql);
                }
                int value = rows.getInt(1);
                connection.commit();
                return value;
            }
        }
    }

    @Override
    public void close() {
        try {
            DriverManager.getConnection(url + ";drop=true").close();
        } catch (SQLException dropped) {
            // Derby reports a successful drop with SQL state 08006.
            if (!"08006".equals(dropped.getSQLState())) {
                throw new IllegalStateException("could not drop " + url, dropped);
            }
        }
    }
}

package dev.isola.appserver.testapps.bench;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The benchmark's JDBC work, the same in both variants: a 1000-row table and a lookup by key. */
public final class ItemSql {

    public static final int ROWS = 1000;

    private ItemSql() {
    }

    public static void createSchema(DataSource ds) {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            try {
                s.executeUpdate("CREATE TABLE item(id INT PRIMARY KEY, name VARCHAR(50) NOT NULL, price INT NOT NULL)");
            } catch (SQLException e) {
                if ("X0Y32".equals(e.getSQLState())) {
                    return;
                }
                throw e;
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setInt(1, i);
                    ps.setString(2, "item-" + i);
                    ps.setInt(3, 100 + i % 97);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String describe(DataSource ds, int id) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT name, price FROM item WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) + "=" + rs.getInt(2) : "none";
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}

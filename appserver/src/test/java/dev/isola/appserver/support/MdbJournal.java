package dev.isola.appserver.support;

import org.apache.derby.jdbc.EmbeddedDataSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what the MDB test applications wrote (testapps.mdb.Journal) straight from the server's
 * default Derby database, through the test's own connection.
 */
public final class MdbJournal {

    /** One processed message as a bean saw it. */
    public record Row(String bean, String tag, boolean redelivered, int deliveryCount, String detail) { }

    private final EmbeddedDataSource derby = new EmbeddedDataSource();

    public MdbJournal(RunningServer fixture) {
        derby.setDatabaseName(fixture.root().resolve("data").resolve("default").toString());
    }

    public MdbJournal(Path database) {
        derby.setDatabaseName(database.toString());
    }

    /** The journal rows of {@code bean} for {@code tag}, in insertion order. */
    public List<Row> rows(String bean, String tag) {
        return query("SELECT bean, tag, redelivered, delivery_count, detail FROM mdb_journal WHERE bean = ? AND tag = ? ORDER BY id", bean, tag);
    }

    /** The journal rows of {@code bean} whose tag starts with {@code prefix}. */
    public List<Row> rowsWithPrefix(String bean, String prefix) {
        return query("SELECT bean, tag, redelivered, delivery_count, detail FROM mdb_journal WHERE bean = ? AND tag LIKE ? ORDER BY id",
                bean, prefix + "%");
    }

    /** The delivery counts of the attempts {@code bean} recorded for {@code tag}. */
    public List<Integer> attempts(String bean, String tag) {
        List<Integer> counts = new ArrayList<>();
        try (Connection c = derby.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT delivery_count FROM mdb_attempts WHERE bean = ? AND tag = ? ORDER BY id")) {
            ps.setString(1, bean);
            ps.setString(2, tag);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.add(rs.getInt(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return counts;
    }

    /** How many order rows have {@code tag}. */
    public int orders(String tag) {
        try (Connection c = derby.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM mdb_orders WHERE tag = ?")) {
            ps.setString(1, tag);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Row> query(String sql, String... args) {
        List<Row> rows = new ArrayList<>();
        try (Connection c = derby.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setString(i + 1, args[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Row(rs.getString(1), rs.getString(2), rs.getBoolean(3), rs.getInt(4), rs.getString(5)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }
}

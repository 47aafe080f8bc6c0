package dev.isola.appserver.testapps.mdb;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the test beans write to Derby: one journal row per processed message (with the
 * redelivery flags the bean saw), one attempt row per delivery attempt (written in a
 * transaction of its own, so it survives a rollback).
 */
public final class Journal {

    private Journal() {
    }

    public static void createTables(DataSource ds) {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String ddl : new String[] {
                    "CREATE TABLE mdb_journal(id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, bean VARCHAR(40) NOT NULL, tag VARCHAR(100) NOT NULL,"
                            + " redelivered BOOLEAN NOT NULL, delivery_count INT NOT NULL, detail VARCHAR(200))",
                    "CREATE TABLE mdb_attempts(id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, bean VARCHAR(40) NOT NULL, tag VARCHAR(100) NOT NULL,"
                            + " delivery_count INT NOT NULL)",
                    "CREATE TABLE mdb_orders(id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tag VARCHAR(100) NOT NULL)",
                    // checked when the transaction commits, so a duplicate makes the commit itself fail
                    "CREATE TABLE mdb_unique(tag VARCHAR(100) NOT NULL, CONSTRAINT mdb_unique_tag UNIQUE (tag) DEFERRABLE INITIALLY DEFERRED)"}) {
                try {
                    s.executeUpdate(ddl);
                } catch (SQLException e) {
                    if (!"X0Y32".equals(e.getSQLState())) {
                        throw e;
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text of a message: "kind:tag". */
    static String text(Message message) {
        try {
            return ((TextMessage) message).getText();
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    static String tag(Message message) {
        String text = text(message);
        return text.substring(text.indexOf(':') + 1);
    }

    static boolean redelivered(Message message) {
        try {
            return message.getJMSRedelivered();
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    static int deliveryCount(Message message) {
        try {
            return message.getIntProperty("JMSXDeliveryCount");
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    static void record(DataSource ds, String bean, Message message, String detail) {
        insert(ds, "INSERT INTO mdb_journal(bean, tag, redelivered, delivery_count, detail) VALUES (?, ?, ?, ?, ?)",
                bean, tag(message), redelivered(message), deliveryCount(message), detail);
    }

    /** {@link #record} for beans of other test applications. */
    public static void recordFor(DataSource ds, String bean, Message message) {
        record(ds, bean, message, null);
    }

    static void attempt(DataSource ds, String bean, Message message) {
        insert(ds, "INSERT INTO mdb_attempts(bean, tag, delivery_count) VALUES (?, ?, ?)", bean, tag(message), deliveryCount(message));
    }

    static void order(DataSource ds, String tag) {
        insert(ds, "INSERT INTO mdb_orders(tag) VALUES (?)", tag);
    }

    /** Inserts {@code tag} twice into a table whose unique constraint is deferred: the transaction's database commit will fail. */
    static void spoilTheCommit(DataSource ds, String tag) {
        insert(ds, "INSERT INTO mdb_unique(tag) VALUES (?)", tag);
        insert(ds, "INSERT INTO mdb_unique(tag) VALUES (?)", tag);
    }

    private static void insert(DataSource ds, String sql, Object... values) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("insert failed: " + e.getMessage(), e);
        }
    }
}

package dev.isola.appserver.testapps.tx;

import jakarta.ejb.EJBContext;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The one piece of JDBC the transaction beans share: insert a row into the ledger, then end as told. */
final class Ledger {

    private Ledger() {
    }

    static void insert(DataSource ds, String entry) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement("INSERT INTO ledger(entry) VALUES (?)")) {
            ps.setString(1, entry);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("insert failed: " + e.getMessage(), e);
        }
    }

    static void end(String outcome, EJBContext context) throws AppFailure {
        switch (outcome) {
            case "ok" -> { }
            case "system" -> throw new IllegalStateException("system failure");
            case "app" -> throw new AppFailure("checked application exception");
            case "app-rollback" -> throw new RollbackFailure("application exception with rollback=true");
            case "rollback-only" -> context.setRollbackOnly();
            default -> throw new IllegalArgumentException(outcome);
        }
    }
}

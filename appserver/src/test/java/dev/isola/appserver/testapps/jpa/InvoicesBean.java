package dev.isola.appserver.testapps.jpa;

import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.SynchronizationType;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Invoices through the units of an EAR library: {@code invoices} on a datasource the application
 * defines, {@code archive} (named by its root's path) on the default one; and an unsynchronized
 * persistence context, which writes only in a transaction it joined.
 */
@Stateless
@DataSourceDefinition(name = "java:app/jdbc/invoices", className = "org.apache.derby.jdbc.EmbeddedDataSource", databaseName = "invoices")
public class InvoicesBean {

    @PersistenceContext(unitName = "invoices")
    private EntityManager invoices;

    @PersistenceContext(unitName = "lib/invoice-model.jar#archive")
    private EntityManager archive;

    @PersistenceContext(unitName = "invoices", synchronization = SynchronizationType.UNSYNCHRONIZED)
    private EntityManager draft;

    /** The EJB module's own unit, whose classes are those of a JAR of the EAR's library directory, named by <jar-file>. */
    @PersistenceContext(unitName = "ledger")
    private EntityManager ledger;

    @Resource(lookup = "java:app/jdbc/invoices")
    private DataSource invoicesDatabase;

    @Resource
    private DataSource defaultDatabase;

    public void issue(long number, String customer) {
        invoices.persist(new Invoice(number, customer));
    }

    public void archive(long number, String customer) {
        archive.persist(new Invoice(number, customer));
    }

    /** Persists in an unsynchronized context, joining the transaction only when asked: unjoined, nothing is written. */
    public void draft(long number, String customer, boolean join) {
        if (join) {
            draft.joinTransaction();
        }
        draft.persist(new Invoice(number, customer));
    }

    public void ledger(long number, String customer) {
        ledger.persist(new Invoice(number, customer));
    }

    /** An unsynchronized context first, then a synchronized one of the same unit in the same transaction: refused. */
    public String mixed(long number) {
        draft.persist(new Invoice(number, "draft"));
        try {
            invoices.persist(new Invoice(number + 1, "issued"));
            return "mixed";
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
    }

    /** Rows of the invoice table in each database, counted with plain JDBC: which unit wrote where (outside a transaction, which may use one datasource only). */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public String rows() throws SQLException {
        return "invoices " + count(invoicesDatabase) + ", default " + count(defaultDatabase);
    }

    private static long count(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery("select count(*) from Invoice")) {
            r.next();
            return r.getLong(1);
        }
    }
}

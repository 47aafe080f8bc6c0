package dev.isola.appserver.tx;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.tx.AppFailure;
import dev.isola.appserver.testapps.tx.AttributeBean;
import dev.isola.appserver.testapps.tx.ConnectionsBean;
import dev.isola.appserver.testapps.tx.ManualBean;
import dev.isola.appserver.testapps.tx.OuterBean;
import dev.isola.appserver.testapps.tx.RollbackFailure;
import dev.isola.appserver.testapps.tx.SchemaBean;
import dev.isola.appserver.testapps.tx.TxServlet;
import org.apache.derby.jdbc.EmbeddedDataSource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Container- and bean-managed transactions, checked where it counts: rows in the Derby
 * database, read by the test through its own connection to the database file.
 */
class TransactionsTest {

    static RunningServer fixture;
    static EmbeddedDataSource derby;
    static int sequence;

    @BeforeAll
    static void deploy() {
        fixture = new RunningServer();
        var ejb = TestApps.ejbJar("tx-ejb.jar", AttributeBean.class, OuterBean.class, ManualBean.class, ConnectionsBean.class, SchemaBean.class,
                        AppFailure.class, RollbackFailure.class)
                .addClass("dev.isola.appserver.testapps.tx.Ledger")
                .addAsManifestResource(new StringAsset("""
                        <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                          <assembly-descriptor>
                            <container-transaction>
                              <method>
                                <ejb-name>AttributeBean</ejb-name>
                                <method-name>described</method-name>
                              </method>
                              <trans-attribute>Required</trans-attribute>
                            </container-transaction>
                          </assembly-descriptor>
                        </ejb-jar>
                        """), "ejb-jar.xml");
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("tx.ear", "tx", ejb, TestApps.war("tx-web.war", TxServlet.class), "/tx")));
        derby = new EmbeddedDataSource();
        derby.setDatabaseName(fixture.root().resolve("data/default").toString());
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    private static String tag(String scenario) {
        return scenario + "-" + (++sequence);
    }

    private static int rows(String entry) throws SQLException {
        try (Connection c = derby.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM ledger WHERE entry = ?")) {
            ps.setString(1, entry);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    @ParameterizedTest(name = "{0} called without a transaction, ending {1}: {2}, {3} row")
    @CsvSource({
            "REQUIRED,      ok,            ok,                               1",
            "REQUIRED,      system,        EJBException,                     0",
            "REQUIRED,      app,           AppFailure,                       1",
            "REQUIRED,      app-rollback,  RollbackFailure,                  0",
            "REQUIRED,      rollback-only, ok,                               0",
            "REQUIRES_NEW,  ok,            ok,                               1",
            "REQUIRES_NEW,  system,        EJBException,                     0",
            "REQUIRES_NEW,  rollback-only, ok,                               0",
            "SUPPORTS,      ok,            ok,                               1",
            "SUPPORTS,      system,        EJBException,                     1",
            "NOT_SUPPORTED, ok,            ok,                               1",
            "NOT_SUPPORTED, system,        EJBException,                     1",
            "MANDATORY,     ok,            EJBTransactionRequiredException,  0",
            "NEVER,         ok,            ok,                               1",
            "NEVER,         system,        EJBException,                     1",
    })
    void attributeWithoutCallerTransaction(String attribute, String outcome, String result, int expectedRows) throws SQLException {
        String tag = tag("direct-" + attribute + "-" + outcome);
        assertEquals(result, fixture.get("/tx/tx?op=direct&attr=" + attribute + "&outcome=" + outcome + "&tag=" + tag));
        assertEquals(expectedRows, rows(tag));
    }

    @ParameterizedTest(name = "{0} called in a REQUIRED caller that then {2}s, ending {1}: {3}, inner {4}, outer {5}")
    @CsvSource({
            "REQUIRED,      ok,            commit,   ok,                               1, 1",
            "REQUIRED,      ok,            rollback, ok,                               0, 0",
            "REQUIRED,      system,        commit,   EJBTransactionRolledbackException, 0, 0",
            "REQUIRED,      app,           commit,   AppFailure,                       1, 1",
            "REQUIRED,      app-rollback,  commit,   RollbackFailure,                  0, 0",
            "REQUIRED,      rollback-only, commit,   ok,                               0, 0",
            "REQUIRES_NEW,  ok,            rollback, ok,                               1, 0",
            "REQUIRES_NEW,  system,        commit,   EJBException,                     0, 1",
            "REQUIRES_NEW,  rollback-only, commit,   ok,                               0, 1",
            "SUPPORTS,      ok,            rollback, ok,                               0, 0",
            "NOT_SUPPORTED, ok,            rollback, ok,                               1, 0",
            "MANDATORY,     ok,            commit,   ok,                               1, 1",
            "MANDATORY,     ok,            rollback, ok,                               0, 0",
            "NEVER,         ok,            commit,   EJBException,                     0, 1",
    })
    void attributeInsideCallerTransaction(String attribute, String outcome, String outer, String result, int innerRows, int outerRows)
            throws SQLException {
        String tag = tag("nested-" + attribute + "-" + outcome + "-" + outer);
        assertEquals(result, fixture.get("/tx/tx?op=nested&attr=" + attribute + "&outcome=" + outcome + "&tag=" + tag
                + "&rollbackOuter=" + outer.equals("rollback")));
        assertEquals(innerRows, rows(tag), "inner row");
        assertEquals(outerRows, rows(tag + "-outer"), "outer row");
    }

    @Test
    void descriptorTransactionAttributeWinsOverAnnotation() throws SQLException {
        String tag = tag("descriptor");
        assertEquals("ok", fixture.get("/tx/tx?op=nested&attr=DESCRIPTOR&outcome=ok&rollbackOuter=true&tag=" + tag));
        assertEquals(0, rows(tag), "REQUIRES_NEW (the annotation) would have committed the row on its own; Required (ejb-jar.xml) joined the rolled-back caller");
    }

    @Test
    void beanManagedTransactionsCommitAndRollBack() throws SQLException {
        String committed = tag("bmt-commit");
        String rolledBack = tag("bmt-rollback");
        String forgotten = tag("bmt-forget");
        assertEquals("ok", fixture.get("/tx/tx?op=bmt&commit=true&tag=" + committed));
        assertEquals("ok", fixture.get("/tx/tx?op=bmt&commit=false&tag=" + rolledBack));
        assertEquals("EJBException: bean ManualBean method forget returned without completing the transaction it began; it has been rolled back",
                fixture.get("/tx/tx?op=bmt-forget&tag=" + forgotten));
        assertEquals(1, rows(committed));
        assertEquals(0, rows(rolledBack));
        assertEquals(0, rows(forgotten));
    }

    @Test
    void connectionsOfOneDataSourceInOneTransactionShareThePhysicalConnection() throws SQLException {
        String tag = tag("same-connection");
        assertEquals("seen=1 autoCommit=false handleCommit=refused", fixture.get("/tx/tx?op=same-connection&tag=" + tag));
        assertEquals(1, rows(tag));
    }

    @Test
    void secondDataSourceInOneTransactionIsRefusedAndTheFirstCommits() throws SQLException {
        String tag = tag("two-datasources");
        String answer = fixture.get("/tx/tx?op=two-datasources&tag=" + tag);
        assertTrue(answer.startsWith("refused 25000: transaction "), answer);
        assertTrue(answer.contains(" already uses datasource java:comp/DefaultDataSource; datasource java:app/jdbc/second cannot join it: this server has no two-phase commit"), answer);
        assertEquals(1, rows(tag));
    }
}

package dev.isola.appserver.persistence;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.jpa.Invoice;
import dev.isola.appserver.testapps.jpa.InvoicesBean;
import dev.isola.appserver.testapps.jpa.InvoicesServlet;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Persistence units of an EAR library, seen by an EJB module and a web module: one on a
 * datasource the application defines with {@code @DataSourceDefinition}, one on the default
 * datasource named by {@code path#unit}; and an unsynchronized persistence context.
 */
class PersistenceUnitReferencesTest {

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        fixture = new RunningServer();
        String create = "<properties><property name=\"jakarta.persistence.schema-generation.database.action\" value=\"drop-and-create\"/></properties>";
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("invoicing.ear", "invoicing", TestApps.ejbJar("invoicing-ejb.jar", InvoicesBean.class)
                        .addAsManifestResource(new StringAsset("""
                                <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
                                  <persistence-unit name="ledger">
                                    <jar-file>lib/invoice-model.jar</jar-file>
                                    <exclude-unlisted-classes/>
                                  </persistence-unit>
                                </persistence>"""), "persistence.xml"),
                TestApps.war("invoicing-web.war", InvoicesServlet.class), "/invoicing",
                TestApps.library("invoice-model.jar", Invoice.class).addAsManifestResource(new StringAsset("""
                        <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
                          <persistence-unit name="invoices"><jta-data-source>java:app/jdbc/invoices</jta-data-source>%s</persistence-unit>
                          <persistence-unit name="archive">%s</persistence-unit>
                        </persistence>""".formatted(create, create)), "persistence.xml"))));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    private static String invoices(String query) {
        return fixture.get("/invoicing/invoices?" + query);
    }

    @Test
    void eachUnitWritesToItsOwnDataSource() {
        long[] before = rows(invoices("op=rows"));
        assertEquals(rowsText(before[0] + 1, before[1]), invoices("op=issue&number=1&customer=Bennet"));
        assertEquals(rowsText(before[0] + 1, before[1] + 1), invoices("op=archive&number=2&customer=Darcy"));
        assertEquals("Bennet", invoices("op=read&number=1"), "the web module's factory is the library unit's");
        assertEquals("none", invoices("op=read&number=2"), "the archive went to the other database");
    }

    /** "invoices N, default M" as {N, M}. */
    private static long[] rows(String text) {
        String[] parts = text.replace("invoices ", "").replace(" default ", "").split(",");
        return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1])};
    }

    private static String rowsText(long invoices, long defaults) {
        return "invoices " + invoices + ", default " + defaults;
    }

    @Test
    void anEjbModulesUnitTakesTheClassesOfTheJarFileItNames() {
        long[] before = rows(invoices("op=rows"));
        assertEquals(rowsText(before[0], before[1] + 1), invoices("op=ledger&number=30&customer=Wickham"));
    }

    @Test
    void aSynchronizedEntityManagerCannotUseTheTransactionsUnsynchronizedContext() {
        assertEquals("the transaction has an unsynchronized persistence context of persistence unit invoices of application invoicing, which a "
                + "synchronized entity manager cannot use (Jakarta Persistence 7.6.4.1)", invoices("op=mixed&number=40"));
    }

    @Test
    void anUnsynchronizedContextWritesOnlyInATransactionItJoined() {
        assertEquals("none", invoices("op=read&number=11"));
        invoices("op=draft&number=10&customer=Collins&join=false");
        assertEquals("none", invoices("op=read&number=10"), "not joined: nothing written");
        invoices("op=draft&number=11&customer=Collins&join=true");
        assertEquals("Collins", invoices("op=read&number=11"), "joined: written at commit");
    }
}

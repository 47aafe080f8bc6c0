package dev.isola.appserver.persistence;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.ejb.EjbSettings;
import dev.isola.appserver.support.Collected;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.jpa.Book;
import dev.isola.appserver.testapps.jpa.ExtendedCartBean;
import dev.isola.appserver.testapps.jpa.ExtendedInStatelessBean;
import dev.isola.appserver.testapps.jpa.LibraryBean;
import dev.isola.appserver.testapps.jpa.LibraryServlet;
import dev.isola.appserver.testapps.jpa.ReadingListBean;
import dev.isola.appserver.testapps.jpa.ShelfBean;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jakarta Persistence in a deployed EAR, with Hibernate ORM over the default Derby datasource: a
 * unit in the EJB module, injected into beans and a servlet, in container-managed transactions,
 * a {@code UserTransaction} and none.
 */
class PersistenceTest {

    static final String UNIT = """
            <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
              <persistence-unit name="library">
                <properties>
                  <property name="jakarta.persistence.schema-generation.database.action" value="drop-and-create"/>
                </properties>
              </persistence-unit>
            </persistence>
            """;

    /** For the other applications of the test, which share the default database and its tables with the first. */
    static final String SHARED_UNIT = """
            <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
              <persistence-unit name="library"/>
            </persistence>
            """;

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        // two stateful instances in memory at most, so that a third passivates one
        fixture = new RunningServer(b -> b.ejb(EjbSettings.defaults().withStateful(Duration.ofMinutes(30), 2)));
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("library.ear", "library",
                library("library-ejb.jar", UNIT), TestApps.war("library-web.war", LibraryServlet.class), "/library")));
    }

    static JavaArchive library(String name, String persistenceXml) {
        return TestApps.ejbJar(name, Book.class, LibraryBean.class, ShelfBean.class, ReadingListBean.class, ExtendedCartBean.class)
                .addAsManifestResource(new StringAsset(persistenceXml), "persistence.xml");
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    private static String library(String query) {
        return fixture.get("/library/library?" + query);
    }

    @Test
    void aBeanPersistsAndFindsInItsTransaction() {
        String id = library("op=add&title=Emma");
        assertEquals("Emma", library("op=title&id=" + id));
        assertEquals("1", library("op=count&title=Emma"));
    }

    @Test
    void theServerListsTheApplicationsUnitsWithItsModules() {
        assertEquals(List.of("library-ejb.jar (ejb)", "library-web.war (web, /library)", "persistence unit library (library-ejb.jar)"),
                fixture.server().deployments().stream().filter(d -> d.name().equals("library")).findFirst().orElseThrow().modules());
    }

    @Test
    void aRolledBackTransactionTakesThePersistedEntityWithIt() {
        assertEquals("failed", library("op=addThenFail&title=Persuasion"));
        assertEquals("0", library("op=count&title=Persuasion"));
    }

    @Test
    void theChangeOfAManagedEntityIsWrittenAtCommit() {
        String id = library("op=add&title=Sanditon");
        assertEquals("renamed", library("op=rename&title=Sanditon%20(unfinished)&id=" + id));
        assertEquals("Sanditon (unfinished)", library("op=title&id=" + id));
    }

    @Test
    void beansCalledInOneTransactionShareItsPersistenceContext() {
        assertEquals("true", library("op=shared&title=Lady%20Susan"));
    }

    @Test
    void outsideATransactionReadsComeBackDetachedAndWritesAreRefused() {
        String id = library("op=add&title=Mansfield%20Park");
        assertEquals("Mansfield Park, managed false", library("op=findOutside&id=" + id));
        assertEquals("1", library("op=queryOutside&title=Mansfield%20Park"));
        String refused = library("op=persistOutside&title=Nowhere");
        assertTrue(refused.startsWith("TransactionRequiredException: persist needs a transaction, and none is active"), refused);
        assertEquals("0", library("op=count&title=Nowhere"));
    }

    @Test
    void aServletsUserTransactionCommitsOrRollsBackItsPersistenceContext() {
        assertEquals("managed true", library("op=userTransaction&title=Northanger%20Abbey"));
        assertEquals("1", library("op=count&title=Northanger%20Abbey"));
        assertEquals("managed true", library("op=userTransaction&end=rollback&title=The%20Watsons"));
        assertEquals("0", library("op=count&title=The%20Watsons"));
    }

    @Test
    void theContainersObjectsCannotBeClosedByTheApplication() {
        assertEquals("refused", library("op=close"));
        assertEquals("refused", library("op=closeFactory"));
        library("op=add&title=Pride");
        assertEquals("1 from an application-managed entity manager", library("op=factory&title=Pride"));
    }

    @Test
    void aPassivatedStatefulBeanKeepsItsEntityManagerAndFactory() {
        assertEquals("[Love and Freindship] activated=1 factoryOpen=true",
                library("op=passivation&module=library-ejb&title=Love%20and%20Freindship"));
    }

    @Test
    void aStatefulBeansExtendedPersistenceContextKeepsItsEntitiesManagedUntilTheBeanIsRemoved() {
        assertEquals("managed true, before save Emma's Cart, after save Emma's Cart (revised), shared true, removed",
                library("op=extended&module=library-ejb&title=Emma%27s%20Cart"));
    }

    @Test
    void aWebModuleDefinesAUnitInItsClasses() {
        Path war = fixture.export(TestApps.war("books.war", Book.class, LibraryServlet.class, LibraryBean.class, ShelfBean.class,
                        ReadingListBean.class, ExtendedCartBean.class)
                .addAsResource(new StringAsset(SHARED_UNIT), "META-INF/persistence.xml"));
        fixture.server().deploy(war);
        try {
            assertEquals("managed true", fixture.get("/books/library?op=userTransaction&title=Juvenilia"));
            assertEquals("1", fixture.get("/books/library?op=count&title=Juvenilia"));
        } finally {
            fixture.server().undeploy("books");
        }
    }

    @Test
    void undeployClosesTheUnitAndReleasesTheClassLoader() throws Exception {
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("shortlived.ear", "shortlived",
                library("shortlived-ejb.jar", SHARED_UNIT), TestApps.war("shortlived-web.war", LibraryServlet.class), "/shortlived")));
        String id = fixture.get("/shortlived/library?op=add&title=Sense%20and%20Sensibility");
        assertEquals("Sense and Sensibility", fixture.get("/shortlived/library?op=title&id=" + id));
        assertEquals("Sense and Sensibility, managed false", fixture.get("/shortlived/library?op=findOutside&id=" + id));
        WeakReference<ClassLoader> loader = fixture.server().deployment("shortlived").classLoader();
        fixture.server().undeploy("shortlived");
        assertTrue(Collected.await(loader), "the application's class loader is still reachable after undeploy");
    }

    @Test
    void aUnitThatCannotStartFailsTheDeploymentNamingIt() {
        assertRefused("malformed", """
                <persistence version="3.2"><persistence-unit name="library"></persistence>""",
                "persistence.xml line 1");
        assertRefused("nodatasource", """
                <persistence version="3.2"><persistence-unit name="library"><jta-data-source>jdbc/missing</jta-data-source></persistence-unit></persistence>""",
                "its jta-data-source jdbc/missing cannot be found (java:comp/env/jdbc/missing is not bound; java:global/jdbc/missing is not bound;"
                        + " define it with @DataSourceDefinition or in the server's configuration)");
        assertRefused("otherunit", """
                <persistence version="3.2"><persistence-unit name="catalogue"/></persistence>""",
                "@PersistenceContext cannot be satisfied: no persistence unit named library in the application (its units: [otherunit-ejb.jar#catalogue])");
        assertRefused("twounits", """
                <persistence version="3.2"><persistence-unit name="library"/><persistence-unit name="archive"/></persistence>""",
                "module twounits-ejb sees more than one persistence unit (library, archive): give unitName");
        assertRefused("badtype", """
                <persistence version="3.2"><persistence-unit name="library" transaction-type="XA"/></persistence>""",
                "transaction-type 'XA' is not one of JTA, RESOURCE_LOCAL");
        assertRefused("noprovider", """
                <persistence version="3.2"><persistence-unit name="library"><provider>org.example.NoSuchProvider</provider></persistence-unit></persistence>""",
                "its provider org.example.NoSuchProvider is not in the application");
        assertRefused("badquery", """
                <persistence version="3.2"><persistence-unit name="library"><mapping-file>META-INF/queries.xml</mapping-file>
                </persistence-unit></persistence>""",
                "member persistence unit library (badquery-ejb.jar/META-INF/persistence.xml): it cannot start: Unable to build Hibernate "
                        + "SessionFactory");
        assertRefused("resourcelocal", """
                <persistence version="3.2"><persistence-unit name="library" transaction-type="RESOURCE_LOCAL"/></persistence>""",
                "a container-managed entity manager needs a JTA unit (inject its factory with @PersistenceUnit instead)");
        assertRefused("extended", SHARED_UNIT, "class dev.isola.appserver.testapps.jpa.ExtendedInStatelessBean, member field em: "
                + "@PersistenceContext cannot be satisfied: an EXTENDED persistence context is for stateful session beans only");
    }

    private static void assertRefused(String name, String persistenceXml, String expected) {
        JavaArchive ejb = library(name + "-ejb.jar", persistenceXml);
        if (name.equals("extended")) {
            ejb.addClass(ExtendedInStatelessBean.class);
        }
        if (name.equals("badquery")) {
            ejb.addAsManifestResource(new StringAsset("""
                    <entity-mappings xmlns="https://jakarta.ee/xml/ns/persistence/orm" version="3.2">
                      <named-query name="Broken"><query>select nothing from Nowhere n</query></named-query>
                    </entity-mappings>"""), "queries.xml");
        }
        Path ear = fixture.export(TestApps.mavenStyleEar(name + ".ear", name, ejb, TestApps.war(name + "-web.war", LibraryServlet.class), "/" + name));
        DeploymentException e = org.junit.jupiter.api.Assertions.assertThrows(DeploymentException.class, () -> fixture.server().deploy(ear));
        if (!e.getMessage().contains(expected)) {
            throw new AssertionError("expected the message to contain <" + expected + "> but it was <" + e.getMessage() + ">");
        }
        assertTrue(fixture.server().deployments().stream().noneMatch(d -> d.name().equals(name)), "nothing of " + name + " stays deployed");
    }
}

package dev.isola.admin.it;

import dev.isola.admin.it.books.Loan;
import dev.isola.admin.it.books.LoansServlet;
import dev.isola.mvm.isolate.IsolateRecord;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jakarta Persistence in real domains of the server image: a WAR with a persistence unit runs in
 * one, with the provider and Jakarta Validation loaded from the image's {@code lib/persistence/},
 * which is not on the isolates' class path; a domain whose applications have no unit never opens
 * the provider's JARs.
 */
@Timeout(600)
class PersistenceIT {

    private static AdminFixture admin;
    private static int libraryPort;

    @BeforeAll
    static void startDomains() throws Exception {
        admin = AdminFixture.start();
        Path war = admin.work().resolve("loans.war");
        ShrinkWrap.create(WebArchive.class, "loans.war").addClasses(Loan.class, LoansServlet.class)
                .addAsResource(new StringAsset("""
                        <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
                          <persistence-unit name="loans">
                            <properties>
                              <property name="jakarta.persistence.schema-generation.database.action" value="create"/>
                            </properties>
                          </persistence-unit>
                        </persistence>"""), "META-INF/persistence.xml")
                // a mapping file, which Hibernate reads with JAXB from the provider's own loader
                .addAsResource(new StringAsset("""
                        <entity-mappings xmlns="https://jakarta.ee/xml/ns/persistence/orm" version="3.2">
                          <named-query name="Loan.titled"><query>select l from Loan l where l.title = :title</query></named-query>
                        </entity-mappings>"""), "META-INF/orm.xml")
                .as(ZipExporter.class).exportTo(war.toFile(), true);
        libraryPort = admin.createAndDeploy("library", war);
        admin.deployTool("create-domain", "plain", "--port", Integer.toString(AdminFixture.freePort()), "--start");
    }

    @AfterAll
    static void stop() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    void aDomainRunsAnApplicationsPersistenceUnitWithTheImagesProvider() throws Exception {
        HttpResponse<String> first = HttpProbe.get(libraryPort, "/loans/loans?title=Emma");
        assertEquals(200, first.statusCode(), first.body());
        assertEquals("1 loans of Emma, timestamped true", first.body());
        assertEquals("2 loans of Emma, timestamped true", HttpProbe.get(libraryPort, "/loans/loans?title=Emma").body());
        assertEquals("refused: must not be blank", HttpProbe.get(libraryPort, "/loans/loans?title=%20").body(),
                "Jakarta Validation, beside the provider, checks the entity before it is written");
        IsolateRecord library = isolate("library");
        assertFalse(library.classPath().contains("hibernate"), "the provider is not on the isolates' class path: " + library.classPath());
        assertTrue(openJars(library).stream().anyMatch(jar -> jar.contains("/persistence/hibernate-core-")),
                "the domain with a persistence unit opened the provider: " + openJars(library));
    }

    @Test
    void aDomainWithoutPersistenceUnitsNeverOpensTheProvider() throws Exception {
        IsolateRecord plain = isolate("plain");
        List<String> jars = openJars(plain);
        assertFalse(jars.isEmpty(), "the domain has its class path open");
        assertTrue(jars.stream().noneMatch(jar -> jar.contains("hibernate")), "a domain without units opened " + jars);
    }

    private static IsolateRecord isolate(String name) {
        return admin.domainIsolates().stream().filter(r -> r.name().equals(name) && r.state().equals("RUNNING")).findFirst()
                .orElseThrow(() -> new AssertionError("no running isolate " + name + " in " + admin.domainIsolates()));
    }

    /** The JAR files the process has open, from its file descriptors. */
    private static List<String> openJars(IsolateRecord isolate) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(isolate.pid()), "fd"))) {
            return fds.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (IOException gone) {
                    return "";
                }
            }).filter(target -> target.endsWith(".jar")).sorted().toList();
        }
    }
}

package dev.isola.appserver.jdbc;

import dev.isola.appserver.support.DerbyDatabaseTerritory;
import dev.isola.appserver.tx.LocalTransactionManager;
import org.apache.derby.jdbc.EmbeddedDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * New embedded Derby databases copied from an empty one of their kind: the copies are complete,
 * independent databases with what their definition asked for; a kind's template is made once;
 * what a template cannot stand for (other creation attributes, an existing database, an unusable
 * templates directory, a template damaged on disk) is left to Derby, with nothing of a half-made
 * template or copy left behind.
 */
class DerbyDatabaseTemplatesTest {

    private static final String EN_US = "create=true;territory=en_US";

    @TempDir
    Path root;

    private final List<Path> booted = new ArrayList<>();

    @AfterEach
    void shutDownTheDatabases() {
        booted.forEach(DerbyDatabaseTemplatesTest::shutdown);
    }

    @Test
    void aNewDatabaseIsACopyOfItsKindsTemplateAndWorksAsOneDerbyMadeItself() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(root.resolve("templates"));
        Path orders = root.resolve("data/orders");

        assertTrue(templates.provide(orders, Map.of("connectionAttributes", EN_US)));

        assertEquals(1, templateCount(), "one template made");
        assertEquals("en_US", DerbyDatabaseTerritory.of(orders));
        try (Connection c = open(orders, EN_US); Statement s = c.createStatement()) {
            assertTrue(c.getWarnings() != null && c.getWarnings().getSQLState().equals("01J01"),
                    "Derby opened the copy as an existing database (01J01), it did not create one");
            s.execute("CREATE TABLE ORDERS (ID INT PRIMARY KEY, ITEM VARCHAR(20))");
            s.execute("INSERT INTO ORDERS VALUES (1, 'tea'), (2, 'milk')");
            try (ResultSet r = s.executeQuery("SELECT ITEM FROM ORDERS ORDER BY ID DESC")) {
                assertTrue(r.next());
                assertEquals("milk", r.getString(1));
            }
        }
        assertLeftNothingBehind();
    }

    @Test
    void laterDatabasesOfTheKindAreFurtherIndependentCopiesOfTheSameTemplate() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(root.resolve("templates"));
        Path first = root.resolve("data/first");
        Path second = root.resolve("data/second");
        assertTrue(templates.provide(first, Map.of("connectionAttributes", EN_US)));
        try (Connection c = open(first, EN_US); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE ONLY_IN_FIRST (ID INT)");
        }

        assertTrue(templates.provide(second, Map.of("connectionAttributes", EN_US)));

        assertEquals(1, templateCount(), "the template is made once");
        try (Connection c = open(second, EN_US);
             ResultSet tables = c.getMetaData().getTables(null, "APP", "ONLY_IN_FIRST", null)) {
            assertFalse(tables.next(), "what one copy holds is not in the other, nor in the template");
        }
        assertLeftNothingBehind();
    }

    @Test
    void aTerritoryOrACollationIsAnotherKindWithItsOwnTemplate() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(root.resolve("templates"));
        assertTrue(templates.provide(root.resolve("data/us"), Map.of("connectionAttributes", EN_US)));
        assertTrue(templates.provide(root.resolve("data/de"), Map.of("connectionAttributes", "create=true;territory=de_DE")));
        assertTrue(templates.provide(root.resolve("data/de-collated"),
                Map.of("connectionAttributes", "create=true;territory=de_DE;collation=TERRITORY_BASED")));

        assertEquals(3, templateCount());
        assertEquals("en_US", DerbyDatabaseTerritory.of(root.resolve("data/us")));
        assertEquals("de_DE", DerbyDatabaseTerritory.of(root.resolve("data/de")));
        String collation;
        try (Connection c = open(root.resolve("data/de-collated"), "");
             ResultSet r = c.createStatement().executeQuery("VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY('derby.database.collation')")) {
            r.next();
            collation = r.getString(1);
        }
        assertEquals("TERRITORY_BASED", collation);
    }

    @Test
    void whatATemplateCannotStandForIsLeftToDerby() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(root.resolve("templates"));
        Path encrypted = root.resolve("data/encrypted");
        Path unknownProperty = root.resolve("data/unknown");
        Path existing = root.resolve("data/existing");
        open(existing, EN_US).close();
        long existingFiles = fileCount(existing);

        assertFalse(templates.provide(encrypted, Map.of("connectionAttributes", "create=true;dataEncryption=true;bootPassword=secret-secret")));
        assertFalse(templates.provide(unknownProperty, Map.of("connectionAttributes", EN_US, "attributesAsPassword", "true")));
        assertFalse(templates.provide(existing, Map.of("connectionAttributes", EN_US)));

        assertFalse(Files.exists(root.resolve("templates")), "no template was made");
        assertFalse(Files.exists(encrypted));
        assertFalse(Files.exists(unknownProperty));
        assertEquals(existingFiles, fileCount(existing), "an existing database is left as it is");
    }

    @Test
    void anUnusableTemplatesDirectoryLeavesTheDatabaseToDerbyAndNothingBehind() throws Exception {
        Path notADirectory = Files.writeString(root.resolve("templates"), "a file where the templates should go");
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(notADirectory);
        Path orders = root.resolve("data/orders");

        assertFalse(templates.provide(orders, Map.of("connectionAttributes", EN_US)));

        assertFalse(Files.exists(orders), "no half-made copy");
        try (Connection c = open(orders, EN_US)) {
            assertEquals(null, c.getWarnings(), "Derby created the database itself");
        }
    }

    @Test
    void aTemplateDamagedOnDiskIsThrownAwayNotCopiedAndMadeAgainNextTime() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(root.resolve("templates"));
        assertTrue(templates.provide(root.resolve("data/first"), Map.of("connectionAttributes", EN_US)));
        Path template;
        try (Stream<Path> made = Files.list(root.resolve("templates"))) {
            template = made.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Path catalog;
        try (Stream<Path> files = Files.walk(template.resolve("database/seg0"))) {
            catalog = files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
        Files.write(catalog, new byte[] {1, 2, 3}); // truncated, as a failing disk might leave it

        Path second = root.resolve("data/second");
        assertFalse(templates.provide(second, Map.of("connectionAttributes", EN_US)));

        assertFalse(Files.exists(second), "nothing of the damaged template was copied");
        assertFalse(Files.exists(template), "the damaged template is gone");
        try (Connection c = open(second, EN_US)) {
            assertEquals(null, c.getWarnings(), "Derby created the database itself");
        }
        assertTrue(templates.provide(root.resolve("data/third"), Map.of("connectionAttributes", EN_US)), "the template is made again");
        try (Connection c = open(root.resolve("data/third"), EN_US)) {
            assertEquals("01J01", c.getWarnings().getSQLState());
        }
        assertLeftNothingBehind();
    }

    @Test
    void serversRacingForOneKindKeepOneTemplateAndEachGetsAWholeCopy() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(root.resolve("templates"));
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> provided = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Path database = root.resolve("data/racer" + i);
                provided.add(threads.submit((Callable<Boolean>) () -> templates.provide(database, Map.of("connectionAttributes", EN_US))));
            }
            for (Future<Boolean> p : provided) {
                assertTrue(p.get());
            }
        } finally {
            threads.shutdown();
        }

        assertEquals(1, templateCount());
        for (int i = 0; i < 4; i++) {
            try (Connection c = open(root.resolve("data/racer" + i), EN_US)) {
                assertEquals("01J01", c.getWarnings().getSQLState());
            }
        }
        assertLeftNothingBehind();
    }

    @Test
    void aDataSourceFactoryWithTemplatesOpensItsNewEmbeddedDatabasesAsCopies() throws Exception {
        Path data = root.resolve("data");
        DataSourceFactory factory = new DataSourceFactory(data, new LocalTransactionManager(Duration.ZERO), null,
                Optional.of(new DerbyDatabaseTemplates(root.resolve("templates"))));
        try (ManagedDataSource orders = factory.create(DataSourceSpec.derbyEmbedded("java:global/jdbc/orders", "orders"), getClass().getClassLoader());
             ManagedDataSource byUrl = factory.create(new DataSourceSpec("java:global/jdbc/products", "", "jdbc:derby:products;create=true;territory=en_US",
                     "", "", -1, "", "", Map.of(), -1, -1), getClass().getClassLoader())) {
            try (Connection c = orders.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE T (ID INT)");
            }
            byUrl.getConnection().close();
        }

        assertEquals(1, templateCount(), "both are databases of one kind");
        assertTrue(Files.isRegularFile(data.resolve("orders/service.properties")));
        assertTrue(Files.isRegularFile(data.resolve("products/service.properties")));
    }

    private long templateCount() throws Exception {
        try (Stream<Path> entries = Files.list(root.resolve("templates"))) {
            return entries.filter(p -> Files.isRegularFile(p.resolve("files.txt")) && Files.isRegularFile(p.resolve("database/service.properties"))).count();
        }
    }

    /** No directory of a template or a copy in the making. */
    private void assertLeftNothingBehind() throws Exception {
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> leftovers = all.filter(p -> p.getFileName().toString().contains(".building-")
                    || p.getFileName().toString().contains(".copying-")).toList();
            assertEquals(List.of(), leftovers);
        }
    }

    private static long fileCount(Path directory) throws Exception {
        try (Stream<Path> all = Files.walk(directory)) {
            return all.count();
        }
    }

    private Connection open(Path database, String attributes) throws SQLException {
        EmbeddedDataSource source = new EmbeddedDataSource();
        source.setDatabaseName(database.toString());
        source.setCreateDatabase("create");
        source.setConnectionAttributes(attributes.replace("create=true", "").replaceAll("^;|;$", ""));
        Connection connection = source.getConnection();
        booted.add(database);
        return connection;
    }

    private static void shutdown(Path database) {
        try {
            EmbeddedDerbyShutdown.shutdown(database);
        } catch (SQLException e) {
            throw new AssertionError("database " + database + " did not shut down cleanly", e);
        }
    }
}

package dev.isola.appserver.jdbc;

import dev.isola.appserver.support.DefaultLocale;
import dev.isola.appserver.support.DerbyDatabaseTerritory;
import dev.isola.appserver.support.ExceptionsThrown;
import dev.isola.appserver.tx.LocalTransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The territory of the databases that datasources create, in a JVM whose default locale is
 * {@code en} (as under {@code LANG=C.UTF-8}): {@code en_US}, in which Derby sorts without
 * throwing, unless the definition names one; a database that exists keeps its own.
 */
class NewDerbyDatabasesTest {

    @TempDir
    Path data;

    private DefaultLocale locale;
    private final List<ManagedDataSource> opened = new ArrayList<>();

    @BeforeEach
    void languageWithoutCountry() {
        locale = DefaultLocale.set(Locale.of("en"));
    }

    @AfterEach
    void closeAndRestoreTheLocale() {
        opened.forEach(ManagedDataSource::close);
        locale.close();
    }

    @Test
    void anEmbeddedDatabaseGetsEnUsAndSortsWithoutMissingResourceExceptions() throws Exception {
        ManagedDataSource orders = open(DataSourceSpec.derbyEmbedded("java:global/jdbc/orders", "orders"));

        assertEquals("en_US", DerbyDatabaseTerritory.of(data.resolve("orders")));
        assertEquals(0, missingResourceExceptionsOfTenSorts(orders));
    }

    @Test
    void aDatabaseOfADerbyUrlGetsEnUs() {
        open(urlSpec("jdbc:derby:products;create=true"));

        assertEquals("en_US", DerbyDatabaseTerritory.of(data.resolve("products")));
    }

    @Test
    void aTerritoryInTheUrlIsKept() {
        open(urlSpec("jdbc:derby:german;create=true;territory=de_DE"));

        assertEquals("de_DE", DerbyDatabaseTerritory.of(data.resolve("german")));
    }

    @Test
    void aTerritoryInTheConnectionAttributesIsKept() {
        open(new DataSourceSpec("java:global/jdbc/french", DataSourceSpec.DERBY_EMBEDDED, "", "french", "", -1, "", "",
                Map.of("connectionAttributes", "territory=fr_FR"), -1, -1));

        assertEquals("fr_FR", DerbyDatabaseTerritory.of(data.resolve("french")));
    }

    @Test
    void aMisspelledAttributeInTheUrlIsRefusedNamingIt() {
        DataSourceDefinitionException refused = assertThrows(DataSourceDefinitionException.class,
                () -> open(urlSpec("jdbc:derby:typo;create=true;teritory=de_DE")));

        assertTrue(refused.getMessage().contains("'teritory'"), refused.getMessage());
        assertFalse(Files.exists(data.resolve("typo")), "nothing is created for a refused definition");
    }

    @Test
    void anExistingDatabaseKeepsItsTerritoryAndItsExceptions() throws Exception {
        Path legacy = data.resolve("legacy");
        DriverManager.getConnection("jdbc:derby:" + legacy + ";create=true").close();

        ManagedDataSource opensIt = open(DataSourceSpec.derbyEmbedded("java:global/jdbc/legacy", "legacy"));

        assertEquals("en", DerbyDatabaseTerritory.of(legacy), "Derby cannot change a database's territory");
        assertTrue(missingResourceExceptionsOfTenSorts(opensIt) >= 10, "Derby still throws while it sorts in territory en");
    }

    @Test
    void aDatabaseANetworkServerCreatesGetsEnUs() throws Exception {
        String home = System.getProperty("derby.system.home");
        // An absolute name: Derby's home is where the engine booted, perhaps in an earlier test.
        Path database = data.resolve("net/remote");
        try (DerbyNetworkServer server = DerbyNetworkServer.start("127.0.0.1", freePort(), data.resolve("net"), Duration.ofSeconds(30));
             ManagedDataSource remote = factory().create(DataSourceSpec.derbyNetwork("java:global/jdbc/remote", "127.0.0.1", server.port(),
                     database.toString()), getClass().getClassLoader())) {
            remote.getConnection().close();

            assertEquals("en_US", DerbyDatabaseTerritory.of(database));
        } finally {
            // The server sets Derby's home for the JVM; the other tests keep theirs.
            if (home == null) {
                System.clearProperty("derby.system.home");
            } else {
                System.setProperty("derby.system.home", home);
            }
        }
    }

    private DataSourceFactory factory() {
        return new DataSourceFactory(data, new LocalTransactionManager(Duration.ZERO));
    }

    private ManagedDataSource open(DataSourceSpec spec) {
        ManagedDataSource dataSource = factory().create(spec, getClass().getClassLoader());
        opened.add(dataSource);
        return dataSource;
    }

    private static DataSourceSpec urlSpec(String url) {
        return new DataSourceSpec("java:global/jdbc/byUrl", "", url, "", "", -1, "", "", Map.of(), -1, -1);
    }

    private static long missingResourceExceptionsOfTenSorts(ManagedDataSource dataSource) throws Exception {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(20))");
            statement.executeUpdate("INSERT INTO item VALUES (1, 'b'), (2, 'c'), (3, 'a')");
            return ExceptionsThrown.count(MissingResourceException.class, () -> {
                for (int i = 0; i < 10; i++) {
                    readAll(statement, "SELECT id FROM item ORDER BY name");
                }
            });
        }
    }

    private static void readAll(Statement statement, String query) throws SQLException {
        try (ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                rows.getInt(1);
            }
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}

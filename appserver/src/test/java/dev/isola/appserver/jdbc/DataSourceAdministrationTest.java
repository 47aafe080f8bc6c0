package dev.isola.appserver.jdbc;

import dev.isola.appserver.support.RunningServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the admin learns of a server's datasources: each pool's figures (the default one not
 * opened until used), and a ping that connects afresh, opens a datasource not used yet, and
 * reports a database that went away with the driver's words and SQLState.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DataSourceAdministrationTest {

    private static final String REPORTS = "java:global/jdbc/Reports";
    private static final String REMOTE = "java:global/jdbc/Remote";
    static DerbyNetworkServer derbyServer;
    static Path databases;
    static RunningServer fixture;
    static int port;

    @BeforeAll
    static void start() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        databases = Files.createTempDirectory("isola-derby-admin");
        derbyServer = DerbyNetworkServer.start("127.0.0.1", port, databases, Duration.ofSeconds(30));
        fixture = new RunningServer(b -> b
                .dataSource(DataSourceSpec.derbyEmbedded(REPORTS, "reports").withPool(1, 3))
                .dataSource(new DataSourceSpec(REMOTE, "", "jdbc:derby://127.0.0.1:" + port + "/" + databases.resolve("remote") + ";create=true",
                        "", "", -1, "app", "secret", Map.of(), 1, 2)));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
        derbyServer.close(); // the last test stopped it already, which close() takes
        try (var s = Files.walk(databases)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static PoolFigures figures(String name) {
        return fixture.server().dataSources().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    @Order(1)
    void everyDataSourceIsListedWithWhatItConnectsToAndItsPool() throws Exception {
        assertEquals(List.of("java:comp/DefaultDataSource", REPORTS, REMOTE), fixture.server().dataSources().stream().map(PoolFigures::name).toList());
        PoolFigures defaults = figures("java:comp/DefaultDataSource");
        assertEquals(PoolFigures.State.NOT_OPENED_YET, defaults.state());
        assertEquals("embedded Derby database 'default'", defaults.database());

        PoolFigures reports = figures(REPORTS);
        assertEquals(PoolFigures.State.OPEN, reports.state());
        assertEquals("", reports.application());
        assertEquals(3, reports.maxPoolSize());
        assertEquals(0, reports.active());
        assertEquals("Derby at 127.0.0.1:" + port + "/" + databases.resolve("remote"), figures(REMOTE).database(), "no user, no password");

        javax.sql.DataSource ds = (javax.sql.DataSource) new javax.naming.InitialContext().lookup(REPORTS);
        try (Connection held = ds.getConnection()) {
            assertEquals(1, figures(REPORTS).active(), "a connection lent out");
        }
        assertEquals(0, figures(REPORTS).active());
    }

    @Test
    @Order(2)
    void aPingConnectsAfreshAndOpensADataSourceNotUsedYet() throws Exception {
        PingResult reports = fixture.server().pingDataSource(REPORTS, null);
        assertTrue(reports.product().startsWith("Apache Derby "), reports.product());
        assertFalse(reports.openedPool());
        assertEquals(0, figures(REPORTS).active(), "the pool's connections are not used for it");

        PingResult defaults = fixture.server().pingDataSource("java:comp/DefaultDataSource", "");
        assertTrue(defaults.openedPool(), "the default datasource was opened by the ping");
        assertEquals(PoolFigures.State.OPEN, figures("java:comp/DefaultDataSource").state());
    }

    @Test
    @Order(3)
    void anUnknownNameIsRefusedNamingTheOnesThereAre() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fixture.server().pingDataSource("java:global/jdbc/Nope", null));
        assertEquals("domain default has no datasource java:global/jdbc/Nope (it has [java:comp/DefaultDataSource, " + REPORTS + ", " + REMOTE + "])",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> fixture.server().pingDataSource(REPORTS, "shop"), "not one of application shop");
    }

    @Test
    @Order(4)
    void aDatabaseThatWentAwayIsReportedWithTheDriversWordsAndSqlState() throws Exception {
        assertTrue(fixture.server().pingDataSource(REMOTE, null).product().startsWith("Apache Derby "));
        derbyServer.close();

        SQLException e = assertThrows(SQLException.class, () -> fixture.server().pingDataSource(REMOTE, null));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("Connection refused"), e.getMessage());
        assertEquals(PoolFigures.State.OPEN, figures(REMOTE).state(), "the pool itself is left as it is");
    }
}

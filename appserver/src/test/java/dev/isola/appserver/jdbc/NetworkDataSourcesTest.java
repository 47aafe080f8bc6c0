package dev.isola.appserver.jdbc;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.datasources.DataSourcesServlet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Datasources through the Derby network client: the default datasource and one from the
 * server configuration (bound in {@code java:global}), both on a Derby Network Server.
 */
class NetworkDataSourcesTest {

    static DerbyNetworkServer derbyServer;
    static RunningServer fixture;
    static String base;
    static Path databases;

    @BeforeAll
    static void start() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        databases = Files.createTempDirectory("isola-derby-net");
        derbyServer = DerbyNetworkServer.start("127.0.0.1", port, databases, Duration.ofSeconds(30));
        base = "jdbc:derby://127.0.0.1:" + port + "/" + databases.toAbsolutePath();
        fixture = new RunningServer(b -> b
                .defaultDataSource(new DataSourceSpec("ignored", "", base + "/main;create=true", "", "", -1, "", "", Map.of(), 1, 4))
                .dataSource(new DataSourceSpec("java:global/jdbc/net", "", base + "/other;create=true", "", "", -1, "", "", Map.of(), 1, 4)));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
        derbyServer.close();
        try (var s = Files.walk(databases)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void defaultAndConfiguredDataSourcesUseTheNetworkServer() {
        fixture.server().deploy(fixture.export(TestApps.war("where.war", DataSourcesServlet.class)));
        // The client reports the territory that a database it creates gets (DerbyTerritory) among the URL's attributes.
        assertEquals("default=" + base + "/main;territory=en_US;create=true\nconfigured=" + base + "/other;territory=en_US;create=true",
                fixture.get("/where/where"));
    }
}

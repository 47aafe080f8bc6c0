package dev.isola.appserver;

import dev.isola.appserver.jdbc.DataSourceSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JMS sub-server starts beside the datasources (SubServers opens its store on a thread of
 * its own): when a datasource fails, the start fails with the datasource's message and the
 * broker that came up meanwhile is stopped, so the same directories start again.
 */
class SubServersStartFailureTest {

    @TempDir
    Path root;

    @Test
    void aDatasourceThatCannotConnectFailsTheStartAndStopsTheBrokerStartedBesideIt() throws Exception {
        long brokersBefore = brokerThreads();
        ServerConfig unreachable = ServerConfig.builder(root.resolve("data"), root.resolve("work")).httpPort(0)
                .dataSource(DataSourceSpec.derbyNetwork("java:global/jdbc/nowhere", "127.0.0.1", closedPort(), "nothing")).build();

        RuntimeException refused = assertThrows(RuntimeException.class, () -> SubServers.start(unreachable));
        assertTrue(refused.getMessage().contains("java:global/jdbc/nowhere") && refused.getMessage().contains("cannot connect"),
                refused.getMessage());
        // The broker's timer thread ends with the broker; stopping it is asynchronous only by a few milliseconds.
        for (int i = 0; i < 100 && brokerThreads() > brokersBefore; i++) {
            Thread.sleep(50);
        }
        assertEquals(brokersBefore, brokerThreads(), "no broker of the failed start is left running");

        try (SubServers server = SubServers.start(ServerConfig.builder(root.resolve("data"), root.resolve("work")).httpPort(0).build())) {
            assertTrue(server.httpPort() > 0, "the same directories start again");
        }
    }

    private static long brokerThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals("jms-broker-timer")).count();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}

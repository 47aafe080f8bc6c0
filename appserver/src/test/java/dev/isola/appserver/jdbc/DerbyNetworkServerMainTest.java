package dev.isola.appserver.jdbc;

import org.apache.derby.client.BasicClientDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Derby network server as a process of its own (as the isolate the throughput benchmark
 * starts): clients reach its databases, which live in its directory, and every bad start
 * ends with a status and a message that names the offending value.
 */
class DerbyNetworkServerMainTest {

    private final List<Process> started = new ArrayList<>();

    @TempDir
    Path directory;

    @AfterEach
    void stopProcesses() throws InterruptedException {
        for (Process p : started) {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void clientsCreateAndReadADatabaseInTheServersDirectory() throws Exception {
        int port = freePort();
        Process server = launch("--port", Integer.toString(port), "--data-dir", directory.toString());
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("Derby network server listening on 127.0.0.1:" + port + ", databases in " + directory.toAbsolutePath().normalize(),
                out.readLine(), () -> "standard error: " + errorOf(server));

        BasicClientDataSource client = new BasicClientDataSource();
        client.setServerName("127.0.0.1");
        client.setPortNumber(port);
        client.setDatabaseName("products");
        client.setCreateDatabase("create");
        try (Connection c = client.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE product (name VARCHAR(40), price DECIMAL(8,2))");
            s.execute("INSERT INTO product VALUES ('parrot', 12.50), ('iguana', 40.00)");
            try (ResultSet r = s.executeQuery("SELECT name FROM product WHERE price > 20")) {
                assertTrue(r.next());
                assertEquals("iguana", r.getString(1));
                assertFalse(r.next());
            }
        }
        assertTrue(Files.isDirectory(directory.resolve("products")), "the database lives in the server's directory");

        server.destroy();
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server stops on SIGTERM");
        client.setCreateDatabase(null);
        SQLException refused = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, client::getConnection);
        assertTrue(refused.getSQLState().startsWith("08"), "a connection error once the server is gone: " + refused.getSQLState());
    }

    @Test
    void aTakenPortIsRefusedWithThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Process server = launch("--port", Integer.toString(taken.getLocalPort()), "--data-dir", directory.toString());
            assertEquals(DerbyNetworkServerMain.FAILED_TO_START, exitOf(server));
            String error = errorOf(server);
            assertTrue(error.contains("cannot listen on 127.0.0.1:" + taken.getLocalPort()), error);
        }
    }

    @Test
    void aPortOutOfRangeIsRefused() throws Exception {
        Process server = launch("--port", "0", "--data-dir", directory.toString());
        assertEquals(DerbyNetworkServerMain.FAILED_TO_START, exitOf(server));
        assertTrue(errorOf(server).contains("port 0 is out of range (1-65535)"), errorOf(server));
    }

    @Test
    void aDataDirectoryThatIsAFileIsRefused() throws Exception {
        Path file = Files.writeString(directory.resolve("not-a-directory"), "x");
        Process server = launch("--port", Integer.toString(freePort()), "--data-dir", file.toString());
        assertEquals(DerbyNetworkServerMain.FAILED_TO_START, exitOf(server));
        assertTrue(errorOf(server).contains("directory " + file + " cannot be created"), errorOf(server));
    }

    @Test
    void anUnknownHostIsRefused() throws Exception {
        Process server = launch("--host", "no-such-host.invalid", "--port", Integer.toString(freePort()), "--data-dir", directory.toString());
        assertEquals(DerbyNetworkServerMain.FAILED_TO_START, exitOf(server));
        assertTrue(errorOf(server).contains("host 'no-such-host.invalid' is unknown"), errorOf(server));
    }

    private Process launch(String... arguments) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xmx64m", "-cp", classPath, DerbyNetworkServerMain.class.getName()));
        command.addAll(List.of(arguments));
        Process p = new ProcessBuilder(command).start();
        started.add(p);
        return p;
    }

    private static int exitOf(Process p) throws InterruptedException {
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the server process should have ended");
        return p.exitValue();
    }

    private static String errorOf(Process p) {
        try {
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}

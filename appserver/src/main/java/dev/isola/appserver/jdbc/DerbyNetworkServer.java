package dev.isola.appserver.jdbc;

import org.apache.derby.drda.NetworkServerControl;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A Derby Network Server whose databases live in one directory: what a datasource with a
 * {@code jdbc:derby://host:port/name} URL talks to when the database runs outside the isolate
 * that uses it (in an isolate of its own, {@link DerbyNetworkServerMain}, or shared by
 * several domains). Relative database names resolve against the directory.
 *
 * <pre>
 *   try (DerbyNetworkServer server = DerbyNetworkServer.start("127.0.0.1", 1527, Path.of("var/db"), Duration.ofSeconds(30))) {
 *       // jdbc:derby://127.0.0.1:1527/products;create=true is var/db/products
 *   }
 * </pre>
 *
 * Derby's home directory is a JVM-wide setting ({@code derby.system.home}), so there is one such
 * server per JVM.
 *
 * <p>A database gets its territory from the client that creates it: the server's datasources ask
 * for {@code en_US} ({@link DerbyTerritory#forNetwork}); a client that names none (ij, say) gets
 * this JVM's default locale.
 */
public final class DerbyNetworkServer implements AutoCloseable {

    private final NetworkServerControl control;
    private final String host;
    private final int port;
    private final Path directory;

    private DerbyNetworkServer(NetworkServerControl control, String host, int port, Path directory) {
        this.control = control;
        this.host = host;
        this.port = port;
        this.directory = directory;
    }

    /**
     * Starts the server and returns once it answers a ping.
     *
     * @param host      the address to listen on (a name or a literal address)
     * @param port      the TCP port, 1-65535
     * @param directory where the databases live; created if missing
     * @param timeout   how long to wait for the first answer
     * @throws IllegalArgumentException if the port is out of range, the host unknown, or the directory is a file
     * @throws IllegalStateException    if the port is taken or the server does not answer in time; nothing is left running
     */
    public static DerbyNetworkServer start(String host, int port, Path directory, Duration timeout) {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("Derby network server port " + port + " is out of range (1-65535)");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("Derby network server host '" + host + "' is unknown", e);
        }
        Path home = directory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(home);
        } catch (IOException e) {
            throw new IllegalArgumentException("Derby network server directory " + home + " cannot be created: " + e, e);
        }
        // Derby only reports a taken port on its own console, after start() has returned: check first.
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(address, port));
        } catch (IOException e) {
            throw new IllegalStateException("Derby network server cannot listen on " + host + ":" + port + ": " + e.getMessage()
                    + " (is another server using the port?)", e);
        }
        System.setProperty("derby.system.home", home.toString());
        StringWriter console = new StringWriter();
        NetworkServerControl control;
        try {
            control = new NetworkServerControl(address, port);
            control.start(new PrintWriter(console, true));
        } catch (Exception e) {
            throw new IllegalStateException("Derby network server on " + host + ":" + port + " did not start: " + e.getMessage(), e);
        }
        DerbyNetworkServer server = new DerbyNetworkServer(control, host, port, home);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                control.ping();
                return server;
            } catch (Exception notYet) {
                if (System.nanoTime() > deadline) {
                    server.close();
                    throw new IllegalStateException("Derby network server on " + host + ":" + port + " did not answer within "
                            + timeout.toSeconds() + " s; its console said: " + console.toString().strip());
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    server.close();
                    throw new IllegalStateException("interrupted while starting the Derby network server on " + host + ":" + port, e);
                }
            }
        }
    }

    /** The JDBC URL of {@code database} on this server, creating it on first use. */
    public String url(String database) {
        return "jdbc:derby://" + host + ":" + port + "/" + database + ";create=true";
    }

    public int port() {
        return port;
    }

    public Path directory() {
        return directory;
    }

    /** Stops the server; the databases it opened are shut down with it. */
    @Override
    public void close() {
        try {
            control.shutdown();
        } catch (Exception alreadyDown) {
            // shutdown() fails when the server never came up or is already down: either way it is stopped.
        }
    }
}

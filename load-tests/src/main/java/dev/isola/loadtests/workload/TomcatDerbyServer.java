package dev.isola.loadtests.workload;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A small server of the kind an application server hosts: embedded Tomcat 11 serving one
 * servlet that answers each request with a query against an embedded (in-memory) Derby
 * database. It is the stand-in for a real application domain in the isolate benchmarks.
 *
 * <p>Usage: {@code TomcatDerbyServer <port> <work directory>}. It listens on 127.0.0.1 only,
 * serves {@value #PATH}, and stops on SIGTERM.
 */
public final class TomcatDerbyServer {

    /** The URL path whose first 200 response counts as "ready". */
    public static final String PATH = "/items";

    private TomcatDerbyServer() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: TomcatDerbyServer <port> <work directory>");
            System.exit(2);
        }
        Tomcat tomcat = start(Integer.parseInt(args[0]), Path.of(args[1]));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(tomcat), "server-stop"));
        tomcat.getServer().await();
    }

    /**
     * Creates the database and starts Tomcat on {@code port} (0 for any free port; see
     * {@link #port}), with its base directory and Derby's log under {@code work}.
     */
    static Tomcat start(int port, Path work) throws IOException, SQLException, LifecycleException {
        Path directory = work.toAbsolutePath();
        Files.createDirectories(directory);
        // Derby's own log would otherwise land in the current directory.
        System.setProperty("derby.stream.error.file", directory.resolve("derby.log").toString());
        String url = "jdbc:derby:memory:items;create=true";
        createSchema(url);

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(directory.resolve("tomcat").toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "items", new ItemsServlet(url));
        context.addServletMappingDecoded(PATH, "items");
        tomcat.start();
        return tomcat;
    }

    /** The port Tomcat listens on. */
    static int port(Tomcat tomcat) {
        return tomcat.getConnector().getLocalPort();
    }

    static void stop(Tomcat tomcat) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            System.err.println("tomcat did not stop cleanly: " + e.getMessage());
        }
    }

    private static void createSchema(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(64), price DECIMAL(10,2))");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?)")) {
                for (int i = 1; i <= 100; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "item-" + i);
                    insert.setBigDecimal(3, java.math.BigDecimal.valueOf(i * 125L, 2));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        }
    }

    /** Answers with the number of items and the price of the most expensive one below a limit. */
    static final class ItemsServlet extends HttpServlet {
        private final String url;

        ItemsServlet(String url) {
            this.url = url;
        }

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            int limit = parseLimit(request.getParameter("below"));
            try (Connection c = DriverManager.getConnection(url);
                 PreparedStatement query = c.prepareStatement("SELECT COUNT(*), MAX(price) FROM item WHERE id < ?")) {
                query.setInt(1, limit);
                try (ResultSet rs = query.executeQuery()) {
                    rs.next();
                    response.setContentType("text/plain;charset=UTF-8");
                    response.getWriter().println("items=" + rs.getInt(1) + " max=" + rs.getBigDecimal(2));
                }
            } catch (SQLException e) {
                response.sendError(500, "query failed: " + e.getMessage());
            }
        }

        private static int parseLimit(String text) {
            if (text == null) {
                return 50;
            }
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                return 50;
            }
        }
    }
}

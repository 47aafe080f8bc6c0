package dev.isola.appserver.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.isola.appserver.testapps.bench.ItemSql;
import dev.isola.appserver.testapps.bench.PlainItemServlet;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.derby.jdbc.EmbeddedDataSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The benchmark's baseline: plain embedded Tomcat 11 (same version, same virtual-thread
 * connector) with a servlet doing the JDBC work directly on HikariCP over embedded Derby.
 * Usage: {@code PlainTomcatServer <data-dir> <work-dir>}; prints "listening on http://127.0.0.1:PORT/".
 */
public final class PlainTomcatServer {

    private PlainTomcatServer() {
    }

    public static void main(String[] args) throws Exception {
        Logger.getLogger("org.apache").setLevel(Level.WARNING);
        Path data = Path.of(args[0]);
        Path work = Path.of(args[1]);
        Files.createDirectories(data);
        Files.createDirectories(work.resolve("webapps"));
        EmbeddedDataSource derby = new EmbeddedDataSource();
        derby.setDatabaseName(data.resolve("default").toAbsolutePath().toString());
        derby.setCreateDatabase("create");
        HikariConfig config = new HikariConfig();
        config.setDataSource(derby);
        HikariDataSource pool = new HikariDataSource(config);
        ItemSql.createSchema(pool);

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(work.toAbsolutePath().toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("useVirtualThreads", "true");
        tomcat.setConnector(connector);
        Context ctx = tomcat.addContext("/bench", work.toAbsolutePath().toString());
        Tomcat.addServlet(ctx, "item", new PlainItemServlet(pool));
        ctx.addServletMappingDecoded("/item", "item");
        tomcat.start();
        System.out.println("listening on http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/");
        new CountDownLatch(1).await();
    }
}

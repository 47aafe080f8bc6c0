package dev.isola.petstore.e2e;

import dev.isola.appserver.SubServers;
import dev.isola.appserver.ServerConfig;
import org.apache.derby.jdbc.EmbeddedDataSource;

import javax.sql.DataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * A {@link SubServers} on a free loopback port, in a temporary directory, with the
 * unmodified {@code petstore.ear} (built by the petstore-ear module; its path comes from the
 * {@code petstore.ear} system property) deployed: the fixture a test class shares.
 */
final class PetStoreServer implements AutoCloseable {

    private final Path root;
    private final SubServers server;
    private final List<Browser> browsers = new ArrayList<>();

    private PetStoreServer(Path root, SubServers server) {
        this.root = root;
        this.server = server;
    }

    static PetStoreServer start() throws IOException {
        String ear = System.getProperty("petstore.ear");
        if (ear == null || !Files.isRegularFile(Path.of(ear))) {
            throw new IllegalStateException("system property petstore.ear must name the built EAR (bin/mvn -pl petstore-e2e -am verify builds it);"
                    + " it is " + ear);
        }
        Path root = Files.createTempDirectory("isola-petstore-e2e");
        SubServers server = SubServers.start(ServerConfig.builder(root.resolve("data"), root.resolve("work")).httpPort(0).build());
        PetStoreServer fixture = new PetStoreServer(root, server);
        try {
            server.deploy(Path.of(ear));
        } catch (RuntimeException e) {
            fixture.close();
            throw e;
        }
        return fixture;
    }

    SubServers server() {
        return server;
    }

    /** A new browser (its own cookies, so its own HTTP session), closed with the fixture. */
    Browser browser() {
        Browser b = new Browser("http://127.0.0.1:" + server.httpPort());
        browsers.add(b);
        return b;
    }

    /** The server's default database (embedded Derby), through the test's own connection: for what the pages do not show. */
    DataSource database() {
        EmbeddedDataSource derby = new EmbeddedDataSource();
        derby.setDatabaseName(root.resolve("data").resolve("default").toString());
        return derby;
    }

    /** Polls {@code condition} (the order processor works on its own time) up to a bound only a broken server reaches. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited 60 s for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }

    @Override
    public void close() throws IOException {
        browsers.forEach(Browser::close);
        server.close();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

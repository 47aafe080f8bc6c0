package dev.isola.appserver.support;

import dev.isola.appserver.SubServers;
import dev.isola.appserver.ServerConfig;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * A {@link SubServers} on a free loopback port with its own temporary data and work
 * directories, and a Jetty {@link HttpClient} to talk to it: the fixture every test class
 * shares between its tests.
 */
public final class RunningServer implements AutoCloseable {

    private final Path root;
    private final ServerConfig config;
    private SubServers server;
    private final HttpClient http;

    public RunningServer(UnaryOperator<ServerConfig.Builder> customize) {
        try {
            root = Files.createTempDirectory("isola-appserver-test");
            config = customize.apply(ServerConfig.builder(root.resolve("data"), root.resolve("work")).httpPort(0)).build();
            server = SubServers.start(config);
            http = new HttpClient();
            http.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public RunningServer() {
        this(b -> b);
    }

    public SubServers server() {
        return server;
    }

    /**
     * Stops the server and starts another over the same data and work directories, as a domain
     * restarts: what the stop left on disk is there for the new one. It listens on another port.
     */
    public void restart() {
        server.stop();
        server = SubServers.start(config);
    }

    public Path root() {
        return root;
    }

    public Path workDirectory() {
        return root.resolve("work");
    }

    /** Writes {@code archive} into the fixture's directory and returns its file. */
    public Path export(Archive<?> archive) {
        Path file = root.resolve("archives").resolve(archive.getName());
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        archive.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }

    /** GET {@code path}; the response body, after checking the status is 200. */
    public String get(String path) {
        ContentResponse r = request(path);
        if (r.getStatus() != 200) {
            throw new AssertionError("GET " + path + " answered " + r.getStatus() + ": " + r.getContentAsString());
        }
        return r.getContentAsString();
    }

    public ContentResponse request(String path) {
        try {
            return http.newRequest("127.0.0.1", server.httpPort()).path(path).timeout(60, TimeUnit.SECONDS).send();
        } catch (Exception e) {
            throw new IllegalStateException("GET " + path + ": " + e, e);
        }
    }

    @Override
    public void close() throws Exception {
        http.stop();
        server.close();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

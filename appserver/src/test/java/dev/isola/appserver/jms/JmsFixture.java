package dev.isola.appserver.jms;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.server.JmsServer;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A real JMS server (broker + Derby store in a temporary directory) shared by the tests of
 * one class, and the connections they open, closed after each test.
 */
public final class JmsFixture implements AutoCloseable {

    private final Path directory;
    private final Consumer<BrokerConfig.Builder> configuration;
    private JmsServer server;
    private final List<Connection> connections = new CopyOnWriteArrayList<>();

    public JmsFixture(Consumer<BrokerConfig.Builder> configuration) {
        this.configuration = configuration;
        try {
            this.directory = Files.createTempDirectory("isola-jms-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start();
    }

    public JmsServer server() {
        return server;
    }

    public Path dataDirectory() {
        return directory.resolve("data");
    }

    public void start() {
        BrokerConfig.Builder builder = BrokerConfig.builder(dataDirectory()).name("test");
        configuration.accept(builder);
        server = JmsServer.start(builder.build());
    }

    /** Stops and starts the broker on the same store, as a domain restart would. */
    public void restart() {
        closeConnections();
        server.stop();
        start();
    }

    /** A started connection on the default connection factory, closed after the test. */
    public Connection connection() throws JMSException {
        Connection c = server.connectionFactory().createConnection();
        connections.add(c);
        c.start();
        return c;
    }

    public <T extends Connection> T track(T connection) {
        connections.add(connection);
        return connection;
    }

    public void closeConnections() {
        for (Connection c : connections) {
            try {
                c.close();
            } catch (JMSException | RuntimeException e) {
                // Closing after a test that broke the connection on purpose.
            }
        }
        connections.clear();
    }

    /** Everything a consumer gets until it has been quiet for {@code quietMillis}. */
    public static List<Message> drain(MessageConsumer consumer, long quietMillis) throws JMSException {
        List<Message> all = new ArrayList<>();
        Message m;
        while ((m = consumer.receive(quietMillis)) != null) {
            all.add(m);
        }
        return all;
    }

    @Override
    public void close() {
        closeConnections();
        server.stop();
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.isola.appserver.jms.bench;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.server.JmsServer;
import jakarta.jms.ConnectionFactory;

import java.nio.file.Path;

/** Our JMS sub-server with its client in the same isolate (the combined placement). */
final class IsolaBench implements BenchProvider {

    private final JmsServer server;

    IsolaBench(Path directory) {
        server = JmsServer.start(BrokerConfig.builder(directory).name("bench").queue(QUEUE).build());
    }

    @Override
    public String name() {
        return "isola";
    }

    @Override
    public String settings() {
        return "Derby store, group commit; a persistent send returns after its commit; delivery count stored before each delivery;"
                + " an auto-acknowledgement is durable before the session's next message";
    }

    @Override
    public ConnectionFactory connectionFactory() {
        return server.connectionFactory();
    }

    /** Batches and commits of the store, to show group commit at work. */
    String storeStatistics() {
        return server.storeStatistics().toString();
    }

    @Override
    public void close() {
        server.stop();
    }
}

package dev.isola.appserver.jms.bench;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.nio.file.Path;

/**
 * An embedded Apache ActiveMQ Artemis broker with its client in the same JVM (in-VM
 * connector), persistence on its NIO journal (libaio is not available here).
 *
 * <p>{@code matched}: the durability guarantees of our broker: journal sync on every
 * persistent send and commit, delivery count persisted before delivery, acknowledgements
 * sent synchronously. Otherwise Artemis's defaults: journal sync on send and commit, but
 * asynchronous acknowledgements and no delivery count stored before delivery.
 *
 * <p>The journal's buffer timeout (how long Artemis gathers writes before one sync) is set
 * from this disk's measured sync time, as {@code artemis create} calibrates it for a real
 * installation; the built-in NIO default (3.3 ms, 300 syncs/s) would handicap it.
 */
final class ArtemisBench implements BenchProvider {

    private final EmbeddedActiveMQ server;
    private final boolean matched;
    private final int id;

    ArtemisBench(Path directory, boolean matched, int id, int bufferTimeoutNanos) throws Exception {
        this.matched = matched;
        this.id = id;
        Configuration config = new ConfigurationImpl()
                .setPersistenceEnabled(true)
                .setSecurityEnabled(false)
                .setJournalType(JournalType.NIO)
                .setJournalDirectory(directory.resolve("journal").toString())
                .setBindingsDirectory(directory.resolve("bindings").toString())
                .setLargeMessagesDirectory(directory.resolve("large").toString())
                .setPagingDirectory(directory.resolve("paging").toString())
                .setNodeManagerLockDirectory(directory.toString())
                .setJournalSyncNonTransactional(true)
                .setJournalSyncTransactional(true)
                .setJournalBufferTimeout_NIO(bufferTimeoutNanos)
                .setPersistDeliveryCountBeforeDelivery(matched)
                .addAcceptorConfiguration("in-vm", "vm://" + id)
                .addQueueConfiguration(QueueConfiguration.of(QUEUE).setAddress(QUEUE).setRoutingType(RoutingType.ANYCAST).setDurable(true));
        server = new EmbeddedActiveMQ().setConfiguration(config).start();
    }

    @Override
    public String name() {
        return matched ? "artemis" : "artemis-defaults";
    }

    @Override
    public String settings() {
        String journal = "NIO journal, buffer timeout calibrated to the disk, sync on persistent send and commit, blockOnDurableSend=true";
        return matched
                ? journal + ", persistDeliveryCountBeforeDelivery=true, blockOnAcknowledge=true"
                : journal + ", Artemis defaults otherwise (acknowledgements asynchronous, delivery count not stored before delivery)";
    }

    @Override
    public ConnectionFactory connectionFactory() {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("vm://" + id);
        factory.setBlockOnDurableSend(true);
        factory.setBlockOnAcknowledge(matched);
        return factory;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the Artemis broker failed", e);
        }
    }
}

package dev.isola.appserver.jms.isolate.workloads;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.server.JmsServer;
import jakarta.jms.Connection;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The combined placement in one isolate: the JMS sub-server and its client. It sends
 * {@code early} persistent messages (in one transaction), acknowledges the first
 * {@code acked} of them and takes {@code held} more without acknowledging; then
 * {@code producers} threads send {@code late} more concurrently, each send on its own. The
 * moment the last send has returned it writes the marker file (what it acknowledged and
 * held) and waits to be halted.
 *
 * <p>Arguments: data-dir marker-file run early acked held late producers
 */
public final class SendAndHold {

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args[0]);
        Path marker = Path.of(args[1]);
        String run = args[2];
        int early = Integer.parseInt(args[3]);
        int acked = Integer.parseInt(args[4]);
        int held = Integer.parseInt(args[5]);
        int late = Integer.parseInt(args[6]);
        int producers = Integer.parseInt(args[7]);

        JmsServer server = JmsServer.start(BrokerConfig.builder(dataDir).queue("durable").build());
        Connection connection = server.connectionFactory().createConnection();
        DurabilityLoad.Outcome outcome = DurabilityLoad.send(connection, run, early, acked, held, late, producers);
        // Every send has returned: tell the test at once, atomically.
        Path written = marker.resolveSibling(marker.getFileName() + ".tmp");
        Files.writeString(written, "acked=" + outcome.acked() + "\nheld=" + outcome.held() + "\n");
        Files.move(written, marker, StandardCopyOption.ATOMIC_MOVE);
        Thread.sleep(Long.MAX_VALUE);
    }
}

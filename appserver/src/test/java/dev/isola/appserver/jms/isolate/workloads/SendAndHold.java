package dev.isola.appserver.jms.isolate.workloads;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.server.JmsServer;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

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
        connection.start();
        Session session = connection.createSession(Session.SESSION_TRANSACTED);
        Queue queue = session.createQueue("durable");
        MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < early; i++) {
            producer.send(message(session, run, i), DeliveryMode.PERSISTENT, 4, 0);
        }
        session.commit();

        Session consuming = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = consuming.createConsumer(queue);
        StringJoiner ackedIndexes = new StringJoiner(",");
        for (int i = 0; i < acked; i++) {
            Message m = consumer.receive(10_000);
            ackedIndexes.add(Integer.toString(m.getIntProperty("index")));
            m.acknowledge();
        }
        StringJoiner heldIndexes = new StringJoiner(",");
        for (int i = 0; i < held; i++) {
            heldIndexes.add(Integer.toString(consumer.receive(10_000).getIntProperty("index")));
        }

        List<Thread> senders = new ArrayList<>();
        int perProducer = late / producers;
        for (int p = 0; p < producers; p++) {
            int base = early + p * perProducer;
            senders.add(Thread.ofPlatform().start(() -> {
                try (Session s = connection.createSession()) {
                    MessageProducer mp = s.createProducer(queue);
                    for (int i = 0; i < perProducer; i++) {
                        mp.send(message(s, run, base + i), DeliveryMode.PERSISTENT, 4, 0);
                    }
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread t : senders) {
            t.join();
        }
        // Every send has returned: tell the test at once, atomically.
        Path written = marker.resolveSibling(marker.getFileName() + ".tmp");
        Files.writeString(written, "acked=" + ackedIndexes + "\nheld=" + heldIndexes + "\n");
        Files.move(written, marker, StandardCopyOption.ATOMIC_MOVE);
        Thread.sleep(Long.MAX_VALUE);
    }

    private static Message message(Session session, String run, int index) throws JMSException {
        Message m = session.createTextMessage("message " + index + " of run " + run);
        m.setIntProperty("index", index);
        m.setStringProperty("run", run);
        return m;
    }
}

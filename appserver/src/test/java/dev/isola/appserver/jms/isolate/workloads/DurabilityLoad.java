package dev.isola.appserver.jms.isolate.workloads;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The sending side of the durability tests, the same in the combined placement
 * ({@link SendAndHold}) and the separated one ({@code split.SubServerHost}): persistent messages
 * to the queue {@code durable}, some acknowledged, some held unacknowledged, the rest sent
 * concurrently, so that a halt right after the last send finds every state a message can be in.
 */
public final class DurabilityLoad {

    /** The indexes of the messages acknowledged and of those taken but not acknowledged, comma-separated. */
    public record Outcome(String acked, String held) {
    }

    private DurabilityLoad() {
    }

    /**
     * Sends {@code early} messages in one transaction, acknowledges {@code acked} of them and
     * takes {@code held} more without acknowledging (the connection must stay open for them to
     * stay held), then {@code producers} threads send {@code late} more, each send on its own.
     * Returns when every send has returned.
     */
    public static Outcome send(Connection connection, String run, int early, int acked, int held, int late, int producers) throws Exception {
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
        List<Exception> failures = new CopyOnWriteArrayList<>();
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
                    failures.add(e);
                }
            }));
        }
        for (Thread t : senders) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw failures.getFirst();
        }
        return new Outcome(ackedIndexes.toString(), heldIndexes.toString());
    }

    private static Message message(Session session, String run, int index) throws JMSException {
        Message m = session.createTextMessage("message " + index + " of run " + run);
        m.setIntProperty("index", index);
        m.setStringProperty("run", run);
        return m;
    }
}

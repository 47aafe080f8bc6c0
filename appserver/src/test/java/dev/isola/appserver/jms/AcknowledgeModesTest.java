package dev.isola.appserver.jms;

import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Acknowledgement modes, transactions, redelivery counting and the dead-letter queue. */
class AcknowledgeModesTest {

    private static JmsFixture jms;

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.queue("auto").queue("client").queue("dups").queue("tx").queue("tx-out").queue("recover")
                .queue("orders.DLQ")
                .destination(DestinationConfig.queue("poison").withMaxDeliveryAttempts(3).withDeadLetterQueue("orders.DLQ"))
                .destination(DestinationConfig.queue("fragile").withMaxDeliveryAttempts(2))
                .queue("listener-fail").queue("listener-client"));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    @AfterEach
    void closeConnections() {
        jms.closeConnections();
    }

    private static void send(Connection c, String queue, String... texts) throws JMSException {
        try (Session s = c.createSession()) {
            MessageProducer p = s.createProducer(s.createQueue(queue));
            for (String t : texts) {
                p.send(s.createTextMessage(t));
            }
        }
    }

    private static String text(Message m) throws JMSException {
        return ((TextMessage) m).getText();
    }

    private static int depth(String queue) {
        return jms.server().destination(queue, DestinationType.QUEUE).orElseThrow().depth();
    }

    private static int inFlight(String queue) {
        return jms.server().destination(queue, DestinationType.QUEUE).orElseThrow().inFlight();
    }

    @Test
    void autoAcknowledgeConsumesOnReceiveAndRecoverRedeliversOnlyTheLastMessage() throws Exception {
        Connection c = jms.connection();
        send(c, "auto", "a1", "a2", "a3");
        Session s = c.createSession(Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(s.createQueue("auto"));
        Message first = consumer.receive(1000);
        Message second = consumer.receive(1000);
        assertEquals("a1", text(first));
        assertEquals("a2", text(second));
        assertFalse(second.getJMSRedelivered());
        assertEquals(1, second.getIntProperty("JMSXDeliveryCount"));

        s.recover();
        Message again = consumer.receive(1000);
        assertEquals("a2", text(again), "recover in AUTO_ACKNOWLEDGE redelivers the last message");
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        assertEquals("a3", text(consumer.receive(1000)));
        s.close();
        assertEquals(0, depth("auto"));
        assertEquals(0, inFlight("auto"), "closing the session acknowledges the last received message");
    }

    @Test
    void clientAcknowledgeAcknowledgesEverythingConsumedSoFarAndCloseRedeliversTheRest() throws Exception {
        Connection c = jms.connection();
        send(c, "client", "c1", "c2", "c3", "c4");
        Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(s.createQueue("client"));
        consumer.receive(1000);
        Message second = consumer.receive(1000);
        second.acknowledge();
        Message third = consumer.receive(1000);
        assertEquals("c3", text(third));
        assertEquals(2, depth("client") + inFlight("client"));
        s.close();

        Session again = c.createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer next = again.createConsumer(again.createQueue("client"));
        Message redelivered = next.receive(1000);
        assertEquals("c3", text(redelivered));
        assertTrue(redelivered.getJMSRedelivered(), "c3 was consumed and not acknowledged");
        Message untouched = next.receive(1000);
        assertEquals("c4", text(untouched));
        assertFalse(untouched.getJMSRedelivered(), "c4 was never handed to the application");
        untouched.acknowledge();
        assertNull(next.receive(100));
        assertEquals(0, depth("client") + inFlight("client"));
    }

    @Test
    void recoverInClientAcknowledgeRedeliversFromTheOldestUnacknowledged() throws Exception {
        Connection c = jms.connection();
        send(c, "recover", "r1", "r2", "r3");
        Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(s.createQueue("recover"));
        consumer.receive(1000).acknowledge();
        consumer.receive(1000);
        consumer.receive(1000);
        s.recover();
        Message r2 = consumer.receive(1000);
        Message r3 = consumer.receive(1000);
        assertEquals(List.of("r2", "r3"), List.of(text(r2), text(r3)));
        assertTrue(r2.getJMSRedelivered() && r3.getJMSRedelivered());
        r3.acknowledge();
        assertEquals(0, depth("recover") + inFlight("recover"));
    }

    @Test
    void dupsOkAcknowledgeEventuallyAcknowledgesEverything() throws Exception {
        Connection c = jms.connection();
        String[] texts = new String[150];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = "d" + i;
        }
        send(c, "dups", texts);
        Session s = c.createSession(Session.DUPS_OK_ACKNOWLEDGE);
        List<Message> got = JmsFixture.drain(s.createConsumer(s.createQueue("dups")), 100);
        assertEquals(150, got.size());
        s.close();
        assertEquals(0, depth("dups") + inFlight("dups"));
    }

    @Test
    void transactedSessionPublishesSendsAndConsumesOnlyOnCommit() throws Exception {
        Connection c = jms.connection();
        send(c, "tx", "in1", "in2");
        Session tx = c.createSession(Session.SESSION_TRANSACTED);
        assertTrue(tx.getTransacted());
        MessageConsumer in = tx.createConsumer(tx.createQueue("tx"));
        MessageProducer out = tx.createProducer(tx.createQueue("tx-out"));
        Session observer = c.createSession();
        MessageConsumer watch = observer.createConsumer(observer.createQueue("tx-out"));

        Message m = in.receive(1000);
        out.send(tx.createTextMessage("processed " + text(m)));
        assertNull(watch.receive(200), "an uncommitted send must not be visible");
        tx.rollback();

        Message again = in.receive(1000);
        assertEquals("in1", text(again));
        assertTrue(again.getJMSRedelivered(), "a rolled back receive is redelivered");
        out.send(tx.createTextMessage("processed " + text(again)));
        tx.commit();

        assertEquals("processed in1", text(watch.receive(1000)));
        assertNull(watch.receive(100), "the rolled back send must be gone");
        assertEquals(1, depth("tx") + inFlight("tx"), "in2 stays; in1 was consumed by the commit");
        assertThrows(jakarta.jms.IllegalStateException.class, () -> observer.commit());
        assertThrows(jakarta.jms.IllegalStateException.class, tx::recover);
    }

    @Test
    void closingATransactedSessionRollsBack() throws Exception {
        Connection c = jms.connection();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        tx.createProducer(tx.createQueue("tx-out")).send(tx.createTextMessage("never"));
        tx.close();
        Session s = c.createSession();
        assertNull(s.createConsumer(s.createQueue("tx-out")).receive(150));
    }

    @Test
    void aMessageThatKeepsFailingMovesToItsDeadLetterQueueAfterTheMaximumAttempts() throws Exception {
        Connection c = jms.connection();
        send(c, "poison", "bad");
        Session tx = c.createSession(Session.SESSION_TRANSACTED);
        MessageConsumer consumer = tx.createConsumer(tx.createQueue("poison"));
        for (int attempt = 1; attempt <= 3; attempt++) {
            Message m = consumer.receive(1000);
            assertEquals(attempt, m.getIntProperty("JMSXDeliveryCount"));
            assertEquals(attempt > 1, m.getJMSRedelivered());
            tx.rollback();
        }
        assertNull(consumer.receive(150), "after 3 failed attempts the message leaves the queue");

        Session s = c.createSession();
        Message dead = s.createConsumer(s.createQueue("orders.DLQ")).receive(1000);
        assertEquals("bad", text(dead));
        assertEquals("poison", dead.getStringProperty("JMS_Isola_OriginalDestination"));
        assertTrue(dead.getStringProperty("JMS_Isola_DeadLetterReason").contains("3"), dead.getStringProperty("JMS_Isola_DeadLetterReason"));
        assertEquals(1, dead.getIntProperty("JMSXDeliveryCount"), "the dead-letter queue counts its own deliveries");
        assertEquals(1, jms.server().destination("poison", DestinationType.QUEUE).orElseThrow().deadLettered());
    }

    @Test
    void theDefaultDeadLetterQueueTakesMessagesOfDestinationsWithoutTheirOwn() throws Exception {
        Connection c = jms.connection();
        send(c, "fragile", "weak");
        Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(s.createQueue("fragile"));
        consumer.receive(1000);
        s.recover();
        consumer.receive(1000);
        s.recover();
        assertNull(consumer.receive(150));
        Message dead = s.createConsumer(s.createQueue("DLQ")).receive(1000);
        assertEquals("weak", text(dead));
        dead.acknowledge();
    }

    @Test
    void aListenerThatThrowsGetsTheMessageAgainFlaggedAsRedelivered() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession(Session.AUTO_ACKNOWLEDGE);
        List<Integer> counts = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        s.createConsumer(s.createQueue("listener-fail")).setMessageListener(m -> {
            try {
                int count = m.getIntProperty("JMSXDeliveryCount");
                counts.add(count);
                if (count < 3) {
                    throw new IllegalStateException("failing on purpose, attempt " + count);
                }
                done.countDown();
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
        });
        send(c, "listener-fail", "flaky");
        assertTrue(done.await(5, TimeUnit.SECONDS), "attempts: " + counts);
        assertEquals(List.of(1, 2, 3), new ArrayList<>(counts));
    }

    @Test
    void aClientAcknowledgeListenerAcknowledgesTheMessageItIsHandling() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
        CountDownLatch done = new CountDownLatch(10);
        s.createConsumer(s.createQueue("listener-client")).setMessageListener(m -> {
            try {
                m.acknowledge();
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
            done.countDown();
        });
        String[] texts = new String[10];
        java.util.Arrays.setAll(texts, i -> "l" + i);
        send(c, "listener-client", texts);
        assertTrue(done.await(5, TimeUnit.SECONDS));
        c.stop();
        assertEquals(0, depth("listener-client") + inFlight("listener-client"), "each acknowledge() covered its own message");
    }
}

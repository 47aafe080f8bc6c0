package dev.isola.appserver.jms;

import dev.isola.appserver.jms.client.IsolaConnection;
import dev.isola.appserver.jms.config.DestinationType;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What survives a broker restart, and what happens when either side of a connection dies. */
class RecoveryAndDeadPeerTest {

    private JmsFixture jms;

    @BeforeEach
    void startBroker() {
        jms = new JmsFixture(b -> b.queue("work"));
    }

    @AfterEach
    void stopBroker() {
        jms.close();
    }

    private static void send(Session s, int deliveryMode, String... texts) throws JMSException {
        MessageProducer p = s.createProducer(s.createQueue("work"));
        for (String t : texts) {
            p.send(s.createTextMessage(t), deliveryMode, 4, 0);
        }
    }

    @Test
    void persistentMessagesSurviveARestartAndNonPersistentOnesDoNot() throws Exception {
        Session s = jms.connection().createSession();
        send(s, DeliveryMode.PERSISTENT, "p1", "p2", "p3");
        send(s, DeliveryMode.NON_PERSISTENT, "transient");
        Session client = jms.connection().createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = client.createConsumer(client.createQueue("work"));
        consumer.receive(1000).acknowledge();

        jms.restart();

        Session after = jms.connection().createSession();
        List<Message> got = JmsFixture.drain(after.createConsumer(after.createQueue("work")), 150);
        assertEquals(List.of("p2", "p3"), List.of(((TextMessage) got.get(0)).getText(), ((TextMessage) got.get(1)).getText()));
        assertEquals(2, got.size(), "the acknowledged p1 and the non-persistent message are gone");
    }

    @Test
    void aDeadClientsUnacknowledgedMessagesAreRedeliveredFlaggedAndCountedAlsoAfterARestart() throws Exception {
        Session s = jms.connection().createSession();
        send(s, DeliveryMode.PERSISTENT, "m1", "m2", "m3");
        IsolaConnection doomed = (IsolaConnection) jms.connection();
        Session doomedSession = doomed.createSession(Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = doomedSession.createConsumer(doomedSession.createQueue("work"));
        consumer.receive(1000);
        consumer.receive(1000);
        assertEquals(2, jms.server().destination("work", DestinationType.QUEUE).orElseThrow().inFlight());

        doomed.abort();

        assertEquals(0, jms.server().destination("work", DestinationType.QUEUE).orElseThrow().inFlight());
        jms.restart();
        Session after = jms.connection().createSession();
        MessageConsumer survivor = after.createConsumer(after.createQueue("work"));
        List<String> summary = new ArrayList<>();
        for (Message m : JmsFixture.drain(survivor, 150)) {
            summary.add(((TextMessage) m).getText() + " redelivered=" + m.getJMSRedelivered() + " count=" + m.getIntProperty("JMSXDeliveryCount"));
        }
        assertEquals(List.of("m1 redelivered=true count=2", "m2 redelivered=true count=2", "m3 redelivered=false count=1"), summary);
    }

    @Test
    void aStoppedBrokerIsReportedToTheExceptionListenerAndToCallsInProgress() throws Exception {
        Connection c = jms.connection();
        CompletableFuture<JMSException> reported = new CompletableFuture<>();
        c.setExceptionListener(reported::complete);
        Session s = c.createSession();
        MessageConsumer consumer = s.createConsumer(s.createQueue("work"));
        CompletableFuture<Throwable> blockedReceive = CompletableFuture.supplyAsync(() -> {
            try {
                consumer.receive();
                return null;
            } catch (JMSException e) {
                return e;
            }
        });

        jms.server().stop();

        JMSException lost = reported.get(5, TimeUnit.SECONDS);
        assertTrue(lost.getMessage().contains("stopped"), lost.getMessage());
        Throwable receiveFailure = blockedReceive.get(5, TimeUnit.SECONDS);
        assertTrue(receiveFailure instanceof JMSException, "a (blocked) receive fails: " + receiveFailure);
        JMSException send = assertThrows(JMSException.class, () -> s.createProducer(s.createQueue("work")).send(s.createTextMessage("x")));
        assertTrue(send.getMessage().contains("lost"), send.getMessage());
        JMSException connect = assertThrows(JMSException.class, () -> jms.server().connectionFactory().createConnection());
        assertTrue(connect.getMessage().contains("stopped"), connect.getMessage());
        c.close();
        jms.start();
        assertFalse(jms.server().destination("work", DestinationType.QUEUE).isEmpty());
    }
}

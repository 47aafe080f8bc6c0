package dev.isola.appserver.jms;

import dev.isola.appserver.jms.config.BrokerConfig;
import dev.isola.appserver.jms.config.DestinationType;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.MessageProducer;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the provider refuses, and that a refusal leaves nothing behind. */
class BadInputTest {

    private static final int MAX_SIZE = 64 * 1024;
    private static JmsFixture jms;

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.queue("declared").topic("declared-topic").maxMessageSize(MAX_SIZE));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    @AfterEach
    void closeConnections() {
        jms.closeConnections();
    }

    @Test
    void anUndeclaredDestinationIsRefusedWhereverItIsUsed() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        InvalidDestinationException send = assertThrows(InvalidDestinationException.class,
                () -> s.createProducer(null).send(s.createQueue("nowhere"), s.createTextMessage("lost?")));
        assertTrue(send.getMessage().contains("queue 'nowhere' is not declared") && send.getMessage().contains("declared"),
                send.getMessage());
        assertThrows(InvalidDestinationException.class, () -> s.createProducer(s.createQueue("nowhere")));
        assertThrows(InvalidDestinationException.class, () -> s.createConsumer(s.createTopic("no-topic")));
        assertThrows(InvalidDestinationException.class, () -> s.createBrowser(s.createQueue("nowhere")));
        Session tx = c.createSession(Session.SESSION_TRANSACTED);
        assertThrows(InvalidDestinationException.class,
                () -> tx.createProducer(null).send(tx.createQueue("nowhere"), tx.createTextMessage("in a transaction")));
        assertThrows(InvalidDestinationException.class, () -> s.createProducer(null).send(null, s.createTextMessage("x")));
        try (JMSContext context = jms.server().connectionFactory().createContext()) {
            assertThrows(InvalidDestinationRuntimeException.class, () -> context.createProducer().send(context.createQueue("nowhere"), "x"));
        }
        assertTrue(jms.server().destination("nowhere", DestinationType.QUEUE).isEmpty(), "nothing was created");
    }

    @Test
    void aDestinationDeclaredWhileRunningCanBeUsedAtOnce() throws Exception {
        Session s = jms.connection().createSession();
        assertThrows(InvalidDestinationException.class, () -> s.createConsumer(s.createQueue("deployed-later")));
        jms.server().declare(dev.isola.appserver.jms.config.DestinationConfig.queue("deployed-later"));
        s.createProducer(s.createQueue("deployed-later")).send(s.createTextMessage("now it exists"));
        assertEquals("now it exists", ((TextMessage) s.createConsumer(s.createQueue("deployed-later")).receive(1000)).getText());
    }

    @Test
    void autoCreationDeclaresUnknownNamesWhenItIsSwitchedOn() throws Exception {
        try (JmsFixture lenient = new JmsFixture(b -> b.autoCreateDestinations(true))) {
            Connection c = lenient.connection();
            Session s = c.createSession();
            s.createProducer(s.createQueue("made-on-use")).send(s.createTextMessage("hello"));
            assertEquals("hello", ((TextMessage) s.createConsumer(s.createQueue("made-on-use")).receive(1000)).getText());
            assertTrue(lenient.server().destination("made-on-use", DestinationType.QUEUE).isPresent());
        }
    }

    @Test
    void anOversizedMessageIsRefusedAndTheStoreIsUnaffected() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        MessageProducer producer = s.createProducer(s.createQueue("declared"));
        producer.send(s.createTextMessage("small before"));
        BytesMessage huge = s.createBytesMessage();
        huge.writeBytes(new byte[MAX_SIZE + 1]);

        ResourceAllocationException e = assertThrows(ResourceAllocationException.class, () -> producer.send(huge));
        assertTrue(e.getMessage().contains("maximum message size of " + MAX_SIZE) && e.getMessage().contains("not sent"), e.getMessage());

        Session tx = c.createSession(Session.SESSION_TRANSACTED);
        MessageProducer txProducer = tx.createProducer(tx.createQueue("declared"));
        txProducer.send(tx.createTextMessage("in the transaction"));
        assertThrows(ResourceAllocationException.class, () -> txProducer.send(huge));
        tx.commit();
        producer.send(s.createTextMessage("small after"));

        long stored = jms.server().storeStatistics().batches();
        jms.restart();
        Session after = jms.connection().createSession();
        var consumer = after.createConsumer(after.createQueue("declared"));
        assertEquals("small before", ((TextMessage) consumer.receive(1000)).getText());
        assertEquals("in the transaction", ((TextMessage) consumer.receive(1000)).getText());
        assertEquals("small after", ((TextMessage) consumer.receive(1000)).getText());
        assertEquals(null, consumer.receive(100), "the oversized message left no trace in the store");
        assertEquals(3, stored, "exactly the three accepted sends reached the store");
    }

    @Test
    void badSendSettingsAreRefusedBeforeAnythingIsSent() throws Exception {
        Session s = jms.connection().createSession();
        MessageProducer producer = s.createProducer(s.createQueue("declared"));
        assertThrows(jakarta.jms.JMSException.class, () -> producer.setPriority(10));
        assertThrows(jakarta.jms.JMSException.class, () -> producer.setDeliveryMode(7));
        assertThrows(jakarta.jms.JMSException.class, () -> producer.send(s.createTextMessage("x"), 2, -1, 0));
        assertThrows(jakarta.jms.MessageFormatException.class, () -> producer.send(null));
        assertThrows(UnsupportedOperationException.class, () -> producer.send(s.createQueue("declared"), s.createTextMessage("x")));
        assertEquals(0, jms.server().destination("declared", DestinationType.QUEUE).orElseThrow().depth());
    }

    @Test
    void aBrokerConfigurationWithMistakesIsRefusedNamingThem() {
        var ex = assertThrows(IllegalArgumentException.class,
                () -> BrokerConfig.builder(jms.dataDirectory()).queue("a").queue("a").build());
        assertTrue(ex.getMessage().contains("queue 'a' is declared twice"), ex.getMessage());
    }
}

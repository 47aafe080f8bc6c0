package dev.isola.appserver.jms;

import dev.isola.appserver.jms.broker.NoSuchQueueException;
import dev.isola.appserver.jms.broker.QueueContents;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.protocol.MessageBody;
import dev.isola.appserver.jms.protocol.MessageCodec;
import dev.isola.appserver.jms.store.StoreException;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator does to a queue, on the real broker and its Derby store: list the waiting
 * messages without consuming them, and purge them for good, leaving in-flight messages to
 * their consumers.
 */
class QueueAdministrationTest {

    private JmsFixture jms;

    @BeforeEach
    void startBroker() {
        jms = new JmsFixture(b -> b.queue("orders").queue("kept").topic("prices"));
    }

    @AfterEach
    void stopBroker() {
        jms.close();
    }

    private static List<String> ids(QueueContents contents) {
        return contents.messages().stream().map(m -> m.data().messageId()).toList();
    }

    @Test
    void waitingMessagesAreListedInDeliveryOrderWithTheirHeadersAndPropertiesAndStayThere() throws Exception {
        Connection c = jms.connection();
        Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue orders = session.createQueue("orders");
        MessageProducer producer = session.createProducer(orders);
        List<String> sent = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            TextMessage text = session.createTextMessage("order " + i);
            text.setIntProperty("index", i);
            text.setStringProperty("customer", "c" + i);
            text.setJMSCorrelationID("corr-" + i);
            text.setJMSType("Order");
            producer.send(text);
            sent.add(text.getJMSMessageID());
        }
        BytesMessage bytes = session.createBytesMessage();
        bytes.writeBytes(new byte[]{1, 2, 3, 4, 5});
        producer.send(bytes, DeliveryMode.NON_PERSISTENT, 4, 60_000);
        MapMessage map = session.createMapMessage();
        map.setString("sku", "A-1");
        producer.send(map);
        TextMessage urgent = session.createTextMessage("urgent");
        producer.send(urgent, DeliveryMode.PERSISTENT, 9, 0);
        producer.setDeliveryDelay(60_000);
        TextMessage later = session.createTextMessage("later");
        producer.send(later);

        QueueContents contents = jms.server().administration().queueContents("orders", 50);
        assertEquals("orders", contents.queue());
        assertEquals(7, contents.depth());
        assertEquals(0, contents.inFlight());
        List<String> expected = new ArrayList<>();
        expected.add(urgent.getJMSMessageID());
        expected.addAll(sent);
        expected.addAll(List.of(bytes.getJMSMessageID(), map.getJMSMessageID(), later.getJMSMessageID()));
        assertEquals(expected, ids(contents), "priority first, then as sent; the delayed one last");

        QueueContents.Message first = contents.messages().get(1);
        assertEquals(new MessageBody.Text("order 1"), first.data().body());
        assertEquals(Map.of("index", 1, "customer", "c1"), first.data().properties());
        assertEquals("corr-1", first.data().correlationId());
        assertEquals("Order", first.data().type());
        assertEquals(4, first.data().priority());
        assertTrue(first.data().persistent());
        assertEquals(0, first.deliveries());
        assertFalse(first.redelivered());
        QueueContents.Message bytesListed = contents.messages().get(4);
        assertEquals(5, MessageCodec.bodySize(bytesListed.data().body()));
        assertFalse(bytesListed.data().persistent());
        assertTrue(bytesListed.data().expiration() > System.currentTimeMillis(), "its time to live is shown");
        assertTrue(contents.messages().getLast().data().deliveryTime() > System.currentTimeMillis(), "the delayed one says when");

        QueueContents two = jms.server().administration().queueContents("orders", 2);
        assertEquals(7, two.depth(), "the depth counts what was not listed");
        assertEquals(expected.subList(0, 2), ids(two));

        MessageConsumer consumer = session.createConsumer(orders);
        List<String> received = new ArrayList<>();
        for (Message m : JmsFixture.drain(consumer, 500)) {
            received.add(m.getJMSMessageID());
        }
        assertEquals(expected.subList(0, 6), received, "listing consumed nothing: every ready message is still delivered, in the same order");
    }

    @Test
    void aPurgeRemovesTheWaitingMessagesForGoodWhileAnotherQueueKeepsItsOwn() throws Exception {
        Connection c = jms.connection();
        Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(null);
        Queue orders = session.createQueue("orders");
        for (int i = 0; i < 4; i++) {
            producer.send(orders, session.createTextMessage("persistent " + i));
        }
        producer.send(orders, session.createTextMessage("volatile"), DeliveryMode.NON_PERSISTENT, 4, 0);
        producer.setDeliveryDelay(60_000);
        producer.send(orders, session.createTextMessage("delayed"));
        producer.setDeliveryDelay(0);
        producer.send(session.createQueue("kept"), session.createTextMessage("keep me"));

        assertEquals(6, jms.server().administration().purgeQueue("orders"));
        QueueContents purged = jms.server().administration().queueContents("orders", 50);
        assertEquals(0, purged.depth());
        assertEquals(List.of(), purged.messages());
        assertEquals(0, jms.server().administration().purgeQueue("orders"), "nothing left to purge");

        jms.restart();
        assertEquals(0, jms.server().administration().queueContents("orders", 50).depth(), "the store forgot them: a broker reopened on it recovers none");
        assertEquals(1, jms.server().administration().queueContents("kept", 50).depth(), "the store still holds what was not purged");
        Connection after = jms.connection();
        Session s = after.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertNull(s.createConsumer(s.createQueue("orders")).receive(300));
    }

    @Test
    void inFlightMessagesAreLeftToTheirConsumerWhichCanStillGiveThemBack() throws Exception {
        Connection c = jms.connection();
        Session producing = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue orders = producing.createQueue("orders");
        MessageProducer producer = producing.createProducer(orders);
        for (int i = 0; i < 5; i++) {
            producer.send(producing.createTextMessage("m" + i));
        }
        Session holding = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = holding.createConsumer(orders);
        TextMessage held = (TextMessage) consumer.receive(5_000);
        assertEquals("m0", held.getText());
        consumer.close();
        QueueContents before = jms.server().administration().queueContents("orders", 50);
        assertEquals(1, before.inFlight());
        assertEquals(4, before.depth());
        assertFalse(ids(before).contains(held.getJMSMessageID()), "in flight: not waiting, so not listed");

        assertEquals(4, jms.server().administration().purgeQueue("orders"));
        assertEquals(1, jms.server().administration().queueContents("orders", 50).inFlight(), "the purge left the held message alone");

        holding.recover();
        QueueContents back = jms.server().administration().queueContents("orders", 50);
        assertEquals(List.of(held.getJMSMessageID()), ids(back), "given back unacknowledged, it waits again");
        assertEquals(1, back.messages().getFirst().deliveries());
        assertTrue(back.messages().getFirst().redelivered());
        assertEquals(0, back.inFlight());
    }

    @Test
    void aConsumerOpenDuringThePurgeReceivesWhatIsSentAfterIt() throws Exception {
        Connection c = jms.connection();
        Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue orders = session.createQueue("orders");
        MessageProducer producer = session.createProducer(orders);
        producer.send(session.createTextMessage("before"));
        MessageConsumer consumer = session.createConsumer(orders);

        // The consumer has asked for nothing yet, so the message waits, and the purge takes it.
        assertEquals(1, jms.server().administration().purgeQueue("orders"));
        producer.send(session.createTextMessage("after"));
        TextMessage received = (TextMessage) consumer.receive(5_000);
        assertEquals("after", received.getText());
        assertNull(consumer.receive(200));
    }

    @Test
    void aPurgeTheStoreCannotRecordPutsEveryMessageBackWhereItWas() throws Exception {
        Connection c = jms.connection();
        Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(session.createQueue("orders"));
        producer.send(session.createTextMessage("low"), DeliveryMode.PERSISTENT, 1, 0);
        producer.send(session.createTextMessage("high"), DeliveryMode.PERSISTENT, 8, 0);
        List<String> before = ids(jms.server().administration().queueContents("orders", 50));
        jms.closeConnections();
        // A stopped broker's store is closed: the one real way here to make it refuse a batch.
        jms.server().stop();

        StoreException refused = assertThrows(StoreException.class, () -> jms.server().administration().purgeQueue("orders"));
        assertTrue(refused.getMessage().contains("is closed"), refused.getMessage());
        QueueContents after = jms.server().administration().queueContents("orders", 50);
        assertEquals(before, ids(after), "both back, in the same order");
        assertEquals(2, after.depth());
    }

    @Test
    void topicsUnknownQueuesAndAnEmptyListingAreRefusedNamingWhatThereIs() {
        NoSuchQueueException topic = assertThrows(NoSuchQueueException.class, () -> jms.server().administration().queueContents("prices", 10));
        assertTrue(topic.topic());
        assertEquals("'prices' is a topic of JMS broker 'test', not a queue: a topic's messages wait in its subscriptions;"
                + " declared queues: DLQ, kept, orders", topic.getMessage());
        assertTrue(assertThrows(NoSuchQueueException.class, () -> jms.server().administration().purgeQueue("prices")).topic());

        NoSuchQueueException unknown = assertThrows(NoSuchQueueException.class, () -> jms.server().administration().purgeQueue("ordres"));
        assertFalse(unknown.topic());
        assertEquals("ordres", unknown.name());
        assertEquals(List.of("DLQ", "kept", "orders"), unknown.queues(), "the default dead-letter queue too");
        assertEquals("queue 'ordres' is not declared on JMS broker 'test'; declared queues: DLQ, kept, orders", unknown.getMessage());
        assertTrue(jms.server().destination("ordres", DestinationType.QUEUE).isEmpty(), "naming it declared nothing");

        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> jms.server().administration().queueContents("orders", 0));
        assertEquals("at most 0 messages: list at least 1", none.getMessage());
    }
}

package dev.isola.appserver.jms;

import dev.isola.appserver.jms.broker.DurableSubscriptionStats;
import dev.isola.appserver.jms.broker.NoSuchSubscriptionException;
import dev.isola.appserver.jms.broker.NoSuchTopicException;
import dev.isola.appserver.jms.broker.QueueContents;
import dev.isola.appserver.jms.protocol.MessageBody;
import dev.isola.appserver.jms.store.StoreException;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator does to a topic's durable subscriptions, on the real broker and its Derby
 * store: list them with what waits in each, list a subscription's messages without consuming
 * them, and purge them for good, leaving in-flight messages to the consumer and the other
 * subscriptions to themselves, as for a queue ({@link QueueAdministrationTest}).
 */
class SubscriptionAdministrationTest {

    private JmsFixture jms;

    @BeforeEach
    void startBroker() {
        jms = new JmsFixture(b -> b.queue("orders").topic("prices").topic("news"));
    }

    @AfterEach
    void stopBroker() {
        jms.close();
    }

    /** A started connection with client id {@code clientId}. */
    private Connection connection(String clientId) throws JMSException {
        Connection c = jms.track(jms.server().connectionFactory().createConnection());
        c.setClientID(clientId);
        c.start();
        return c;
    }

    /** Durable subscriptions {@code app:audit} (a selector, its connection closed) and {@code reports} (shared, no client id, closed) on prices. */
    private void subscribe() throws JMSException {
        Connection appConnection = connection("app");
        Session app = appConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic prices = app.createTopic("prices");
        app.createDurableSubscriber(prices, "audit", "index > 0", false).close();
        // Its client id is free again for the application's next connection.
        appConnection.close();
        Session anonymous = jms.connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        anonymous.createSharedDurableConsumer(prices, "reports").close();
    }

    private void publish(int count) throws JMSException {
        Session session = jms.connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(session.createTopic("prices"));
        for (int i = 1; i <= count; i++) {
            TextMessage m = session.createTextMessage("price " + i);
            m.setIntProperty("index", i);
            producer.send(m);
        }
    }

    private static List<String> texts(QueueContents contents) {
        return contents.messages().stream().map(m -> ((MessageBody.Text) m.data().body()).text()).toList();
    }

    @Test
    void durableSubscriptionsAreListedByIdWithTheirCountsAndNonDurableOnesAreNot() throws Exception {
        subscribe();
        Session plain = jms.connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer nonDurable = plain.createSharedConsumer(plain.createTopic("prices"), "live");
        publish(3);

        List<DurableSubscriptionStats> subscriptions = jms.server().administration().durableSubscriptions("prices");
        assertEquals(List.of(
                new DurableSubscriptionStats("app:audit", "app", "audit", false, "index > 0", false, 3, 0, 0),
                new DurableSubscriptionStats("reports", null, "reports", true, null, false, 3, 0, 0)), subscriptions);
        assertEquals(List.of(), jms.server().administration().durableSubscriptions("news"));
        nonDurable.close();
    }

    @Test
    void aSubscriptionsWaitingMessagesAreListedInOrderAndStayThere() throws Exception {
        subscribe();
        publish(3);

        QueueContents contents = jms.server().administration().subscriptionContents("prices", "app:audit", 50);
        assertEquals("prices", contents.queue());
        assertEquals(3, contents.depth());
        assertEquals(List.of("price 1", "price 2", "price 3"), texts(contents));
        assertEquals(java.util.Map.of("index", 1), contents.messages().getFirst().data().properties());
        QueueContents two = jms.server().administration().subscriptionContents("prices", "reports", 2);
        assertEquals(3, two.depth(), "the depth counts what was not listed");
        assertEquals(List.of("price 1", "price 2"), texts(two));

        Session app = connection("app").createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer audit = app.createDurableSubscriber(app.createTopic("prices"), "audit", "index > 0", false);
        assertEquals(3, JmsFixture.drain(audit, 500).size(), "listing consumed nothing");
    }

    @Test
    void aPurgeEmptiesOneSubscriptionForGoodAndLeavesTheOthersAndTheSubscriptionItself() throws Exception {
        subscribe();
        publish(3);
        Session session = jms.connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TextMessage volatileOne = session.createTextMessage("volatile");
        volatileOne.setIntProperty("index", 4);
        session.createProducer(session.createTopic("prices")).send(volatileOne, DeliveryMode.NON_PERSISTENT, 4, 0);

        assertEquals(4, jms.server().administration().purgeSubscription("prices", "app:audit"));
        assertEquals(0, jms.server().administration().subscriptionContents("prices", "app:audit", 50).depth());
        assertEquals(4, jms.server().administration().subscriptionContents("prices", "reports", 50).depth(), "the other subscription keeps its copies");
        assertEquals(0, jms.server().administration().purgeSubscription("prices", "app:audit"), "nothing left to purge");

        jms.restart();
        assertEquals(0, jms.server().administration().subscriptionContents("prices", "app:audit", 50).depth(), "the store forgot them");
        assertEquals(3, jms.server().administration().subscriptionContents("prices", "reports", 50).depth(), "the persistent ones of the other came back");
        assertEquals(List.of("app:audit", "reports"), jms.server().administration().durableSubscriptions("prices").stream().map(DurableSubscriptionStats::id).toList(),
                "the purged subscription is still there");
        publish(1);
        Session app = connection("app").createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer audit = app.createDurableSubscriber(app.createTopic("prices"), "audit", "index > 0", false);
        TextMessage after = (TextMessage) audit.receive(5_000);
        assertEquals("price 1", after.getText(), "what is published after a purge is received");
        assertNull(audit.receive(200));
    }

    @Test
    void inFlightMessagesStayWithTheConsumerWhichCanGiveThemBack() throws Exception {
        subscribe();
        publish(3);
        Session holding = connection("app").createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer audit = holding.createDurableSubscriber(holding.createTopic("prices"), "audit", "index > 0", false);
        TextMessage held = (TextMessage) audit.receive(5_000);
        assertEquals("price 1", held.getText());
        audit.close();
        QueueContents before = jms.server().administration().subscriptionContents("prices", "app:audit", 50);
        assertEquals(1, before.inFlight());
        assertEquals(List.of("price 2", "price 3"), texts(before));

        assertEquals(2, jms.server().administration().purgeSubscription("prices", "app:audit"));
        assertEquals(1, jms.server().administration().durableSubscriptions("prices").getFirst().inFlight(), "the held one stays in flight");

        holding.recover();
        QueueContents back = jms.server().administration().subscriptionContents("prices", "app:audit", 50);
        assertEquals(List.of("price 1"), texts(back), "given back unacknowledged, it waits again");
        assertTrue(back.messages().getFirst().redelivered());
    }

    @Test
    void aPurgeTheStoreCannotRecordPutsEveryMessageBack() throws Exception {
        subscribe();
        publish(2);
        jms.closeConnections();
        // A stopped broker's store is closed: the one real way here to make it refuse a batch.
        jms.server().stop();

        StoreException refused = assertThrows(StoreException.class, () -> jms.server().administration().purgeSubscription("prices", "reports"));
        assertTrue(refused.getMessage().contains("is closed"), refused.getMessage());
        assertEquals(List.of("price 1", "price 2"), texts(jms.server().administration().subscriptionContents("prices", "reports", 50)), "both back, in order");
    }

    @Test
    void unknownTopicsQueuesUnknownSubscriptionsAndAnEmptyListingAreRefusedNamingWhatThereIs() throws Exception {
        subscribe();
        NoSuchTopicException unknown = assertThrows(NoSuchTopicException.class, () -> jms.server().administration().durableSubscriptions("pricez"));
        assertFalse(unknown.queue());
        assertEquals("topic 'pricez' is not declared on JMS broker 'test'; declared topics: news, prices", unknown.getMessage());
        NoSuchTopicException queue = assertThrows(NoSuchTopicException.class, () -> jms.server().administration().purgeSubscription("orders", "app:audit"));
        assertTrue(queue.queue());
        assertEquals("'orders' is a queue of JMS broker 'test', not a topic: its messages wait in the queue itself; declared topics: news, prices",
                queue.getMessage());

        for (String id : List.of("audit", "app:reports", "other:audit", "app:")) {
            NoSuchSubscriptionException none = assertThrows(NoSuchSubscriptionException.class, () -> jms.server().administration().purgeSubscription("prices", id));
            assertEquals("topic 'prices' of JMS broker 'test' has no durable subscription '" + id + "'; its durable subscriptions: app:audit, reports",
                    none.getMessage());
            assertEquals(List.of("app:audit", "reports"), none.subscriptions());
        }
        assertEquals("topic 'news' of JMS broker 'test' has no durable subscription 'x'; its durable subscriptions: none",
                assertThrows(NoSuchSubscriptionException.class, () -> jms.server().administration().subscriptionContents("news", "x", 10)).getMessage());
        assertEquals("at most 0 messages: list at least 1",
                assertThrows(IllegalArgumentException.class, () -> jms.server().administration().subscriptionContents("prices", "reports", 0)).getMessage());
    }

    @Test
    void anIdThatTwoSubscriptionsShareIsRefusedRatherThanGuessed() throws Exception {
        // Client id "a" with subscription "b:c", and client id "a:b" with subscription "c": both read a:b:c.
        Session first = connection("a").createSession(false, Session.AUTO_ACKNOWLEDGE);
        first.createDurableSubscriber(first.createTopic("prices"), "b:c").close();
        Session second = connection("a:b").createSession(false, Session.AUTO_ACKNOWLEDGE);
        second.createDurableSubscriber(second.createTopic("prices"), "c").close();
        publish(1);

        IllegalArgumentException ambiguous = assertThrows(IllegalArgumentException.class, () -> jms.server().administration().purgeSubscription("prices", "a:b:c"));
        assertTrue(ambiguous.getMessage().startsWith("'a:b:c' names 2 durable subscriptions of topic 'prices': "), ambiguous.getMessage());
        assertEquals(List.of(1, 1), jms.server().administration().durableSubscriptions("prices").stream().map(DurableSubscriptionStats::depth).toList(),
                "nothing purged");
    }
}

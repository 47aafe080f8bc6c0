package dev.isola.appserver.jms;

import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationType;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Publish/subscribe: plain, durable and shared subscriptions, no-local, unsubscribe, temporary topics. */
class TopicSubscriptionTest {

    private static JmsFixture jms;

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.topic("news").topic("prices").topic("shared").topic("local").topic("durable").topic("sd"));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    @AfterEach
    void closeConnections() {
        jms.closeConnections();
    }

    private static Connection connection(String clientId) throws JMSException {
        Connection c = jms.track(jms.server().connectionFactory(ConnectionFactoryConfig.defaults().withClientId(clientId)).createConnection());
        c.start();
        return c;
    }

    private static void publish(Connection c, String topic, int deliveryMode, String... texts) throws JMSException {
        try (Session s = c.createSession()) {
            MessageProducer p = s.createProducer(s.createTopic(topic));
            for (String t : texts) {
                p.send(s.createTextMessage(t), deliveryMode, 4, 0);
            }
        }
    }

    private static List<String> texts(MessageConsumer consumer) throws JMSException {
        List<String> texts = new ArrayList<>();
        for (Message m : JmsFixture.drain(consumer, 150)) {
            texts.add(((TextMessage) m).getText());
        }
        return texts;
    }

    @Test
    void everySubscriberGetsEveryMessagePublishedWhileItIsSubscribed() throws Exception {
        Connection c = jms.connection();
        Session s1 = c.createSession();
        Session s2 = c.createSession();
        Topic news = s1.createTopic("news");
        publish(c, "news", DeliveryMode.PERSISTENT, "before anyone listened");
        MessageConsumer a = s1.createConsumer(news);
        MessageConsumer b = s2.createConsumer(news, "JMSPriority > 3");
        publish(c, "news", DeliveryMode.PERSISTENT, "one", "two");
        assertEquals(List.of("one", "two"), texts(a));
        assertEquals(List.of("one", "two"), texts(b));
        a.close();
        b.close();
        publish(c, "news", DeliveryMode.PERSISTENT, "after they left");
        assertEquals(0, jms.server().destination("news", DestinationType.TOPIC).orElseThrow().subscriptions());
    }

    @Test
    void durableSubscriptionKeepsMessagesAcrossAReconnect() throws Exception {
        Connection first = connection("durable-client");
        Session s = first.createSession();
        Topic topic = s.createTopic("durable");
        MessageConsumer subscriber = s.createDurableConsumer(topic, "audit");
        publish(first, "durable", DeliveryMode.PERSISTENT, "d1");
        assertEquals(List.of("d1"), texts(subscriber));
        first.close();

        Connection publisher = jms.connection();
        publish(publisher, "durable", DeliveryMode.PERSISTENT, "d2", "d3");
        publish(publisher, "durable", DeliveryMode.NON_PERSISTENT, "d4");

        Connection second = connection("durable-client");
        Session s2 = second.createSession();
        MessageConsumer again = s2.createDurableConsumer(s2.createTopic("durable"), "audit");
        assertEquals(List.of("d2", "d3", "d4"), texts(again));
        again.close();
        s2.unsubscribe("audit");
        publish(publisher, "durable", DeliveryMode.PERSISTENT, "after unsubscribe");
        assertEquals(0, jms.server().destination("durable", DestinationType.TOPIC).orElseThrow().depth());
    }

    @Test
    void durableSubscriptionSurvivesABrokerRestart() throws Exception {
        Connection first = connection("restart-client");
        Session s = first.createSession();
        s.createDurableSubscriber(s.createTopic("prices"), "ticker", "symbol = 'ACME'", false).close();
        Connection publisher = jms.connection();
        try (Session ps = publisher.createSession()) {
            MessageProducer p = ps.createProducer(ps.createTopic("prices"));
            for (String symbol : List.of("ACME", "OTHER", "ACME")) {
                TextMessage m = ps.createTextMessage(symbol);
                m.setStringProperty("symbol", symbol);
                p.send(m);
            }
        }
        jms.restart();

        Connection after = connection("restart-client");
        Session s2 = after.createSession();
        MessageConsumer ticker = s2.createDurableSubscriber(s2.createTopic("prices"), "ticker", "symbol = 'ACME'", false);
        assertEquals(List.of("ACME", "ACME"), texts(ticker));
        ticker.close();
        s2.unsubscribe("ticker");
    }

    @Test
    void changingADurableSubscriptionsSelectorReplacesIt() throws Exception {
        Connection c = connection("changer");
        Session s = c.createSession();
        Topic topic = s.createTopic("durable");
        s.createDurableConsumer(topic, "change", "kind = 'a'", false).close();
        publish(jms.connection(), "durable", DeliveryMode.PERSISTENT, "kept for the old definition");
        MessageConsumer replaced = s.createDurableConsumer(topic, "change", "kind = 'b'", false);
        assertNull(replaced.receive(150), "a changed selector starts a new, empty subscription");
        replaced.close();
        s.unsubscribe("change");
    }

    @Test
    void anUnsharedDurableSubscriptionAllowsOneActiveConsumerAndNeedsAClientId() throws Exception {
        Connection c = connection("single");
        Session s = c.createSession();
        Topic topic = s.createTopic("durable");
        MessageConsumer active = s.createDurableConsumer(topic, "solo");
        assertThrows(jakarta.jms.IllegalStateException.class, () -> c.createSession().createDurableConsumer(topic, "solo"));
        assertThrows(jakarta.jms.IllegalStateException.class, () -> s.unsubscribe("solo"), "cannot unsubscribe while active");
        active.close();
        s.unsubscribe("solo");
        assertThrows(jakarta.jms.InvalidDestinationException.class, () -> s.unsubscribe("solo"));

        Session anonymous = jms.connection().createSession();
        JMSException e = assertThrows(jakarta.jms.IllegalStateException.class, () -> anonymous.createDurableConsumer(topic, "x"));
        assertTrue(e.getMessage().contains("client id"), e.getMessage());
    }

    @Test
    void aSharedSubscriptionSpreadsMessagesOverItsConsumers() throws Exception {
        Connection c1 = jms.connection();
        Connection c2 = jms.connection();
        Topic topic = c1.createSession().createTopic("shared");
        List<String> gotA = new CopyOnWriteArrayList<>();
        List<String> gotB = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(40);
        c1.createSession().createSharedConsumer(topic, "workers").setMessageListener(m -> collect(m, gotA, all));
        c2.createSession().createSharedConsumer(topic, "workers").setMessageListener(m -> collect(m, gotB, all));
        MessageConsumer everything = c1.createSession().createConsumer(topic);
        String[] texts = new String[40];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = "s" + i;
        }
        publish(c1, "shared", DeliveryMode.NON_PERSISTENT, texts);

        assertTrue(all.await(5, TimeUnit.SECONDS));
        Set<String> union = new HashSet<>(gotA);
        union.addAll(gotB);
        assertEquals(40, gotA.size() + gotB.size(), "each message to exactly one consumer of the shared subscription");
        assertEquals(40, union.size());
        assertTrue(!gotA.isEmpty() && !gotB.isEmpty(), "both consumers took part: " + gotA.size() + "/" + gotB.size());
        assertEquals(40, texts(everything).size(), "other subscriptions get their own copy");
        assertEquals(2, jms.server().destination("shared", DestinationType.TOPIC).orElseThrow().subscriptions());
    }

    private static void collect(Message m, List<String> into, CountDownLatch counter) {
        try {
            into.add(((TextMessage) m).getText());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
        counter.countDown();
    }

    @Test
    void aSharedDurableSubscriptionOutlivesItsConsumers() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        Topic topic = s.createTopic("sd");
        s.createSharedDurableConsumer(topic, "archive").close();
        publish(c, "sd", DeliveryMode.PERSISTENT, "kept");
        MessageConsumer x = s.createSharedDurableConsumer(topic, "archive");
        MessageConsumer y = c.createSession().createSharedDurableConsumer(topic, "archive");
        List<String> got = new ArrayList<>(texts(x));
        got.addAll(texts(y));
        assertEquals(List.of("kept"), got);
        JMSException conflict = assertThrows(jakarta.jms.IllegalStateException.class, () -> s.createSharedConsumer(topic, "archive"));
        assertTrue(conflict.getMessage().contains("archive"), conflict.getMessage());
        x.close();
        y.close();
        s.unsubscribe("archive");
    }

    @Test
    void noLocalSkipsMessagesPublishedOnTheSameConnection() throws Exception {
        Connection mine = jms.connection();
        Connection theirs = jms.connection();
        Session s = mine.createSession();
        MessageConsumer notMine = s.createConsumer(s.createTopic("local"), null, true);
        publish(mine, "local", DeliveryMode.NON_PERSISTENT, "mine");
        publish(theirs, "local", DeliveryMode.NON_PERSISTENT, "theirs");
        assertEquals(List.of("theirs"), texts(notMine));
    }

    @Test
    void temporaryTopicDeliversToSubscribersOfItsConnection() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        TemporaryTopic events = s.createTemporaryTopic();
        MessageConsumer sub = s.createConsumer(events);
        Session other = jms.connection().createSession();
        other.createProducer(events).send(other.createTextMessage("event"));
        assertEquals(List.of("event"), texts(sub));
        assertThrows(jakarta.jms.InvalidDestinationException.class, () -> other.createConsumer(events));
        sub.close();
        events.delete();
        assertThrows(jakarta.jms.InvalidDestinationException.class, () -> other.createProducer(events));
    }

    @Test
    void aClientIdIsHeldByOneConnectionAtATime() throws Exception {
        Connection holder = connection("unique-id");
        jakarta.jms.InvalidClientIDException taken = assertThrows(jakarta.jms.InvalidClientIDException.class, () -> connection("unique-id"));
        assertTrue(taken.getMessage().contains("unique-id"), taken.getMessage());
        Connection late = jms.connection();
        assertThrows(jakarta.jms.IllegalStateException.class, () -> late.setClientID("too-late"), "set after the connection was used");
        Connection fresh = jms.track(jms.server().connectionFactory().createConnection());
        assertThrows(jakarta.jms.InvalidClientIDException.class, () -> fresh.setClientID("unique-id"));
        holder.close();
        fresh.setClientID("unique-id");
        assertEquals("unique-id", fresh.getClientID());
    }
}

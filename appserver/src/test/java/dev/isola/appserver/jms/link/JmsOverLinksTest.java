package dev.isola.appserver.jms.link;

import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.config.JmsConfig;
import dev.isola.appserver.jms.container.JmsSubServer;
import dev.isola.appserver.jms.container.TransactionalSessions;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkOptions;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JMS provider with its client and broker talking only over real shared-memory links (both
 * ends in this process, so the test needs no isolate): what the web and EJB isolates of a
 * separated domain do with its JMS isolate. Processes dying are covered by
 * {@code SeparatedDomainTest}; here the links are closed instead.
 */
class JmsOverLinksTest {

    @TempDir
    static Path data;
    private static JmsSubServer broker;
    private static LocalTransactionManager tm;

    @BeforeAll
    static void startBroker() {
        tm = new LocalTransactionManager(Duration.ofMinutes(1));
        broker = JmsSubServer.start(JmsConfig.defaults().withDestination(DestinationConfig.queue("linked"))
                .withDestination(DestinationConfig.queue("linked-poison").withMaxDeliveryAttempts(2))
                .withDestination(DestinationConfig.topic("linked-topic")), data, tm);
    }

    @AfterAll
    static void stopBroker() {
        broker.stop();
    }

    /** A client/broker pair of links in this process; the broker serves it. */
    private static LinkPair servedPair() {
        Isolate me = Isolate.current();
        LinkOptions options = LinkOptions.DEFAULTS.withCapacity(JmsLinks.capacityFor(JmsConfig.defaults().maxMessageSize()));
        Link toBroker = Link.newLink(me, me, options);
        Link toClient = Link.newLink(me, me, options);
        JmsLinkService.serve(broker, new LinkPair(toClient, toBroker));
        return new LinkPair(toBroker, toClient);
    }

    private static RemoteJmsSubServer client(String domain) {
        RemoteJmsSubServer client = new RemoteJmsSubServer(JmsConfig.defaults(), domain, new TransactionalSessions(tm));
        client.connect(servedPair());
        return client;
    }

    @Test
    void theProviderWorksWhenOnlyLinksJoinClientAndBroker() throws Exception {
        RemoteJmsSubServer remote = client("linked");
        try (Connection c = remote.defaultConnectionFactory().createConnection()) {
            c.setClientID("linked-client");
            c.start();
            Session s = c.createSession();
            MapMessage map = s.createMapMessage();
            map.setBytes("bytes", new byte[] {1, 2});
            map.setStringProperty("kind", "wanted");
            s.createProducer(s.createQueue("linked")).send(s.createTextMessage("unwanted"));
            s.createProducer(s.createQueue("linked")).send(map);
            MapMessage received = (MapMessage) s.createConsumer(s.createQueue("linked"), "kind = 'wanted'").receive(2000);
            assertEquals(2, received.getBytes("bytes").length);
            QueueBrowser browser = s.createBrowser(s.createQueue("linked"));
            assertEquals(1, Collections.list(browser.getEnumeration()).size(), "the unwanted message waits");
            assertEquals("unwanted", ((TextMessage) s.createConsumer(s.createQueue("linked")).receive(2000)).getText());

            Session tx = c.createSession(Session.SESSION_TRANSACTED);
            tx.createProducer(tx.createQueue("linked-poison")).send(tx.createTextMessage("poison"), DeliveryMode.PERSISTENT, 4, 0);
            tx.commit();
            MessageConsumer poisoned = tx.createConsumer(tx.createQueue("linked-poison"));
            poisoned.receive(2000);
            tx.rollback();
            assertTrue(poisoned.receive(2000).getJMSRedelivered());
            tx.rollback();
            assertNull(poisoned.receive(100));
            assertEquals("poison", ((TextMessage) s.createConsumer(s.createQueue("DLQ")).receive(2000)).getText());

            MessageConsumer durable = s.createDurableConsumer(s.createTopic("linked-topic"), "linked-sub");
            CountDownLatch heard = new CountDownLatch(50);
            durable.setMessageListener(m -> heard.countDown());
            for (int i = 0; i < 50; i++) {
                s.createProducer(s.createTopic("linked-topic")).send(s.createTextMessage("event " + i));
            }
            assertTrue(heard.await(10, TimeUnit.SECONDS), "a listener gets pushed deliveries over the link");
            durable.close();
            s.unsubscribe("linked-sub");

            TemporaryQueue replies = s.createTemporaryQueue();
            s.createProducer(replies).send(s.createTextMessage("reply"));
            assertEquals("reply", ((TextMessage) s.createConsumer(replies).receive(2000)).getText());
        } finally {
            remote.stop();
        }
    }

    @Test
    void destinationsAreDeclaredThroughTheLinkAndHeldPerApplication() {
        RemoteJmsSubServer remote = client("declaring");
        try {
            Runnable undo = remote.declare("shop", DestinationConfig.queue("shop.orders").withMaxDeliveryAttempts(3));
            assertTrue(broker.isDeclared("shop.orders", DestinationType.QUEUE));
            remote.checkDeadLetterQueue(DestinationConfig.queue("shop.orders"));
            InvalidJmsConfigException conflict = assertThrows(InvalidJmsConfigException.class,
                    () -> remote.declare("crm", DestinationConfig.queue("shop.orders").withMaxDeliveryAttempts(5)));
            assertEquals("queue 'shop.orders' is also defined by application shop with maxDeliveryAttempts=3, deadLetterQueue=DLQ, not"
                    + " maxDeliveryAttempts=5, deadLetterQueue=DLQ; applications that share a destination must define it alike", conflict.getMessage());
            undo.run();
            assertFalse(broker.isDeclared("shop.orders", DestinationType.QUEUE), "a failed deployment's new destination goes again");
            InvalidJmsConfigException missing = assertThrows(InvalidJmsConfigException.class,
                    () -> remote.checkDeadLetterQueue(DestinationConfig.queue("x").withDeadLetterQueue("nowhere")));
            assertTrue(missing.getMessage().contains("the dead-letter queue 'nowhere' of queue 'x' is not declared"), missing.getMessage());

            remote.declare("shop", DestinationConfig.queue("shop.kept"));
            // A new pair (the JMS isolate restarted, or the domain reconnected): deployed applications' destinations are declared again on it.
            remote.connect(servedPair());
            assertThrows(InvalidJmsConfigException.class, () -> remote.declare("crm", DestinationConfig.queue("shop.kept").withMaxDeliveryAttempts(1)),
                    "shop still holds its definition through the new pair");
            remote.applicationUndeployed("shop");
            remote.declare("crm", DestinationConfig.queue("shop.kept").withMaxDeliveryAttempts(1));
        } finally {
            remote.stop();
        }
    }

    @Test
    void aClientThatIsGoneGetsItsMessagesRedeliveredAndALostBrokerIsReported() throws Exception {
        RemoteJmsSubServer first = client("first");
        ConnectionFactory factory = first.defaultConnectionFactory();
        Connection holding = factory.createConnection();
        holding.start();
        Session session = holding.createSession(Session.CLIENT_ACKNOWLEDGE);
        session.createProducer(session.createQueue("linked")).send(session.createTextMessage("held"), DeliveryMode.PERSISTENT, 4, 0);
        assertEquals("held", ((TextMessage) session.createConsumer(session.createQueue("linked")).receive(2000)).getText());
        CompletableFuture<JMSException> lost = new CompletableFuture<>();
        holding.setExceptionListener(lost::complete);

        first.stop();
        JMSException reported = lost.get(10, TimeUnit.SECONDS);
        assertTrue(reported.getMessage().contains("the JMS isolate of domain first"), reported.getMessage());
        JMSException refused = assertThrows(JMSException.class, factory::createConnection);
        assertTrue(refused.getMessage().contains("cannot connect to the JMS broker") && refused.getMessage().contains("domain first is not connected"),
                refused.getMessage());

        RemoteJmsSubServer second = client("second");
        try (Connection c = second.defaultConnectionFactory().createConnection()) {
            c.start();
            Session s = c.createSession();
            Message back = s.createConsumer(s.createQueue("linked")).receive(5000);
            assertEquals("held", ((TextMessage) back).getText());
            assertTrue(back.getJMSRedelivered(), "what the gone client held comes back flagged");
        } finally {
            second.stop();
        }
    }

    @Test
    void linksTooSmallForTheLargestMessageAreRefused() {
        Isolate me = Isolate.current();
        LinkPair small = new LinkPair(Link.newLink(me, me), Link.newLink(me, me));
        RemoteJmsSubServer remote = new RemoteJmsSubServer(JmsConfig.defaults(), "small", new TransactionalSessions(tm));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> remote.connect(small));
        assertTrue(e.getMessage().contains("carries messages of up to") && e.getMessage().contains("the broker accepts messages of up to 4194304 bytes")
                && e.getMessage().contains("JmsLinks.capacityFor(4194304)) = 8388608 bytes"), e.getMessage());
        JMSException notConnected = assertThrows(JMSException.class, () -> remote.defaultConnectionFactory().createConnection());
        assertTrue(notConnected.getMessage().contains("the JMS isolate of domain small is not connected yet"), notConnected.getMessage());
        small.outgoing().close();
        small.incoming().close();
    }
}

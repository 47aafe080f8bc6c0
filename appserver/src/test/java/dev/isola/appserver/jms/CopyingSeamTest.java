package dev.isola.appserver.jms;

import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.protocol.BrokerAcceptor;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerConnection;
import dev.isola.appserver.jms.protocol.BrokerConnector;
import dev.isola.appserver.jms.protocol.BrokerEndpoint;
import dev.isola.appserver.jms.protocol.BrokerEvent;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.ClientEvents;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The provider over a seam that deep-copies every command, reply and event (what a link
 * between isolates does): nothing the client and the broker exchange may depend on sharing
 * an object. The broker is reached only through {@code JmsServer.acceptor()}, as a link
 * transport will reach it.
 */
class CopyingSeamTest {

    private static JmsFixture jms;
    private static IsolaConnectionFactory factory;
    private static final AtomicInteger copies = new AtomicInteger();

    /** A connector that passes deep copies across, like a link with copy semantics. */
    private record CopyingConnector(BrokerAcceptor broker) implements BrokerConnector {
        @Override
        public BrokerConnection connect(ClientEvents events) {
            BrokerEndpoint endpoint = broker.accept(new ClientEvents() {
                @Override
                public void onEvent(BrokerEvent event) {
                    events.onEvent(copy(event));
                }

                @Override
                public void onConnectionLost(String reason) {
                    events.onConnectionLost(reason);
                }
            });
            return new BrokerConnection() {
                @Override
                public java.util.concurrent.CompletableFuture<BrokerReply> request(BrokerCommand command) {
                    return endpoint.handle(copy(command)).thenApply(CopyingSeamTest::copy);
                }

                @Override
                public void abort() {
                    endpoint.clientLost();
                }
            };
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T copy(T value) {
        copies.incrementAndGet();
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(value);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                return (T) in.readObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.queue("copied").topic("copied-topic")
                .destination(DestinationConfig.queue("copied-poison").withMaxDeliveryAttempts(2)));
        factory = new IsolaConnectionFactory(new CopyingConnector(jms.server().acceptor()),
                ConnectionFactoryConfig.defaults().withClientId("copying-client"));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    @Test
    void everyFeatureWorksWhenOnlyCopiesCrossTheSeam() throws Exception {
        Connection c = jms.track(factory.createConnection());
        c.start();
        Session s = c.createSession();
        MapMessage map = s.createMapMessage();
        map.setBytes("bytes", new byte[]{1, 2});
        map.setStringProperty("kind", "wanted");
        s.createProducer(s.createQueue("copied")).send(map);
        MapMessage received = (MapMessage) s.createConsumer(s.createQueue("copied"), "kind = 'wanted'").receive(1000);
        assertEquals(2, received.getBytes("bytes").length);

        Session tx = c.createSession(Session.SESSION_TRANSACTED);
        tx.createProducer(tx.createQueue("copied-poison")).send(tx.createTextMessage("poison"), DeliveryMode.PERSISTENT, 4, 0);
        tx.commit();
        MessageConsumer poisoned = tx.createConsumer(tx.createQueue("copied-poison"));
        poisoned.receive(1000);
        tx.rollback();
        Message second = poisoned.receive(1000);
        assertTrue(second.getJMSRedelivered());
        tx.rollback();
        assertNull(poisoned.receive(100));
        assertEquals("poison", ((TextMessage) s.createConsumer(s.createQueue("DLQ")).receive(1000)).getText());

        MessageConsumer durable = s.createDurableConsumer(s.createTopic("copied-topic"), "copied-sub");
        CountDownLatch heard = new CountDownLatch(3);
        durable.setMessageListener(m -> heard.countDown());
        for (int i = 0; i < 3; i++) {
            s.createProducer(s.createTopic("copied-topic")).send(s.createTextMessage("event " + i));
        }
        assertTrue(heard.await(5, TimeUnit.SECONDS));
        durable.close();
        s.unsubscribe("copied-sub");

        TemporaryQueue replies = s.createTemporaryQueue();
        s.createProducer(replies).send(s.createTextMessage("reply"));
        assertEquals("reply", ((TextMessage) s.createConsumer(replies).receive(1000)).getText());
        assertTrue(copies.get() > 50, "the traffic really went through copies: " + copies.get());
    }
}

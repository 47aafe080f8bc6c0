package dev.isola.appserver.jms;

import dev.isola.appserver.jms.config.DestinationType;
import jakarta.jms.CompletionListener;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simplified API: JMSContext, JMSProducer and JMSConsumer over the real broker. */
class JMSContextTest {

    private static JmsFixture jms;

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.queue("ctx").queue("ctx-tx").queue("ctx-client").queue("ctx-async").queue("ctx-body"));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    private static JMSContext context(int mode) {
        return jms.server().connectionFactory().createContext(mode);
    }

    @Test
    void sendsEachBodyKindAndReceivesItsBody() {
        try (JMSContext context = context(JMSContext.AUTO_ACKNOWLEDGE)) {
            Queue queue = context.createQueue("ctx");
            JMSProducer producer = context.createProducer();
            Map<String, Object> map = new HashMap<>(Map.of("a", 1, "b", "two"));
            producer.send(queue, "text").send(queue, map).send(queue, new byte[]{1, 2}).send(queue, (Serializable) 12345L);
            JMSConsumer consumer = context.createConsumer(queue);
            assertEquals("text", consumer.receiveBody(String.class, 1000));
            assertEquals(map, consumer.receiveBody(Map.class, 1000));
            assertArrayEquals(new byte[]{1, 2}, consumer.receiveBody(byte[].class, 1000));
            assertEquals(12345L, consumer.receiveBody(Long.class, 1000));
            assertNull(consumer.receiveBodyNoWait(String.class));
        }
    }

    @Test
    void producerSettingsPropertiesAndHeadersApplyToEverySend() throws Exception {
        try (JMSContext context = context(JMSContext.AUTO_ACKNOWLEDGE)) {
            Queue queue = context.createQueue("ctx");
            Queue replies = context.createQueue("ctx-body");
            JMSProducer producer = context.createProducer().setPriority(7).setProperty("region", "eu").setProperty("n", 5)
                    .setJMSType("greeting").setJMSCorrelationID("c-9").setJMSReplyTo(replies).setTimeToLive(60_000);
            assertEquals(5L, producer.getLongProperty("n"));
            assertEquals("5", producer.getStringProperty("n"));
            assertThrows(MessageFormatRuntimeException.class, () -> producer.getBooleanProperty("n"));
            assertThrows(JMSRuntimeException.class, () -> producer.setPriority(11));
            producer.send(queue, "hello");
            Message m = context.createConsumer(queue).receive(1000);
            assertEquals(7, m.getJMSPriority());
            assertEquals("eu", m.getStringProperty("region"));
            assertEquals(5, m.getIntProperty("n"));
            assertEquals("greeting", m.getJMSType());
            assertEquals("c-9", m.getJMSCorrelationID());
            assertEquals(replies, m.getJMSReplyTo());
            assertTrue(m.getJMSExpiration() > System.currentTimeMillis());
        }
    }

    @Test
    void contextsMadeFromAContextShareItsConnectionUntilTheLastCloses() {
        JMSContext first = context(JMSContext.AUTO_ACKNOWLEDGE);
        int before = jms.server().connectionCount();
        JMSContext second = first.createContext(JMSContext.CLIENT_ACKNOWLEDGE);
        assertEquals(before, jms.server().connectionCount(), "no new connection for a derived context");
        assertThrows(IllegalStateRuntimeException.class, () -> second.setClientID("nope"));
        first.close();
        second.createProducer().send(second.createQueue("ctx"), "still open");
        assertEquals("still open", second.createConsumer(second.createQueue("ctx")).receiveBody(String.class, 1000));
        second.acknowledge();
        second.close();
        assertEquals(before - 1, jms.server().connectionCount());
        assertThrows(IllegalStateRuntimeException.class, () -> second.createProducer().send(second.createQueue("ctx"), "closed"));
    }

    @Test
    void aTransactedContextCommitsAndRollsBack() {
        try (JMSContext tx = context(JMSContext.SESSION_TRANSACTED); JMSContext observer = context(JMSContext.AUTO_ACKNOWLEDGE)) {
            Queue queue = tx.createQueue("ctx-tx");
            tx.createProducer().send(queue, "rolled back");
            tx.rollback();
            tx.createProducer().send(queue, "committed");
            tx.commit();
            JMSConsumer consumer = observer.createConsumer(queue);
            assertEquals("committed", consumer.receiveBody(String.class, 1000));
            assertNull(consumer.receiveBody(String.class, 100));
        }
    }

    @Test
    void receiveBodyOfTheWrongTypeLeavesTheMessageForTheNextReceiveInAutoMode() {
        try (JMSContext context = context(JMSContext.AUTO_ACKNOWLEDGE)) {
            Queue queue = context.createQueue("ctx-body");
            context.createProducer().send(queue, "a string");
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, 1000));
            Message again = consumer.receive(1000);
            assertTrue(again instanceof TextMessage);
            assertEquals(1, again.getIntProperty("JMSXDeliveryCount"), "not counted as a redelivery");
        } catch (jakarta.jms.JMSException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void clientAcknowledgeContextRedeliversWhatWasNotAcknowledgedOnRecover() throws Exception {
        try (JMSContext context = context(JMSContext.CLIENT_ACKNOWLEDGE)) {
            Queue queue = context.createQueue("ctx-client");
            context.createProducer().send(queue, "once").send(queue, "twice");
            JMSConsumer consumer = context.createConsumer(queue);
            consumer.receive(1000);
            context.acknowledge();
            consumer.receive(1000);
            context.recover();
            Message again = consumer.receive(1000);
            assertEquals("twice", again.getBody(String.class));
            assertTrue(again.getJMSRedelivered());
            context.acknowledge();
        }
        assertEquals(0, jms.server().destination("ctx-client", DestinationType.QUEUE).orElseThrow().depth());
    }

    @Test
    void asynchronousSendsCompleteInOrder() throws Exception {
        try (JMSContext context = context(JMSContext.AUTO_ACKNOWLEDGE)) {
            Queue queue = context.createQueue("ctx-async");
            List<String> completed = new CopyOnWriteArrayList<>();
            CountDownLatch done = new CountDownLatch(20);
            CompletionListener listener = new CompletionListener() {
                @Override
                public void onCompletion(Message message) {
                    try {
                        completed.add(((TextMessage) message).getText());
                    } catch (jakarta.jms.JMSException e) {
                        throw new IllegalStateException(e);
                    }
                    done.countDown();
                }

                @Override
                public void onException(Message message, Exception exception) {
                    completed.add("failed: " + exception.getMessage());
                    done.countDown();
                }
            };
            JMSProducer producer = context.createProducer().setAsync(listener);
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                producer.send(queue, "async" + i);
                sent.add("async" + i);
            }
            assertTrue(done.await(5, TimeUnit.SECONDS));
            assertEquals(sent, completed);
            JMSConsumer consumer = context.createConsumer(queue);
            for (String expected : sent) {
                assertEquals(expected, consumer.receiveBody(String.class, 1000));
            }
        }
    }
}

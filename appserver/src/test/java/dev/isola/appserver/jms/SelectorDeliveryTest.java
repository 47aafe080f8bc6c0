package dev.isola.appserver.jms;

import dev.isola.appserver.jms.selector.SelectorSyntaxException;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Selectors applied by the broker to real messages, and refused when malformed. */
class SelectorDeliveryTest {

    private static JmsFixture jms;

    @BeforeAll
    static void startBroker() {
        jms = new JmsFixture(b -> b.queue("cars").queue("split").topic("events"));
    }

    @AfterAll
    static void stopBroker() {
        jms.close();
    }

    @AfterEach
    void closeConnections() {
        jms.closeConnections();
    }

    private static List<String> texts(List<Message> messages) throws JMSException {
        List<String> texts = new ArrayList<>();
        for (Message m : messages) {
            texts.add(((TextMessage) m).getText());
        }
        return texts;
    }

    private static void sendCars(Session s, Queue queue) throws JMSException {
        MessageProducer p = s.createProducer(queue);
        Object[][] cars = {
                {"c1", "car", "blue", 2600, DeliveryMode.PERSISTENT, 4, null},
                {"c2", "car", "red", 1800, DeliveryMode.NON_PERSISTENT, 8, "x-1"},
                {"c3", "truck", "blue", 9000, DeliveryMode.PERSISTENT, 2, null},
                {"c4", null, null, null, DeliveryMode.PERSISTENT, 4, null},
        };
        for (Object[] car : cars) {
            TextMessage m = s.createTextMessage((String) car[0]);
            m.setJMSType((String) car[1]);
            if (car[2] != null) {
                m.setStringProperty("color", (String) car[2]);
            }
            if (car[3] != null) {
                m.setIntProperty("weight", (Integer) car[3]);
            }
            if (car[6] != null) {
                m.setJMSCorrelationID((String) car[6]);
            }
            p.send(m, (Integer) car[4], (Integer) car[5], 0);
        }
    }

    private static List<String> select(String selector) throws JMSException {
        Connection c = jms.connection();
        Session s = c.createSession();
        Queue queue = s.createQueue("cars");
        sendCars(s, queue);
        List<String> selected = texts(JmsFixture.drain(s.createConsumer(queue, selector), 100));
        JmsFixture.drain(s.createConsumer(queue), 50);
        return selected;
    }

    @Test
    void selectsOnPropertiesAndHeaderFields() throws Exception {
        assertEquals(List.of("c1"), select("JMSType = 'car' AND color = 'blue' AND weight > 2500"));
        assertEquals(List.of("c2"), select("JMSDeliveryMode = 'NON_PERSISTENT'"));
        assertEquals(List.of("c2", "c1", "c4"), select("JMSPriority >= 4"));
        assertEquals(List.of("c2"), select("JMSCorrelationID LIKE 'x-%'"));
        assertEquals(List.of("c2", "c1", "c4", "c3"), select("JMSMessageID LIKE 'ID:%' AND JMSTimestamp > 0"));
        assertEquals(List.of("c2", "c1"), select("weight BETWEEN 1000 AND 3000"));
        assertEquals(List.of("c3"), select("weight * 2 - 1000 > 10000"));
        assertEquals(List.of("c2", "c3"), select("color IN ('red') OR JMSType NOT IN ('car')"));
        assertEquals(List.of("c4"), select("color IS NULL"));
        assertEquals(List.of("c2", "c1", "c3"), select("JMSXDeliveryCount = 1 AND color IS NOT NULL"));
    }

    @Test
    void unknownValuesSelectNothingUnlessTestedForNull() throws Exception {
        assertEquals(List.of(), select("NOT (weight > 1) AND color = 'blue' AND weight < 0"));
        assertEquals(List.of("c2", "c1", "c3"), select("NOT (weight < 100)"), "c4 has no weight: NOT unknown is unknown");
    }

    @Test
    void consumersWithDifferentSelectorsSplitAQueue() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        Queue queue = s.createQueue("split");
        var evens = c.createSession().createConsumer(queue, "n / 2 * 2 = n");
        var odds = c.createSession().createConsumer(queue, "n / 2 * 2 <> n");
        MessageProducer p = s.createProducer(queue);
        for (int i = 0; i < 10; i++) {
            TextMessage m = s.createTextMessage("n" + i);
            m.setIntProperty("n", i);
            p.send(m);
        }
        assertEquals(List.of("n0", "n2", "n4", "n6", "n8"), texts(JmsFixture.drain(evens, 100)));
        assertEquals(List.of("n1", "n3", "n5", "n7", "n9"), texts(JmsFixture.drain(odds, 100)));
    }

    @Test
    void aTopicSubscriptionOnlyStoresWhatItsSelectorAccepts() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        var sub = s.createConsumer(s.createTopic("events"), "severity >= 3");
        MessageProducer p = s.createProducer(s.createTopic("events"));
        for (int severity = 1; severity <= 5; severity++) {
            TextMessage m = s.createTextMessage("sev" + severity);
            m.setIntProperty("severity", severity);
            p.send(m);
        }
        assertEquals(List.of("sev3", "sev4", "sev5"), texts(JmsFixture.drain(sub, 100)));
    }

    @Test
    void aMalformedSelectorIsRefusedWithItsPosition() throws Exception {
        Connection c = jms.connection();
        Session s = c.createSession();
        Queue queue = s.createQueue("cars");
        InvalidSelectorException e = assertThrows(InvalidSelectorException.class,
                () -> s.createConsumer(queue, "color = 'blue' AND AND weight > 1"));
        assertTrue(e.getMessage().contains("at position 20"), e.getMessage());
        assertEquals(20, assertInstanceOf(SelectorSyntaxException.class, e).position());
        assertThrows(InvalidSelectorException.class, () -> s.createBrowser(queue, "weight >"));
        assertThrows(InvalidSelectorException.class, () -> s.createDurableSubscriber(s.createTopic("events"), "x", "1 +", false));
        try (JMSContext context = jms.server().connectionFactory().createContext()) {
            InvalidSelectorRuntimeException r = assertThrows(InvalidSelectorRuntimeException.class,
                    () -> context.createConsumer(context.createQueue("cars"), "color LIKE 5"));
            assertTrue(r.getMessage().contains("position 12"), r.getMessage());
        }
    }
}

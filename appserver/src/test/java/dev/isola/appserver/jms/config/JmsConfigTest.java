package dev.isola.appserver.jms.config;

import dev.isola.appserver.jms.message.ObjectMessageFilter;
import jakarta.jms.JMSConnectionFactoryDefinition;
import jakarta.jms.JMSDestinationDefinition;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The configuration records the domain configuration and the resource annotations feed. */
class JmsConfigTest {

    private static void assertRefused(String expected, Runnable build) {
        InvalidJmsConfigException e = assertThrows(InvalidJmsConfigException.class, build::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void destinationsParseFromTheCommandLineAndFromAnnotationProperties() {
        DestinationConfig parsed = DestinationConfig.parse("orders,maxDeliveryAttempts=3,deadLetterQueue=orders.DLQ", DestinationType.QUEUE);
        assertEquals(new DestinationConfig("orders", DestinationType.QUEUE, OptionalInt.of(3), Optional.of("orders.DLQ")), parsed);
        DestinationConfig fromAnnotation = DestinationConfig.fromProperties("prices", DestinationType.ofInterfaceName("jakarta.jms.Topic"),
                Map.of("maxDeliveryAttempts", " 0 "));
        assertEquals(OptionalInt.of(0), fromAnnotation.maxDeliveryAttempts());
        assertEquals(DestinationType.TOPIC, fromAnnotation.type());

        assertRefused("unknown setting 'maxAttempts'", () -> DestinationConfig.parse("q,maxAttempts=3", DestinationType.QUEUE));
        assertRefused("'three', not a whole number", () -> DestinationConfig.parse("q,maxDeliveryAttempts=three", DestinationType.QUEUE));
        assertRefused("must be 0 (never dead-letter) or more", () -> DestinationConfig.queue("q").withMaxDeliveryAttempts(-1));
        assertRefused("name 'bad name'", () -> DestinationConfig.queue("bad name"));
        assertRefused("is not key=value", () -> DestinationConfig.parse("q,oops", DestinationType.QUEUE));
        assertRefused("jakarta.jms.Queue or jakarta.jms.Topic", () -> DestinationType.ofInterfaceName("java.lang.String"));
    }

    @Test
    void theBrokerConfigurationChecksItsDeclarationsTogether() {
        BrokerConfig config = BrokerConfig.builder(Path.of("data")).queue("orders")
                .destination(DestinationConfig.queue("audit").withMaxDeliveryAttempts(2).withDeadLetterQueue("orders")).topic("orders").build();
        assertEquals(4, config.effectiveDestinations().size(), "the default dead-letter queue is declared too");
        assertEquals(BrokerConfig.DEFAULT_MAX_DELIVERY_ATTEMPTS, config.maxDeliveryAttemptsOf(config.find("orders", DestinationType.QUEUE).orElseThrow()));
        assertEquals("orders", config.deadLetterQueueOf(config.find("audit", DestinationType.QUEUE).orElseThrow()));
        assertEquals(0, config.maxDeliveryAttemptsOf(config.find("DLQ", DestinationType.QUEUE).orElseThrow()),
                "the default dead-letter queue never dead-letters itself");

        assertRefused("dead-letter queue 'missing' of queue 'a' is not a declared queue",
                () -> BrokerConfig.builder(Path.of("d")).destination(DestinationConfig.queue("a").withDeadLetterQueue("missing")).build());
        assertRefused("maxMessageSize is 10 bytes", () -> BrokerConfig.builder(Path.of("d")).maxMessageSize(10).build());
        assertRefused("topic 't' is declared twice", () -> BrokerConfig.builder(Path.of("d")).topic("t").topic("t").build());
    }

    @Test
    void connectionFactorySettingsIncludingTheObjectMessageAllowList() {
        ConnectionFactoryConfig config = ConnectionFactoryConfig.fromProperties(Map.of("clientId", "shop", "prefetch", "10",
                "objectMessageAllowList", "com.example.model.*, com.example.Dto"));
        assertEquals(Optional.of("shop"), config.clientId());
        assertEquals(10, config.prefetch());
        ObjectMessageFilter filter = new ObjectMessageFilter(config.objectMessageAllowList());
        assertTrue(filter.allows("com.example.model.Order"));
        assertTrue(filter.allows("com.example.model.sub.Line"));
        assertTrue(filter.allows("com.example.Dto"));
        assertFalse(filter.allows("com.example.Other"));
        assertFalse(filter.allows("com.example.modelx.Order"));
        ObjectMessageFilter defaults = new ObjectMessageFilter(ConnectionFactoryConfig.defaults().objectMessageAllowList());
        assertTrue(defaults.allows("java.util.ArrayList"));
        assertFalse(defaults.allows("java.lang.invoke.SerializedLambda"), "only the package itself, not its sub-packages");
        assertTrue(new ObjectMessageFilter(List.of("*")).allows("anything.At.All"));

        assertRefused("unknown connection factory setting 'user'", () -> ConnectionFactoryConfig.fromProperties(Map.of("user", "x")));
        assertRefused("prefetch is 0", () -> ConnectionFactoryConfig.defaults().withPrefetch(0));
        assertRefused("prefetch is 'many'", () -> ConnectionFactoryConfig.fromProperties(Map.of("prefetch", "many")));
    }

    @JMSDestinationDefinition(name = "java:app/jms/orders", interfaceName = "jakarta.jms.Queue",
            properties = {"maxDeliveryAttempts=4", "deadLetterQueue=orders.DLQ"})
    @JMSDestinationDefinition(name = "java:app/jms/broken", interfaceName = "jakarta.jms.Queue", destinationName = "broken",
            properties = {"maxDeliveryAttempts"})
    @JMSConnectionFactoryDefinition(name = "java:app/jms/factory", clientId = "shop", properties = {"prefetch=20"})
    private static final class AnnotatedApplication {
    }

    @Test
    void resourceDefinitionAnnotationsBecomeConfiguration() {
        JMSDestinationDefinition[] destinations = AnnotatedApplication.class.getAnnotationsByType(JMSDestinationDefinition.class);
        DestinationConfig orders = ResourceDefinitions.destination(destinations[0]);
        assertEquals(DestinationConfig.queue("orders").withMaxDeliveryAttempts(4).withDeadLetterQueue("orders.DLQ"), orders,
                "without destinationName the last segment of the JNDI name is the queue's name");
        assertRefused("@JMSDestinationDefinition(name = \"java:app/jms/broken\"): property 'maxDeliveryAttempts' is not name=value",
                () -> ResourceDefinitions.destination(destinations[1]));

        ConnectionFactoryConfig factory = ResourceDefinitions.connectionFactory(
                AnnotatedApplication.class.getAnnotation(JMSConnectionFactoryDefinition.class));
        assertEquals(Optional.of("shop"), factory.clientId());
        assertEquals(20, factory.prefetch());
    }
}

package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.mdbbad.BadSelectorBean;
import dev.isola.appserver.testapps.mdbbad.ConflictingQueueBean;
import dev.isola.appserver.testapps.mdbbad.DurableQueueBean;
import dev.isola.appserver.testapps.mdbbad.FailingInitBean;
import dev.isola.appserver.testapps.mdbbad.HealthyBean;
import dev.isola.appserver.testapps.mdbbad.NoDestinationBean;
import dev.isola.appserver.testapps.mdbbad.RequiresNewBean;
import dev.isola.appserver.testapps.mdbbad.SharedQueueFive;
import dev.isola.appserver.testapps.mdbbad.SharedQueueThree;
import dev.isola.appserver.testapps.mdbbad.TooManySessionsBean;
import dev.isola.appserver.testapps.mdbbad.TopicTypeBean;
import dev.isola.appserver.testapps.mdbbad.UnknownDestinationBean;
import dev.isola.appserver.testapps.mdbbad.WrongTypeBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bad activation configuration (or definition) fails the deployment with a message that
 * names the bean and the property, and leaves nothing deployed: no application, no consumer
 * thread, no destination the application defined.
 */
class MessageDrivenDeploymentErrorsTest {

    static RunningServer fixture;

    @BeforeAll
    static void start() {
        fixture = new RunningServer(b -> b.jmsDestination(DestinationConfig.queue("mdb.configured").withMaxDeliveryAttempts(2)));
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    /** Deploys {@code bean} (with a healthy singleton beside it) as bad-{name}.jar and returns the error. */
    private static DeploymentException rejected(Class<?> bean, String definedQueue) {
        String name = "bad-" + bean.getSimpleName().toLowerCase();
        var jar = fixture.export(TestApps.ejbJar(name + ".jar", bean, HealthyBean.class));
        DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(jar));
        assertEquals(name, e.application());
        assertEquals(List.of(), fixture.server().deployments(), "nothing stays deployed");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("mdb-" + name)),
                "a consumer thread of the failed deployment survived");
        if (definedQueue != null) {
            assertTrue(fixture.server().jmsDestination(definedQueue, DestinationType.QUEUE).isEmpty(),
                    "the queue the failed deployment defined is still declared");
        }
        return e;
    }

    private static void assertNames(DeploymentException e, Class<?> bean, String property) {
        assertEquals(bean.getName(), e.className());
        assertEquals("activation config property " + property, e.member());
        assertTrue(e.reason().startsWith("message-driven bean " + bean.getSimpleName() + ": activation config property " + property + " "), e.reason());
    }

    @Test
    void configuredDestinationsAreDeclaredBeforeAnyDeployment() {
        assertTrue(fixture.server().jmsDestination("mdb.configured", DestinationType.QUEUE).isPresent());
        assertTrue(fixture.server().jmsDestination("DLQ", DestinationType.QUEUE).isPresent(), "the default dead-letter queue");
        assertEquals(fixture.server().jmsDestinations(), fixture.server().status().jmsDestinations());
    }

    @Test
    void twoApplicationsThatDefineOneQueueDifferently() {
        var first = fixture.export(TestApps.ejbJar("shared-three.jar", SharedQueueThree.class));
        var second = fixture.export(TestApps.ejbJar("shared-five.jar", SharedQueueFive.class));
        fixture.server().deploy(first);
        try {
            DeploymentException e = assertThrows(DeploymentException.class, () -> fixture.server().deploy(second));
            assertEquals("@JMSDestinationDefinition java:app/jms/Shared", e.member());
            assertEquals("queue 'mdb.shared' is also defined by application shared-three with maxDeliveryAttempts=3, deadLetterQueue=DLQ, not"
                    + " maxDeliveryAttempts=5, deadLetterQueue=DLQ; applications that share a destination must define it alike", e.reason());
            assertEquals(List.of("shared-three"), fixture.server().deployments().stream().map(d -> d.name()).toList());
        } finally {
            fixture.server().undeploy("shared-three");
        }
        fixture.server().deploy(second);
        fixture.server().undeploy("shared-five");
        assertTrue(fixture.server().jmsDestination("mdb.shared", DestinationType.QUEUE).isPresent(), "undeploying keeps the queue");
    }

    @Test
    void unknownDestination() {
        DeploymentException e = rejected(UnknownDestinationBean.class, null);
        assertNames(e, UnknownDestinationBean.class, "destinationLookup");
        assertTrue(e.reason().contains("names java:app/jms/Nowhere, which is not bound"), e.reason());
    }

    @Test
    void malformedSelectorNamesThePosition() {
        DeploymentException e = rejected(BadSelectorBean.class, "mdb.bad.selector");
        assertNames(e, BadSelectorBean.class, "messageSelector");
        assertEquals("message-driven bean BadSelectorBean: activation config property messageSelector is not valid: invalid message selector"
                + " \"kind = 'a' AND\": expected an expression but the selector ends at position 15 (end of selector)", e.reason());
    }

    @Test
    void durableSubscriptionOnAQueue() {
        DeploymentException e = rejected(DurableQueueBean.class, "mdb.bad.durable");
        assertNames(e, DurableQueueBean.class, "subscriptionDurability");
        assertEquals("message-driven bean DurableQueueBean: activation config property subscriptionDurability is Durable, but java:app/jms/DurableQueue"
                + " names queue 'mdb.bad.durable': only topic subscriptions are durable", e.reason());
    }

    @Test
    void lookupOfSomethingThatIsNoDestination() {
        DeploymentException e = rejected(WrongTypeBean.class, null);
        assertNames(e, WrongTypeBean.class, "destinationLookup");
        assertEquals("message-driven bean WrongTypeBean: activation config property destinationLookup names java:comp/DefaultDataSource, which is a "
                + "dev.isola.appserver.jdbc.ManagedDataSource, not a jakarta.jms.Queue or jakarta.jms.Topic", e.reason());
    }

    @Test
    void destinationTypeThatContradictsTheLookup() {
        DeploymentException e = rejected(TopicTypeBean.class, "mdb.bad.type");
        assertNames(e, TopicTypeBean.class, "destinationType");
        assertEquals("message-driven bean TopicTypeBean: activation config property destinationType is jakarta.jms.Topic, but destinationLookup"
                + " java:app/jms/NotATopic names queue 'mdb.bad.type'", e.reason());
    }

    @Test
    void noDestinationAtAll() {
        DeploymentException e = rejected(NoDestinationBean.class, null);
        assertNames(e, NoDestinationBean.class, "destinationLookup");
    }

    @Test
    void maxSessionsThatIsNoNumber() {
        DeploymentException e = rejected(TooManySessionsBean.class, "mdb.bad.many");
        assertNames(e, TooManySessionsBean.class, "maxSessions");
        assertEquals("message-driven bean TooManySessionsBean: activation config property maxSessions is 'lots'; it must be a whole number from 1 to 1000",
                e.reason());
    }

    @Test
    void failingPostConstructFailsTheDeployment() {
        DeploymentException e = rejected(FailingInitBean.class, "mdb.bad.init");
        assertEquals(FailingInitBean.class.getName(), e.className());
        assertEquals("message-driven bean FailingInitBean could not be created: @PostConstruct method init threw java.lang.IllegalStateException:"
                + " no approval limit configured", e.reason());
    }

    @Test
    void listenerMethodWithATransactionAttributeItMayNotHave() {
        DeploymentException e = rejected(RequiresNewBean.class, "mdb.bad.new");
        assertEquals(RequiresNewBean.class.getName(), e.className());
        assertEquals("method onMessage", e.member());
        assertEquals("message-driven bean RequiresNewBean: the transaction attribute of onMessage is REQUIRES_NEW; a message listener method may"
                + " only be REQUIRED or NOT_SUPPORTED", e.reason());
    }

    @Test
    void definitionThatContradictsTheServerConfiguration() {
        DeploymentException e = rejected(ConflictingQueueBean.class, null);
        assertEquals(ConflictingQueueBean.class.getName(), e.className());
        assertEquals("@JMSDestinationDefinition java:app/jms/Configured", e.member());
        assertEquals("queue 'mdb.configured' is declared by the server configuration with maxDeliveryAttempts=2, not 7; change the definition or"
                + " the configuration so they agree", e.reason());
        DestinationStats configured = fixture.server().jmsDestination("mdb.configured", DestinationType.QUEUE).orElseThrow();
        assertEquals(0, configured.consumers(), "the configured queue stays, without the failed bean's consumers");
    }
}

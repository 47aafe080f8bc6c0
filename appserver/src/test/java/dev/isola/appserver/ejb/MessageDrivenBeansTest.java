package dev.isola.appserver.ejb;

import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.support.Await;
import dev.isola.appserver.support.MdbJournal;
import dev.isola.appserver.support.MdbJournal.Row;
import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.mdb.AttemptsBean;
import dev.isola.appserver.testapps.mdb.DescriptorBean;
import dev.isola.appserver.testapps.mdb.Journal;
import dev.isola.appserver.testapps.mdb.ManualBean;
import dev.isola.appserver.testapps.mdb.MdbResources;
import dev.isola.appserver.testapps.mdb.MdbServlet;
import dev.isola.appserver.testapps.mdb.NewsLiveBean;
import dev.isola.appserver.testapps.mdb.PoisonBean;
import dev.isola.appserver.testapps.mdb.RollbackFailure;
import dev.isola.appserver.testapps.mdb.SchemaBean;
import dev.isola.appserver.testapps.mdb.SelectiveBean;
import dev.isola.appserver.testapps.mdb.SenderBean;
import dev.isola.appserver.testapps.mdb.TraceInterceptor;
import dev.isola.appserver.testapps.mdb.WorkBean;
import dev.isola.appserver.testapps.mdbarchive.ArchiveBean;
import dev.isola.appserver.testapps.mdbarchive.ArchiveResources;
import dev.isola.appserver.testapps.mdbarchive.NewsArchiveBean;
import dev.isola.appserver.testapps.mdbarchive.SlowBean;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Message-driven beans and JMS in container transactions, over HTTP against a running server:
 * messages go in through a servlet, the beans write to Derby, and the test reads the rows with
 * its own connection and the destinations' statistics from the server's API.
 *
 * <p>Two applications: "mdb" (the beans, a servlet, a stateless bean that sends in its
 * transaction) stays deployed; "archive" (an EJB-JAR: a queue consumer, a durable topic subscriber, a slow
 * consumer) is undeployed and deployed again by the tests that show what survives that.
 */
class MessageDrivenBeansTest {

    static RunningServer fixture;
    static MdbJournal journal;
    static Path archiveJar;
    static int sequence;

    @BeforeAll
    static void deploy() {
        fixture = new RunningServer();
        var ejb = TestApps.ejbJar("mdb-ejb.jar", MdbResources.class, Journal.class, SchemaBean.class, AttemptsBean.class, TraceInterceptor.class,
                        WorkBean.class, PoisonBean.class, SelectiveBean.class, ManualBean.class, DescriptorBean.class, NewsLiveBean.class,
                        SenderBean.class, RollbackFailure.class)
                .addAsManifestResource(new StringAsset("""
                        <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                          <enterprise-beans>
                            <message-driven>
                              <ejb-name>DescriptorBean</ejb-name>
                              <ejb-class>dev.isola.appserver.testapps.mdb.DescriptorBean</ejb-class>
                              <messaging-type>jakarta.jms.MessageListener</messaging-type>
                              <transaction-type>Container</transaction-type>
                              <activation-config>
                                <activation-config-property>
                                  <activation-config-property-name>destinationLookup</activation-config-property-name>
                                  <activation-config-property-value>java:app/jms/Described</activation-config-property-value>
                                </activation-config-property>
                                <activation-config-property>
                                  <activation-config-property-name>messageSelector</activation-config-property-name>
                                  <activation-config-property-value>kind = 'described'</activation-config-property-value>
                                </activation-config-property>
                              </activation-config>
                              <env-entry>
                                <env-entry-name>greeting</env-entry-name>
                                <env-entry-type>java.lang.String</env-entry-type>
                                <env-entry-value>hello from ejb-jar.xml</env-entry-value>
                              </env-entry>
                            </message-driven>
                            <message-driven>
                              <ejb-name>WorkBean</ejb-name>
                              <activation-config>
                                <activation-config-property>
                                  <activation-config-property-name>maxSessions</activation-config-property-name>
                                  <activation-config-property-value>2</activation-config-property-value>
                                </activation-config-property>
                              </activation-config>
                            </message-driven>
                          </enterprise-beans>
                        </ejb-jar>
                        """), "ejb-jar.xml");
        fixture.server().deploy(fixture.export(TestApps.mavenStyleEar("mdb.ear", "mdb", ejb, TestApps.war("mdb-web.war", MdbServlet.class), "/mdb")));
        archiveJar = fixture.export(TestApps.ejbJar("archive.jar", ArchiveResources.class, ArchiveBean.class, NewsArchiveBean.class, SlowBean.class,
                Journal.class, SchemaBean.class));
        fixture.server().deploy(archiveJar);
        journal = new MdbJournal(fixture);
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    private static String tag(String scenario) {
        return scenario + "-" + (++sequence);
    }

    private static String send(String destination, String text, String props) {
        return fixture.get("/mdb/jms?op=send&dest=" + destination + "&text=" + encode(text) + (props == null ? "" : "&props=" + encode(props)));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String receive(String destination, String tag, long timeoutMillis) {
        return fixture.get("/mdb/jms?op=receive&dest=" + destination + "&tag=" + tag + "&timeout=" + timeoutMillis);
    }

    private static DestinationStats queue(String name) {
        return fixture.server().jmsDestination(name, DestinationType.QUEUE).orElseThrow(() -> new AssertionError("queue " + name + " is not declared"));
    }

    /** Waits until nothing of {@code queue} is waiting or in flight: every message processed to its end. */
    private static void awaitDrained(String name) {
        Await.until("queue " + name + " to be drained", () -> queue(name).depth() == 0 && queue(name).inFlight() == 0);
    }

    private static List<Row> awaitRows(String bean, String tag, int count) {
        Await.until(count + " journal rows of " + bean + " for " + tag, () -> journal.rows(bean, tag).size() >= count);
        return journal.rows(bean, tag);
    }

    // ---- receiving into Derby ----------------------------------------------------------------

    @Test
    void beanWritesToDerbyWithInterceptorsLifecycleAndContext() {
        String tag = tag("ok");
        assertEquals("sent", send("Work", "ok:" + tag, null));
        List<Row> rows = awaitRows("WorkBean", tag, 1);
        awaitDrained("mdb.work");
        assertEquals(List.of(new Row("WorkBean", tag, false, 1, "post-constructed, traced onMessage, rollbackOnly=false")), journal.rows("WorkBean", tag));
        assertEquals(1, rows.size());
    }

    @ParameterizedTest(name = "{0}: the first delivery rolls back (commit-fails-once: its database commit fails), the redelivery is flagged and commits")
    @ValueSource(strings = {"rollback-once", "throw-once", "commit-fails-once"})
    void rolledBackDeliveryIsRedeliveredWithTheFlagsSet(String kind) {
        String tag = tag(kind);
        send("Work", kind + ":" + tag, null);
        awaitRows("WorkBean", tag, 1);
        awaitDrained("mdb.work");
        assertEquals(List.of(new Row("WorkBean", tag, true, 2, "post-constructed, traced onMessage, rollbackOnly=false")), journal.rows("WorkBean", tag),
                "the first delivery's row rolled back with it; the second saw JMSRedelivered and JMSXDeliveryCount 2");
    }

    @Test
    void poisonMessageEndsInTheDeadLetterQueueAfterTheConfiguredAttempts() {
        String tag = tag("poison");
        long deadLetteredBefore = queue("mdb.poison").deadLettered();
        send("Poison", "poison:" + tag, null);
        Await.until("the poison message in mdb.poison.DLQ", () -> fixture.get("/mdb/jms?op=browse&dest=PoisonDLQ").contains("poison:" + tag));
        assertEquals(List.of(1, 2, 3), journal.attempts("PoisonBean", tag), "maxDeliveryAttempts=3: three attempts, then no more");
        assertEquals(deadLetteredBefore + 1, queue("mdb.poison").deadLettered());
        assertEquals(0, queue("mdb.poison").depth());
        String dlq = fixture.get("/mdb/jms?op=browse&dest=PoisonDLQ");
        assertTrue(dlq.contains("poison:" + tag + "|from=mdb.poison|reason=delivered 3 times without acknowledgement; queue 'mdb.poison' allows 3"), dlq);
        assertEquals(List.of(1, 2, 3), journal.attempts("PoisonBean", tag));
    }

    @Test
    void selectorTakesOnlyWhatItSelects() {
        String wanted = tag("wanted");
        int waitingBefore = queue("mdb.selective").depth();
        send("Selective", "s:" + tag("unwanted"), "kind=other,priority=3");
        send("Selective", "s:" + tag("too-urgent"), "kind=wanted,priority=9");
        send("Selective", "s:" + wanted, "kind=wanted,priority=3");
        awaitRows("SelectiveBean", wanted, 1);
        Await.until("the selected message acknowledged", () -> queue("mdb.selective").inFlight() == 0);
        assertEquals(waitingBefore + 2, queue("mdb.selective").depth(), "the two messages the selector rejects wait in the queue");
        assertEquals(1, journal.rowsWithPrefix("SelectiveBean", "").stream().filter(r -> r.tag().startsWith("wanted")).count());
    }

    @Test
    void descriptorDefinesABeanWithActivationConfigAndEnvironment() {
        String tag = tag("described");
        send("Described", "d:" + tag("not-described"), null);
        send("Described", "d:" + tag, "kind=described");
        List<Row> rows = awaitRows("DescriptorBean", tag, 1);
        assertEquals("hello from ejb-jar.xml", rows.getFirst().detail());
        List<String> beans = fixture.server().deployment("mdb").describeBeans();
        assertTrue(beans.stream().anyMatch(b -> b.startsWith("MessageDriven WorkBean: consumes from queue 'mdb.work' with 2 sessions, delivered ")),
                "the descriptor's maxSessions=2 wins over the annotation's 3: " + beans);
        assertTrue(beans.stream().anyMatch(b -> b.startsWith("MessageDriven NewsLiveBean: consumes from shared subscription"
                + " 'mdb.mdb-ejb.NewsLiveBean' of topic 'mdb.news' with 2 sessions")), "a topic's default subscription name: " + beans);
    }

    @Test
    void beanManagedTransactionIsAcknowledgedOnlyAfterOnMessageReturns() {
        String tag = tag("bmt");
        send("Manual", "throw-once:" + tag, null);
        awaitRows("ManualBean", tag, 2);
        awaitDrained("mdb.manual");
        assertEquals(List.of(new Row("ManualBean", tag, false, 1, "bmt"), new Row("ManualBean", tag, true, 2, "bmt")), journal.rows("ManualBean", tag),
                "the bean's own transaction committed before it threw, so both deliveries left a row; the message came back once");
    }

    // ---- topics and what outlives an undeployment --------------------------------------------

    @Test
    void everySubscriptionGetsEachTopicMessageOnce() {
        String tag = tag("news");
        send("News", "news:" + tag, null);
        awaitRows("NewsLiveBean", tag, 1);
        awaitRows("NewsArchiveBean", tag, 1);
        Await.until("the topic's subscriptions drained", () -> topic().depth() == 0 && topic().inFlight() == 0);
        assertEquals(1, journal.rows("NewsLiveBean", tag).size(), "two sessions share one subscription: the message once");
        assertEquals(1, journal.rows("NewsArchiveBean", tag).size());
    }

    private static DestinationStats topic() {
        return fixture.server().jmsDestination("mdb.news", DestinationType.TOPIC).orElseThrow();
    }

    @Test
    void queueAndDurableSubscriptionKeepTheirMessagesWhileTheApplicationIsAway() {
        String queued = tag("archived");
        String published = tag("news-away");
        fixture.server().undeploy("archive");
        send("Archive", "archive:" + queued, null);
        send("News", "news:" + published, null);
        awaitRows("NewsLiveBean", published, 1);
        assertEquals(1, queue("mdb.archive").depth(), "the queue stayed declared, and holds the message for the next deployment");
        assertEquals(0, queue("mdb.archive").consumers());
        assertEquals(List.of(), journal.rows("ArchiveBean", queued));
        assertEquals(List.of(), journal.rows("NewsArchiveBean", published));

        fixture.server().deploy(archiveJar);
        assertEquals(new Row("ArchiveBean", queued, false, 1, null), awaitRows("ArchiveBean", queued, 1).getFirst());
        assertEquals(new Row("NewsArchiveBean", published, false, 1, null), awaitRows("NewsArchiveBean", published, 1).getFirst());
    }

    @Test
    void undeployLetsDeliveriesInProgressFinishAndLeavesTheRestQueued() {
        String prefix = tag("slow") + "-";
        for (int i = 0; i < 8; i++) {
            send("Slow", "slow:" + prefix + i, null);
        }
        Await.until("the slow bean to be busy", () -> !journal.rowsWithPrefix("SlowBean", prefix).isEmpty());
        fixture.server().undeploy("archive");
        int processed = journal.rowsWithPrefix("SlowBean", prefix).size();
        assertEquals(0, queue("mdb.slow").inFlight(), "nothing is left half-processed");
        assertEquals(8, processed + queue("mdb.slow").depth(), "every message is either processed or still queued");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("mdb-archive-")),
                "a consumer thread of the undeployed application survived");

        fixture.server().deploy(archiveJar);
        Await.until("all slow messages processed", () -> journal.rowsWithPrefix("SlowBean", prefix).size() >= 8);
        awaitDrained("mdb.slow");
        List<Row> rows = journal.rowsWithPrefix("SlowBean", prefix);
        assertEquals(8, rows.size(), "each message processed exactly once");
        assertEquals(8, new HashSet<>(rows.stream().map(Row::tag).toList()).size());
    }

    // ---- resources and JMS in container transactions ---------------------------------------

    @Test
    void connectionFactoriesAndDestinationsAreInjectedAndLookedUp() {
        assertEquals("default same as lookup: true, work queue: mdb.work, equals lookup: true, named factory client id: mdb-test-factory,"
                + " round trip: injected:inject", fixture.get("/mdb/jms?op=inject"));
    }

    @Test
    void sendInACommittedTransactionIsDelivered() {
        String tag = tag("order-commit");
        assertEquals("ok", fixture.get("/mdb/jms?op=order&outcome=ok&tag=" + tag));
        assertEquals(1, journal.orders(tag));
        assertEquals("order:" + tag + "|redelivered=false|count=1", receive("Outbound", tag, 5000));
    }

    @ParameterizedTest(name = "ending with {0}: neither the row nor the message")
    @ValueSource(strings = {"system", "app-rollback", "rollback-only", "commit-fails"})
    void sendInARolledBackTransactionIsDiscarded(String outcome) {
        String tag = tag("order-" + outcome);
        String answer = fixture.get("/mdb/jms?op=order&outcome=" + outcome + "&tag=" + tag);
        switch (outcome) {
            case "system" -> assertEquals("EJBException: java.lang.IllegalStateException: system failure after the send", answer);
            case "app-rollback" -> assertEquals("RollbackFailure: application exception with rollback=true after the send", answer);
            case "commit-fails" -> assertTrue(answer.startsWith("EJBTransactionRolledbackException: bean SenderBean method placeOrder: transaction ")
                    && answer.contains(": commit of datasource java:comp/DefaultDataSource failed: "), "the database decides, and said no: " + answer);
            default -> assertEquals("ok", answer);
        }
        assertEquals(0, journal.orders(tag));
        // Had the message been sent, it would be in the queue before the call returned (the send is part of the commit).
        assertEquals("none", receive("Outbound", tag, 200));
    }

    @Test
    void classicSessionJoinsTheTransactionWhateverItAskedForAndOutlivesItsClose() {
        String committed = tag("classic-commit");
        assertEquals("transacted=true, TransactionInProgressException", fixture.get("/mdb/jms?op=classic&fail=false&tag=" + committed));
        assertEquals("order:" + committed + "|redelivered=false|count=1", receive("Outbound", committed, 5000));
        String failed = tag("classic-fail");
        assertEquals("EJBException: java.lang.IllegalStateException: failure after the connection was closed",
                fixture.get("/mdb/jms?op=classic&fail=true&tag=" + failed));
        assertEquals(0, journal.orders(failed));
        assertEquals("none", receive("Outbound", failed, 200));
    }

    @Test
    void messageReceivedInARolledBackTransactionComesBack() {
        String tag = tag("take-back");
        send("Outbound", "taken:" + tag, "tag=" + tag);
        assertEquals("received", fixture.get("/mdb/jms?op=take-back&tag=" + tag));
        assertEquals("taken:" + tag + "|redelivered=true|count=2", receive("Outbound", tag, 5000));
    }

    @Test
    void beanSendsInItsDeliveryTransactionOnlyWhenItCommits() {
        String forwarded = tag("forward");
        send("Work", "forward:" + forwarded, null);
        assertEquals("forwarded:" + forwarded + "|redelivered=false|count=1", receive("Outbound", forwarded, 10_000));
        String retried = tag("forward-retried");
        send("Work", "forward-throw-once:" + retried, null);
        assertEquals("forwarded:" + retried + "|redelivered=false|count=1", receive("Outbound", retried, 10_000));
        awaitDrained("mdb.work");
        assertEquals("none", receive("Outbound", retried, 200), "the first attempt's send was discarded with its rollback");
        assertEquals(List.of(new Row("WorkBean", retried, true, 2, "post-constructed, traced onMessage, rollbackOnly=false")), journal.rows("WorkBean", retried));
    }

    @Test
    void failingMessageCommitAfterTheDatabaseCommitIsReportedAsPartial() {
        String tag = tag("partly");
        String answer = fixture.get("/mdb/jms?op=partly&tag=" + tag);
        assertTrue(answer.startsWith("EJBException: bean SenderBean method partlyCommitted: commit failed: transaction "), answer);
        assertTrue(answer.contains(" committed only in part: datasource java:comp/DefaultDataSource committed, then JMS session of connection "), answer);
        assertTrue(answer.contains("failed to commit (temporary queue '$tmp."), answer);
        assertEquals(1, journal.orders(tag), "the database committed first: the row stays, the message is lost, as documented");
    }
}

package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.it.sender.SendServlet;
import dev.isola.admin.it.sender.SubscribeServlet;
import dev.isola.deploytool.ExitCodes;
import dev.isola.deploytool.Terminal;
import dev.isola.domains.JsonFiles;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An operator's work on JMS queues against a real admin isolate and real domains, a combined
 * one ({@code shop}) and a separated one ({@code crm}, whose queues live in {@code crm-jms}):
 * each declares a queue nothing consumes and a topic, and runs an application that sends to the
 * queue. Browsing lists the waiting messages without consuming them; purging removes them for
 * good (a restarted domain has none back) and is recorded; bad names, limits, topics and a
 * stopped domain are refused with what to do; deploy-tool's commands print and exit as the
 * others do, and its purge asks first at a terminal. Each topic gets two durable subscriptions
 * nothing consumes (one of client id {@code app}, one shared without a client id), which are
 * listed, browsed and purged the same way. Purges show in {@code isola_jms_messages_purged_total}.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class JmsQueuesIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Map<String, String> JMS_ISOLATE = Map.of("shop", "shop", "crm", "crm-jms");

    private static AdminFixture admin;
    private static final Map<String, Integer> PORTS = new java.util.TreeMap<>();

    @BeforeAll
    static void startDomainsThatSendToAQueue() throws Exception {
        admin = AdminFixture.start();
        Path ear = admin.work().resolve("sender.ear");
        WebArchive web = ShrinkWrap.create(WebArchive.class, "sender.war").addClasses(SendServlet.class, SubscribeServlet.class);
        ShrinkWrap.create(EnterpriseArchive.class, "sender.ear").addAsModule(web).as(ZipExporter.class).exportTo(ear.toFile(), true);
        for (String domain : List.of("shop", "crm")) {
            int port = AdminFixture.freePort();
            PORTS.put(domain, port);
            HttpResponse<String> created = admin.call("POST", "/api/domains", HttpRequest.BodyPublishers.ofString("{\"name\": \"" + domain
                    + "\", \"mode\": \"" + (domain.equals("shop") ? "combined" : "separated") + "\", \"httpPort\": " + port
                    + ", \"isolate\": {\"heap\": \"192m\"}, \"jmsDestinations\": [{\"name\": \"parked\", \"type\": \"queue\"},"
                    + " {\"name\": \"prices\", \"type\": \"topic\"}], \"start\": true}"), "application/json");
            assertEquals(201, created.statusCode(), created.body());
            AdminFixture.ToolRun deployed = admin.deployTool("deploy", ear.toString(), "--domain", domain);
            assertEquals(0, deployed.exitCode(), deployed.toString());
        }
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    private static void send(String domain, String query) throws Exception {
        post(domain, "send?" + query);
    }

    private static void post(String domain, String pathAndQuery) throws Exception {
        HttpResponse<String> sent = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORTS.get(domain) + "/sender/" + pathAndQuery))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, sent.statusCode(), sent.body());
    }

    private static HttpResponse<String> messages(String method, String domain, String rest) throws Exception {
        return admin.call(method, "/api/domains/" + domain + "/jms/" + rest, HttpRequest.BodyPublishers.noBody(), null);
    }

    private static JsonNode listing(String domain, String query) throws Exception {
        HttpResponse<String> response = messages("GET", domain, "parked/messages" + query);
        assertEquals(200, response.statusCode(), response.body());
        return AdminFixture.parse(response);
    }

    private static void assertRefused(HttpResponse<String> response, int status, String message) {
        assertEquals(status, response.statusCode(), response.body());
        JsonNode error = AdminFixture.parse(response);
        assertEquals(status, error.path("status").asInt(), response.body());
        assertEquals(message, error.path("message").asText(), response.body());
    }

    private static int depth(String domain, String destination) throws Exception {
        for (JsonNode d : admin.json("/api/domains/" + domain + "/jms")) {
            if (d.path("name").asText().equals(destination)) {
                return d.path("depth").asInt();
            }
        }
        throw new AssertionError("no destination " + destination + " in domain " + domain);
    }

    /** Someone at the terminal who types {@code answer} at every question, which it keeps. */
    private static final class AnsweringTerminal implements Terminal {
        private final String answer;
        final List<String> asked = new ArrayList<>();

        AnsweringTerminal(String answer) {
            this.answer = answer;
        }

        @Override
        public String readLine(String prompt) {
            asked.add(prompt);
            return answer;
        }

        @Override
        public char[] readPassword(String prompt) {
            throw new AssertionError("no password is asked for here: " + prompt);
        }
    }

    @Test
    @Order(1)
    void theMessagesWaitingInAQueueAreListedInOrderWithoutBeingConsumedWhereverItLives() throws Exception {
        for (String domain : PORTS.keySet()) {
            send(domain, "queue=parked&count=3");
            send(domain, "queue=parked&kind=bytes");
            JsonNode listed = listing(domain, "");
            assertEquals("parked", listed.path("destination").asText());
            assertEquals(JMS_ISOLATE.get(domain), listed.path("isolate").asText(), "the isolate that hosts the JMS sub-server");
            assertEquals(4, listed.path("depth").asInt());
            assertEquals(0, listed.path("inFlight").asInt());
            JsonNode messages = listed.path("messages");
            assertEquals(4, messages.size(), listed.toString());
            for (int i = 0; i < 3; i++) {
                JsonNode text = messages.get(i);
                assertEquals("text", text.path("type").asText());
                assertEquals("message " + (i + 1), text.path("textPreview").asText(), "in the order they were sent");
                assertEquals(9, text.path("bodyBytes").asInt());
                assertEquals(Integer.toString(i + 1), text.path("properties").path("index").asText());
                assertEquals("c" + (i + 1), text.path("properties").path("customer").asText());
                assertEquals("corr-" + (i + 1), text.path("correlationId").asText());
                assertEquals("Note", text.path("jmsType").asText());
                assertEquals(4, text.path("priority").asInt());
                assertTrue(text.path("persistent").asBoolean());
                assertEquals(0, text.path("deliveryCount").asInt());
                assertFalse(text.path("redelivered").asBoolean());
                assertTrue(text.path("messageId").asText().startsWith("ID:"), text.toString());
                assertTrue(text.has("timestamp") && !text.has("expiration") && !text.has("deliverAfter"), text.toString());
            }
            JsonNode bytes = messages.get(3);
            assertEquals("bytes", bytes.path("type").asText());
            assertEquals(5, bytes.path("bodyBytes").asInt());
            assertFalse(bytes.has("textPreview"), bytes.toString());

            JsonNode two = listing(domain, "?limit=2");
            assertEquals(4, two.path("depth").asInt());
            assertEquals(List.of(messages.get(0), messages.get(1)), List.of(two.path("messages").get(0), two.path("messages").get(1)));
            assertEquals(2, two.path("messages").size());
            assertEquals(messages, listing(domain, "").path("messages"), "nothing was consumed");
            assertEquals(4, depth(domain, "parked"));
        }
    }

    @Test
    @Order(2)
    void badLimitsUnknownNamesTopicsAndUnknownDomainsAreRefusedSayingWhatThereIs() throws Exception {
        for (String limit : List.of("0", "1001", "many")) {
            assertRefused(messages("GET", "shop", "parked/messages?limit=" + limit), 400,
                    "query parameter limit=" + limit + " must be a whole number from 1 to 1000");
        }
        for (String method : List.of("GET", "DELETE")) {
            assertRefused(messages(method, "shop", "parkd/messages"), 404,
                    "domain shop has no JMS queue 'parkd'; its queues: DLQ, parked; its topics: prices");
            assertRefused(messages(method, "crm", "prices/messages"), 400, "'prices' is a topic of domain crm, not a queue: a topic's messages"
                    + " wait in its durable subscriptions, which are browsed and purged by their id (deploy-tool list-jms-subscriptions --domain crm"
                    + " --topic prices lists them); its queues: DLQ, parked; its topics: prices");
        }
        assertRefused(messages("GET", "shop", "a%2Fb/messages"), 404, "domain shop has no JMS queue 'a/b'; its queues: DLQ, parked; its topics: prices");
        HttpResponse<String> noDomain = messages("GET", "shoe", "parked/messages");
        assertEquals(404, noDomain.statusCode(), noDomain.body());
        assertTrue(noDomain.body().contains("no domain 'shoe'"), noDomain.body());
        assertRefused(messages("PUT", "shop", "parked/messages"), 405, "PUT is not allowed on /api/domains/shop/jms/parked/messages (allowed: GET, DELETE)");
        assertEquals(4, depth("shop", "parked"), "nothing was removed");
    }

    @Test
    @Order(3)
    void deployToolListsBrowsesAndPurgesWithTheExitStatusesOfTheOtherCommands() throws Exception {
        AdminFixture.ToolRun list = admin.deployTool("list-jms-destinations", "--domain", "shop");
        assertEquals(0, list.exitCode(), list.toString());
        List<String> lines = list.out().lines().toList();
        assertTrue(lines.getFirst().matches("NAME +TYPE +DEPTH +IN FLIGHT +CONSUMERS +ENQUEUED +ACKNOWLEDGED +DEAD-LETTERED"), list.out());
        assertTrue(lines.contains(String.format("%-24s %-6s %7d %9d %9d %10d %12d %13d", "parked", "queue", 4, 0, 0, 4, 0, 0)), list.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("prices") && l.contains("topic")), list.out());
        AdminFixture.ToolRun json = admin.deployTool("list-jms-destinations", "--domain", "shop", "--json");
        assertEquals(0, json.exitCode(), json.toString());
        assertEquals(admin.json("/api/domains/shop/jms"), JsonFiles.MAPPER.readTree(json.out()));

        AdminFixture.ToolRun browse = admin.deployTool("browse-jms-destination", "parked", "--domain", "shop", "--limit", "2");
        assertEquals(0, browse.exitCode(), browse.toString());
        assertTrue(browse.out().startsWith("Queue parked of domain shop (isolate shop): 4 waiting, 0 in flight.\n"), browse.out());
        assertTrue(browse.out().matches("(?s).*\\nID:\\S+  text, 9 bytes, priority 4, persistent, sent \\S+\\n"
                + "    correlation id: corr-1\\n    JMSType: Note\\n    properties: index=1, customer=c1\\n    text: message 1\\n.*"), browse.out());
        assertTrue(browse.out().contains("    text: message 2\n"), browse.out());
        assertFalse(browse.out().contains("message 3"), browse.out());
        assertTrue(browse.out().endsWith("Shown: the first 2 of 4 waiting; show more with --limit (up to 1000).\n"), browse.out());
        AdminFixture.ToolRun browseJson = admin.deployTool("browse-jms-destination", "parked", "--domain", "shop", "--json");
        assertEquals(listing("shop", ""), JsonFiles.MAPPER.readTree(browseJson.out()));

        AdminFixture.ToolRun badLimit = admin.deployTool("browse-jms-destination", "parked", "--domain", "shop", "--limit", "0");
        assertEquals(ExitCodes.REJECTED, badLimit.exitCode(), badLimit.toString());
        assertTrue(badLimit.err().contains("query parameter limit=0 must be a whole number from 1 to 1000"), badLimit.err());
        AdminFixture.ToolRun noName = admin.deployTool("purge-jms-destination", "--domain", "shop", "--yes");
        assertEquals(ExitCodes.USAGE, noName.exitCode(), noName.toString());
        AdminFixture.ToolRun topic = admin.deployTool("purge-jms-destination", "prices", "--domain", "shop", "--yes");
        assertEquals(ExitCodes.REJECTED, topic.exitCode(), topic.toString());
        assertTrue(topic.err().contains("error: 'prices' is a topic of domain shop, not a queue"), topic.err());
        AdminFixture.ToolRun unknown = admin.deployTool("purge-jms-destination", "parkd", "--domain", "shop", "--yes");
        assertEquals(ExitCodes.REJECTED, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.err().contains("domain shop has no JMS queue 'parkd'; its queues: DLQ, parked"), unknown.err());

        for (String no : List.of("n", "", "nope")) {
            AnsweringTerminal terminal = new AnsweringTerminal(no);
            AdminFixture.ToolRun declined = admin.deployToolAt(terminal, "purge-jms-destination", "parked", "--domain", "shop");
            assertEquals(ExitCodes.DECLINED, declined.exitCode(), declined.toString());
            assertEquals(List.of("Purge 4 messages from queue parked of domain shop? [y/N] "), terminal.asked, "the waiting ones counted first");
            assertEquals("Not purged: nothing was removed from queue parked of domain shop.\n", declined.err());
            assertEquals(4, depth("shop", "parked"), "answered '" + no + "': nothing removed");
        }
        AdminFixture.ToolRun unasked = admin.deployTool("purge-jms-destination", "parked", "--domain", "shop");
        assertEquals(ExitCodes.USAGE, unasked.exitCode(), unasked.toString());
        assertTrue(unasked.err().contains("there is no terminal to ask at; pass --yes to purge without asking"), unasked.err());
        assertEquals(4, depth("shop", "parked"));
        AdminFixture.ToolRun unknownAsked = admin.deployToolAt(new AnsweringTerminal("y"), "purge-jms-destination", "parkd", "--domain", "shop");
        assertEquals(ExitCodes.REJECTED, unknownAsked.exitCode(), "refused by the count before the question: " + unknownAsked);

        AnsweringTerminal yes = new AnsweringTerminal("yes");
        AdminFixture.ToolRun purge = admin.deployToolAt(yes, "purge-jms-destination", "parked", "--domain", "shop");
        assertEquals(0, purge.exitCode(), purge.toString());
        assertEquals(List.of("Purge 4 messages from queue parked of domain shop? [y/N] "), yes.asked);
        assertEquals("Purged queue parked of domain shop: 4 message(s) removed.\n", purge.out());
        assertEquals(0, depth("shop", "parked"));
        AdminFixture.ToolRun empty = admin.deployTool("browse-jms-destination", "parked", "--domain", "shop");
        assertEquals("Queue parked of domain shop (isolate shop): 0 waiting, 0 in flight.\n", empty.out());
        AdminFixture.ToolRun again = admin.deployTool("purge-jms-destination", "parked", "--domain", "shop", "--json", "--yes");
        assertEquals(0, JsonFiles.MAPPER.readTree(again.out()).path("removed").asInt(), again.toString());

        String metrics = admin.get("/metrics").body();
        assertTrue(metrics.contains("# TYPE isola_jms_messages_purged_total counter\n"), metrics);
        assertTrue(metrics.contains("\nisola_jms_messages_purged_total{destination=\"parked\",domain=\"shop\"} 4.0\n"),
                "the 4, then the none of the second purge: " + metrics);
        assertFalse(metrics.contains("isola_jms_messages_purged_total{destination=\"parked\",domain=\"crm\"}"), "crm purged nothing yet");
    }

    @Test
    @Order(4)
    void aPurgeOfTheSeparatedDomainsQueueIsRecordedAndLastsAcrossARestart() throws Exception {
        HttpResponse<String> purged = messages("DELETE", "crm", "parked/messages");
        assertEquals(200, purged.statusCode(), purged.body());
        JsonNode answer = AdminFixture.parse(purged);
        assertEquals("parked", answer.path("destination").asText());
        assertEquals("crm-jms", answer.path("isolate").asText());
        assertEquals(4, answer.path("removed").asInt());
        JsonNode event = null;
        for (JsonNode e : admin.json("/api/domains/crm/events")) {
            event = e;
        }
        assertEquals("JMS_PURGED", event.path("kind").asText(), event.toString());
        assertEquals("crm-jms", event.path("isolate").asText());
        assertEquals("purged 4 message(s) from queue parked", event.path("message").asText());
        assertTrue(admin.get("/metrics").body().contains("\nisola_jms_messages_purged_total{destination=\"parked\",domain=\"crm\"} 4.0\n"));
        // Sent after the purge: it is kept, across the restart too, where the purged ones must not come back.
        send("crm", "queue=parked&count=1");

        AdminFixture.ToolRun restarted = admin.deployTool("restart-domain", "crm");
        assertEquals(0, restarted.exitCode(), restarted.toString());
        JsonNode after = listing("crm", "");
        assertEquals(1, after.path("depth").asInt(), after.toString());
        assertEquals("corr-1", after.path("messages").get(0).path("correlationId").asText());
        List<String> kinds = new ArrayList<>();
        admin.json("/api/domains/crm/events").forEach(e -> kinds.add(e.path("kind").asText()));
        assertTrue(kinds.contains("JMS_PURGED"), kinds.toString());
    }

    private static JsonNode subscription(JsonNode listing, String id) {
        for (JsonNode s : listing.path("subscriptions")) {
            if (s.path("id").asText().equals(id)) {
                return s;
            }
        }
        throw new AssertionError("no durable subscription " + id + " in " + listing);
    }

    @Test
    @Order(5)
    void durableSubscriptionsAreListedBrowsedAndPurgedWhereverTheTopicLives() throws Exception {
        for (String domain : PORTS.keySet()) {
            post(domain, "subscribe?topic=prices&name=audit&clientId=app");
            post(domain, "subscribe?topic=prices&name=reports");
            post(domain, "publish?topic=prices&count=3");

            JsonNode listed = admin.json("/api/domains/" + domain + "/jms/prices/subscriptions");
            assertEquals("prices", listed.path("destination").asText());
            assertEquals(JMS_ISOLATE.get(domain), listed.path("isolate").asText());
            assertEquals(2, listed.path("subscriptions").size(), listed.toString());
            JsonNode audit = subscription(listed, "app:audit");
            assertEquals("app", audit.path("clientId").asText());
            assertEquals("audit", audit.path("name").asText());
            assertFalse(audit.path("shared").asBoolean());
            assertEquals(3, audit.path("depth").asInt());
            assertEquals(0, audit.path("consumers").asInt());
            JsonNode reports = subscription(listed, "reports");
            assertFalse(reports.has("clientId"), "shared, without a client id: " + reports);
            assertTrue(reports.path("shared").asBoolean());
            assertEquals(3, reports.path("depth").asInt());

            JsonNode browsed = AdminFixture.parse(messages("GET", domain, "prices/subscriptions/app:audit/messages?limit=2"));
            assertEquals("app:audit", browsed.path("subscription").asText(), browsed.toString());
            assertEquals(3, browsed.path("depth").asInt());
            assertEquals(List.of("message 1", "message 2"), List.of(browsed.path("messages").get(0).path("textPreview").asText(),
                    browsed.path("messages").get(1).path("textPreview").asText()));
            assertEquals(2, browsed.path("messages").size());

            HttpResponse<String> purged = messages("DELETE", domain, "prices/subscriptions/app%3Aaudit/messages");
            assertEquals(200, purged.statusCode(), purged.body());
            JsonNode answer = AdminFixture.parse(purged);
            assertEquals("prices", answer.path("destination").asText());
            assertEquals("app:audit", answer.path("subscription").asText());
            assertEquals(JMS_ISOLATE.get(domain), answer.path("isolate").asText());
            assertEquals(3, answer.path("removed").asInt());
            JsonNode after = admin.json("/api/domains/" + domain + "/jms/prices/subscriptions");
            assertEquals(0, subscription(after, "app:audit").path("depth").asInt(), "purged, and still there");
            assertEquals(3, subscription(after, "reports").path("depth").asInt(), "the other keeps its copies");
            JsonNode event = null;
            for (JsonNode e : admin.json("/api/domains/" + domain + "/events")) {
                event = e;
            }
            assertEquals("JMS_PURGED", event.path("kind").asText(), event.toString());
            assertEquals("purged 3 message(s) from durable subscription app:audit of topic prices", event.path("message").asText());
            assertTrue(admin.get("/metrics").body().contains("\nisola_jms_messages_purged_total{destination=\"prices\",domain=\"" + domain
                    + "\",subscription=\"app:audit\"} 3.0\n"));
        }
    }

    @Test
    @Order(6)
    void unknownTopicsAndSubscriptionsAndQueuesAreRefusedSayingWhatThereIs() throws Exception {
        String destinations = "; its queues: DLQ, parked; its topics: prices";
        assertRefused(messages("GET", "shop", "pricez/subscriptions"), 404, "domain shop has no JMS topic 'pricez'" + destinations);
        assertRefused(messages("GET", "shop", "parked/subscriptions"), 400, "'parked' is a queue of domain shop, not a topic: its messages wait"
                + " in the queue itself, which is browsed and purged without a subscription" + destinations);
        for (String method : List.of("GET", "DELETE")) {
            assertRefused(messages(method, "shop", "prices/subscriptions/audit/messages"), 404, "topic prices of domain shop has no durable"
                    + " subscription 'audit'; its durable subscriptions (clientId:name, or name without a client id): app:audit, reports");
            assertRefused(messages(method, "crm", "parked/subscriptions/reports/messages"), 400, "'parked' is a queue of domain crm, not a topic:"
                    + " its messages wait in the queue itself, which is browsed and purged without a subscription" + destinations);
            assertRefused(messages(method, "crm", "pricez/subscriptions/reports/messages"), 404, "domain crm has no JMS topic 'pricez'"
                    + destinations);
        }
        assertRefused(messages("GET", "shop", "prices/subscriptions/reports/messages?limit=0"), 400,
                "query parameter limit=0 must be a whole number from 1 to 1000");
        assertEquals(3, subscription(admin.json("/api/domains/shop/jms/prices/subscriptions"), "reports").path("depth").asInt(), "nothing removed");
    }

    @Test
    @Order(7)
    void deployToolListsBrowsesAndPurgesADurableSubscription() throws Exception {
        AdminFixture.ToolRun list = admin.deployTool("list-jms-subscriptions", "--domain", "shop", "--topic", "prices");
        assertEquals(0, list.exitCode(), list.toString());
        String row = "%-32s %-20s %-20s %-6s %7s %9s %9s";
        assertEquals(List.of(String.format(row, "ID", "CLIENT ID", "NAME", "SHARED", "WAITING", "IN FLIGHT", "CONSUMERS"),
                String.format(row, "app:audit", "app", "audit", "no", 0, 0, 0), String.format(row, "reports", "-", "reports", "yes", 3, 0, 0)),
                list.out().lines().toList());
        AdminFixture.ToolRun json = admin.deployTool("list-jms-subscriptions", "--domain", "shop", "--topic", "prices", "--json");
        assertEquals(admin.json("/api/domains/shop/jms/prices/subscriptions"), JsonFiles.MAPPER.readTree(json.out()));
        AdminFixture.ToolRun queue = admin.deployTool("list-jms-subscriptions", "--domain", "shop", "--topic", "parked");
        assertEquals(ExitCodes.REJECTED, queue.exitCode(), queue.toString());
        assertTrue(queue.err().contains("error: 'parked' is a queue of domain shop, not a topic"), queue.err());
        AdminFixture.ToolRun noTopic = admin.deployTool("list-jms-subscriptions", "--domain", "shop");
        assertEquals(ExitCodes.USAGE, noTopic.exitCode(), noTopic.toString());

        AdminFixture.ToolRun browse = admin.deployTool("browse-jms-destination", "prices", "--domain", "shop", "--subscription", "reports",
                "--limit", "1");
        assertEquals(0, browse.exitCode(), browse.toString());
        assertTrue(browse.out().startsWith("Durable subscription reports of topic prices of domain shop (isolate shop): 3 waiting, 0 in flight.\n"),
                browse.out());
        assertTrue(browse.out().contains("    text: message 1\n"), browse.out());
        assertTrue(browse.out().endsWith("Shown: the first 1 of 3 waiting; show more with --limit (up to 1000).\n"), browse.out());
        AdminFixture.ToolRun unknown = admin.deployTool("browse-jms-destination", "prices", "--domain", "shop", "--subscription", "app:reports");
        assertEquals(ExitCodes.REJECTED, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.err().contains("topic prices of domain shop has no durable subscription 'app:reports'"), unknown.err());

        AnsweringTerminal no = new AnsweringTerminal("no");
        AdminFixture.ToolRun declined = admin.deployToolAt(no, "purge-jms-destination", "prices", "--domain", "shop", "--subscription", "reports");
        assertEquals(ExitCodes.DECLINED, declined.exitCode(), declined.toString());
        assertEquals(List.of("Purge 3 messages from durable subscription reports of topic prices of domain shop? [y/N] "), no.asked);
        assertEquals(3, subscription(admin.json("/api/domains/shop/jms/prices/subscriptions"), "reports").path("depth").asInt());
        AdminFixture.ToolRun unasked = admin.deployTool("purge-jms-destination", "prices", "--domain", "shop", "--subscription", "reports");
        assertEquals(ExitCodes.USAGE, unasked.exitCode(), unasked.toString());

        AdminFixture.ToolRun purge = admin.deployTool("purge-jms-destination", "prices", "--domain", "shop", "--subscription", "reports", "--yes");
        assertEquals(0, purge.exitCode(), purge.toString());
        assertEquals("Purged durable subscription reports of topic prices of domain shop: 3 message(s) removed.\n", purge.out());
        assertEquals(0, subscription(admin.json("/api/domains/shop/jms/prices/subscriptions"), "reports").path("depth").asInt());
        assertTrue(admin.get("/metrics").body().contains("\nisola_jms_messages_purged_total{destination=\"prices\",domain=\"shop\","
                + "subscription=\"reports\"} 3.0\n"));
    }

    @Test
    @Order(8)
    void aStoppedDomainRefusesWithWhatToDo() throws Exception {
        assertEquals(0, admin.deployTool("stop-domain", "shop").exitCode());
        assertRefused(messages("GET", "shop", "parked/messages"), 409,
                "cannot browse JMS queue parked of domain shop: it is stopped; start it first: deploy-tool start-domain shop");
        AdminFixture.ToolRun purge = admin.deployTool("purge-jms-destination", "parked", "--domain", "shop", "--yes");
        assertEquals(ExitCodes.REJECTED, purge.exitCode(), purge.toString());
        assertTrue(purge.err().contains("cannot purge JMS queue parked of domain shop: it is stopped; start it first"), purge.err());
        assertRefused(messages("GET", "shop", "prices/subscriptions"), 409, "cannot list the durable subscriptions of JMS topic prices of domain"
                + " shop: it is stopped; start it first: deploy-tool start-domain shop");
        assertRefused(messages("DELETE", "shop", "prices/subscriptions/reports/messages"), 409, "cannot purge durable subscription reports of"
                + " JMS topic prices of domain shop: it is stopped; start it first: deploy-tool start-domain shop");
        AdminFixture.ToolRun list = admin.deployTool("list-jms-destinations", "--domain", "shop");
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.out().startsWith("No JMS destinations in domain shop: it does not run"), list.out());
    }
}

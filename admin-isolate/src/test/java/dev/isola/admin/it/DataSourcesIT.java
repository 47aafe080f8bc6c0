package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.appserver.jdbc.DerbyNetworkServer;
import dev.isola.deploytool.ExitCodes;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code list-datasources} and {@code ping-datasource} against a real admin isolate: a combined
 * domain with the orders application (which uses the default datasource), an embedded database
 * and a Derby Network Server database of its configuration; the pools' figures in the API and in
 * {@code /metrics}; a ping that finds each database, one that finds the network server gone, and
 * the refusals of an unknown or missing name; a separated domain, whose web isolate leaves
 * embedded databases to its EJB isolate.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DataSourcesIT {

    private static final String REPORTS = "java:global/jdbc/Reports";
    private static final String REMOTE = "java:global/jdbc/Remote";
    private static AdminFixture admin;
    private static DerbyNetworkServer derby;
    private static int derbyPort;

    @BeforeAll
    static void aDomainWithThreeDataSources() throws Exception {
        admin = AdminFixture.start();
        derbyPort = AdminFixture.freePort();
        derby = DerbyNetworkServer.start("127.0.0.1", derbyPort, admin.work().resolve("derby"), Duration.ofSeconds(30));
        Path remote = admin.work().resolve("remote-db");
        Path config = Files.writeString(admin.work().resolve("db.json"), """
                {"name": "db", "httpPort": %d, "dataSources": [
                  {"name": "%s", "url": "jdbc:derby:reports;create=true", "maxPoolSize": 4},
                  {"name": "%s", "url": "jdbc:derby://127.0.0.1:%d/%s;create=true", "user": "app", "password": "s3cret", "maxPoolSize": 2}]}
                """.formatted(AdminFixture.freePort(), REPORTS, REMOTE, derbyPort, remote));
        tool(0, "create-domain", "db");
        tool(0, "configure-domain", "db", "--file", config.toString());
        tool(0, "start-domain", "db");
        tool(0, "deploy", TestEars.orders(admin.work(), "orders.ear").toString(), "--domain", "db");
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
        if (derby != null) {
            derby.close(); // the ping test stopped it already, which close() takes
        }
    }

    private static AdminFixture.ToolRun tool(int expectedExit, String... args) {
        AdminFixture.ToolRun run = admin.deployTool(args);
        assertEquals(expectedExit, run.exitCode(), run.toString());
        return run;
    }

    private static JsonNode dataSource(JsonNode list, String isolate, String name) {
        for (JsonNode d : list) {
            if (d.path("isolate").asText().equals(isolate) && d.path("name").asText().equals(name)) {
                return d;
            }
        }
        throw new AssertionError("no datasource " + name + " of isolate " + isolate + " in " + list);
    }

    @Test
    @Order(1)
    void everyDataSourceIsListedWithItsPoolAndWithoutCredentials() throws Exception {
        JsonNode list = admin.json("/api/domains/db/datasources");
        List<String> names = new ArrayList<>();
        list.forEach(d -> names.add(d.path("name").asText()));
        assertEquals(List.of("java:comp/DefaultDataSource", REPORTS, REMOTE), names);
        JsonNode reports = dataSource(list, "db", REPORTS);
        assertEquals("open", reports.path("state").asText());
        assertEquals("embedded Derby database 'reports'", reports.path("database").asText());
        assertEquals(4, reports.path("maxPoolSize").asInt());
        assertEquals(0, reports.path("active").asInt());
        assertTrue(dataSource(list, "db", REMOTE).path("database").asText().startsWith("Derby at 127.0.0.1:" + derbyPort + "/"));
        assertTrue(!list.toString().contains("s3cret") && !list.toString().contains("\"app\""), "no credentials: " + list);
        assertEquals("open", dataSource(list, "db", "java:comp/DefaultDataSource").path("state").asText(), "the orders application used it");

        AdminFixture.ToolRun listed = tool(0, "list-datasources", "--domain", "db");
        assertTrue(listed.out().lines().anyMatch(l -> l.startsWith(REPORTS) && l.contains(" open ") && l.endsWith("embedded Derby database 'reports'")),
                listed.out());

        String metrics = admin.get("/metrics").body();
        assertTrue(metrics.contains("isola_datasource_connections_max{application=\"\",datasource=\"" + REPORTS + "\",domain=\"db\",isolate=\"db\"} 4.0"),
                metrics.lines().filter(l -> l.contains("datasource")).toList().toString());
        assertTrue(metrics.contains("isola_datasource_connections{application=\"\",datasource=\"" + REPORTS
                + "\",domain=\"db\",isolate=\"db\",state=\"active\"} 0.0"), "active connections");
    }

    @Test
    @Order(2)
    void aPingSaysTheDatabaseAnswersAndWhatItIs() throws Exception {
        AdminFixture.ToolRun ping = tool(0, "ping-datasource", REPORTS, "--domain", "db");
        assertTrue(ping.out().startsWith("Datasource " + REPORTS + " of domain db (isolate db): reachable, Apache Derby "), ping.out());

        JsonNode json = JsonFiles.MAPPER.readTree(tool(0, "--json", "ping-datasource", REMOTE, "--domain", "db").out());
        assertTrue(json.path("reachable").asBoolean(), json.toString());
        assertEquals("db", json.path("isolate").asText());
        assertTrue(json.path("product").asText().startsWith("Apache Derby"), json.toString());
    }

    @Test
    @Order(3)
    void anUnknownOrMissingNameIsRefused() throws Exception {
        AdminFixture.ToolRun unknown = tool(ExitCodes.REJECTED, "ping-datasource", "java:global/jdbc/Nope", "--domain", "db");
        assertTrue(unknown.err().contains("domain db has no datasource java:global/jdbc/Nope (it has [java:comp/DefaultDataSource, " + REPORTS
                + ", " + REMOTE + "])"), unknown.err());

        HttpResponse<String> noName = admin.call("POST", "/api/domains/db/datasources/ping", HttpRequest.BodyPublishers.noBody(), null);
        assertEquals(400, noName.statusCode());
        assertTrue(noName.body().contains("say which datasource to ping: ?name=java:global/jdbc/orders"), noName.body());

        tool(ExitCodes.REJECTED, "ping-datasource", REPORTS, "--domain", "nowhere");
    }

    @Test
    @Order(4)
    void aDatabaseThatWentAwayIsNotReachableWithTheDriversWords() throws Exception {
        derby.close();

        AdminFixture.ToolRun ping = tool(ExitCodes.CHECK_FAILED, "ping-datasource", REMOTE, "--domain", "db");
        assertTrue(ping.err().startsWith("error: Datasource " + REMOTE + " of domain db (isolate db) is not reachable: "), ping.err());
        assertTrue(ping.err().contains("Connection refused") && ping.err().contains("(SQLState 08001)"), ping.err());
        assertTrue(tool(0, "ping-datasource", REPORTS, "--domain", "db").out().contains("reachable"), "the embedded one still answers");
    }

    @Test
    @Order(5)
    void aSeparatedDomainsWebIsolateLeavesEmbeddedDatabasesToItsEjbIsolate() throws Exception {
        tool(0, "create-domain", "split", "--mode", "separated", "--port", Integer.toString(AdminFixture.freePort()), "--start");
        JsonNode list = admin.json("/api/domains/split/datasources");
        assertEquals("held elsewhere", dataSource(list, "split-web", "java:comp/DefaultDataSource").path("state").asText(), list.toString());
        assertEquals("not opened yet", dataSource(list, "split-ejb", "java:comp/DefaultDataSource").path("state").asText(), list.toString());

        AdminFixture.ToolRun ping = tool(0, "ping-datasource", "java:comp/DefaultDataSource", "--domain", "split");
        assertTrue(ping.out().startsWith("Datasource java:comp/DefaultDataSource of domain split (isolate split-ejb): reachable, Apache Derby"),
                ping.out());
        assertTrue(ping.out().contains("its pool was opened now"), ping.out());
        assertEquals("open", dataSource(admin.json("/api/domains/split/datasources"), "split-ejb", "java:comp/DefaultDataSource").path("state")
                .asText());
    }
}

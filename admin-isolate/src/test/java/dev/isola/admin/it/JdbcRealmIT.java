package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.appserver.jdbc.DerbyNetworkServer;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.web.WebServer;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JDBC realm end to end: a combined and a separated domain configured (with deploy-tool's
 * {@code configure-domain --file}) to sign users in against tables of a Derby Network Server that
 * the test starts and fills through the network client; the secured vault application signs them
 * in with their groups as roles, in the web tier and in beans, takes a user added to the table
 * without a restart, the users API, deploy-tool and the console refuse to manage them, a user is
 * locked out after wrong passwords, and a database that went away signs nobody in.
 */
@Timeout(900)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class JdbcRealmIT {

    private static final String USERS = "java:global/jdbc/users";
    private static AdminFixture admin;
    private static DerbyNetworkServer derby;
    private static String databaseUrl;
    private static final Map<String, Integer> ports = new HashMap<>();

    @BeforeAll
    static void twoDomainsWithUsersInANetworkDatabase() throws Exception {
        admin = AdminFixture.start();
        int derbyPort = AdminFixture.freePort();
        derby = DerbyNetworkServer.start("127.0.0.1", derbyPort, admin.work().resolve("derby"), Duration.ofSeconds(30));
        databaseUrl = "jdbc:derby://127.0.0.1:" + derbyPort + "/" + admin.work().resolve("derby/users").toAbsolutePath();
        sql("CREATE TABLE users (name VARCHAR(64) PRIMARY KEY, password VARCHAR(100) NOT NULL)",
                "CREATE TABLE user_groups (user_name VARCHAR(64) NOT NULL, group_name VARCHAR(64) NOT NULL)");
        user("alice", "alice-pw", "customers");
        user("bob", "bob-pw", "customers", "staff");
        user("carol", "carol-pw");

        Path ear = TestEars.vault(admin.work(), "vault.ear");
        for (String mode : new String[] {"combined", "separated"}) {
            String domain = mode.equals("combined") ? "shop" : "crm";
            tool(0, "create-domain", domain, "--mode", mode);
            int port = AdminFixture.freePort();
            Path config = Files.writeString(admin.work().resolve(domain + ".json"), """
                    {"name": "%s", "mode": "%s", "httpPort": %d,
                     "dataSources": [{"name": "%s", "url": "%s;create=true", "maxPoolSize": 4}],
                     "realm": {"type": "jdbc", "dataSource": "%s",
                               "passwordQuery": "SELECT password FROM users WHERE name = ?",
                               "groupsQuery": "SELECT group_name FROM user_groups WHERE user_name = ?"}}
                    """.formatted(domain, mode, port, USERS, databaseUrl, USERS));
            AdminFixture.ToolRun configured = tool(0, "configure-domain", domain, "--file", config.toString());
            assertTrue(configured.out().contains("realm.type: file -> jdbc"), configured.out());
            tool(0, "start-domain", domain);
            tool(0, "deploy", ear.toString(), "--domain", domain);
            ports.put(domain, port);
        }
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
        if (derby != null) {
            derby.close(); // the last test stopped it already, which close() takes
        }
    }

    private static AdminFixture.ToolRun tool(int expectedExit, String... args) {
        AdminFixture.ToolRun run = admin.deployTool(args);
        assertEquals(expectedExit, run.exitCode(), run.toString());
        return run;
    }

    /** Runs {@code statements} on the users' database through the Derby network client, as another program would. */
    private static void sql(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(databaseUrl + ";create=true"); Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    private static void user(String name, String password, String... groups) throws SQLException {
        try (Connection c = DriverManager.getConnection(databaseUrl)) {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO users VALUES (?, ?)")) {
                insert.setString(1, name);
                insert.setString(2, PasswordHash.of(password.toCharArray()));
                insert.executeUpdate();
            }
            for (String group : groups) {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO user_groups VALUES (?, ?)")) {
                    insert.setString(1, name);
                    insert.setString(2, group);
                    insert.executeUpdate();
                }
            }
        }
    }

    private static HttpResponse<String> get(String domain, String path, String user, String password) throws Exception {
        return VaultClient.get(ports.get(domain), path, user, password);
    }

    private static int status(String domain, String user, String password) throws Exception {
        return VaultClient.status(ports.get(domain), user, password);
    }

    private static String call(String domain, String op, String user, String password) throws Exception {
        return VaultClient.call(ports.get(domain), op, user, password);
    }

    private static HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        return admin.call(method, path, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json),
                json == null ? null : "application/json");
    }

    @Test
    @Order(1)
    void theConfigurationShowsTheRealmAsGiven() throws Exception {
        JsonNode realm = admin.json("/api/domains/crm/configuration").path("realm");
        assertEquals("{\"type\":\"jdbc\",\"dataSource\":\"java:global/jdbc/users\",\"passwordQuery\":\"SELECT password FROM users WHERE name = ?\","
                + "\"groupsQuery\":\"SELECT group_name FROM user_groups WHERE user_name = ?\",\"encoding\":\"bcrypt\"}", realm.toString());
        AdminFixture.ToolRun shown = tool(0, "show-domain-config", "shop");
        assertTrue(shown.out().contains("jdbc") && shown.out().contains("SELECT group_name FROM user_groups WHERE user_name = ?"), shown.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop", "crm"})
    @Order(2)
    void theTablesUsersSignInWithTheirGroupsAsRoles(String domain) throws Exception {
        VaultClient.assertGroupsAreRoles(ports.get(domain));
    }

    @Test
    @Order(3)
    void usersPasswordsAndGroupsChangedInTheTablesCountAtTheNextSignIn() throws Exception {
        for (String domain : ports.keySet()) {
            assertEquals(401, status(domain, "dave", "dave-pw"), domain + ": not in the table yet");
        }
        user("dave", "dave-pw", "customers");
        sql("UPDATE users SET password = '" + PasswordHash.of("alice-new".toCharArray()) + "' WHERE name = 'alice'",
                "INSERT INTO user_groups VALUES ('alice', 'staff')");
        for (String domain : ports.keySet()) {
            assertEquals("dave customers=true staff=false", call(domain, "who", "dave", "dave-pw"), domain + ": added, signs in without a restart");
            assertEquals(401, status(domain, "alice", "alice-pw"), domain + ": the old password, remembered before, is refused");
            assertEquals("audited by alice", call(domain, "audit", "alice", "alice-new"), domain + ": the new password and group count");
        }
        sql("DELETE FROM users WHERE name = 'dave'");
        for (String domain : ports.keySet()) {
            assertEquals(401, status(domain, "dave", "dave-pw"), domain + ": deleted from the table");
        }
    }

    @Test
    @Order(4)
    void theUsersApiAndDeployToolRefuseToManageThem() throws Exception {
        String why = "domain shop signs users in against the database of datasource java:global/jdbc/users (JDBC realm); manage its users"
                + " in that database";
        admin.assertUsersManagedElsewhere("shop", why);
    }

    @Test
    @Order(5)
    void aUserWhosePasswordWasWrongFiveTimesInARowIsLockedOut() throws Exception {
        user("erin", "erin-pw", "customers");
        assertEquals(200, status("shop", "erin", "erin-pw"));
        for (int i = 0; i < WebServer.LOCK_OUT_FAILURES; i++) {
            assertEquals(401, status("shop", "erin", "guess-" + i));
        }
        assertEquals(401, status("shop", "erin", "erin-pw"), "locked out, the right password too");
        assertEquals(200, status("shop", "alice", "alice-new"), "the others are not");
    }

    @Test
    @Order(6)
    void aSeparatedDomainRefusesARealmOnAnEmbeddedDatabase() throws Exception {
        JsonNode configuration = admin.json("/api/domains/crm/configuration");
        ((ObjectNode) configuration.get("realm")).put("dataSource", "java:comp/DefaultDataSource");
        HttpResponse<String> refused = send("PUT", "/api/domains/crm/configuration", configuration.toString());
        assertEquals(400, refused.statusCode(), refused.body());
        String message = AdminFixture.parse(refused).path("message").asText();
        assertTrue(message.startsWith("realm.dataSource: java:comp/DefaultDataSource is an embedded Derby database") && message.endsWith(
                "a network datasource (jdbc:derby://host:port/db)"), message);
    }

    @Test
    @Order(7)
    void aDatabaseThatWentAwaySignsNobodyInAndTheWebIsolateSaysWhy() throws Exception {
        derby.close();
        for (String domain : ports.keySet()) {
            assertEquals(401, status(domain, "bob", "bob-pw"), domain + ": fails closed");
            String log = domain.equals("crm") ? "crm-web" : "shop";
            String line = AdminFixture.awaitLogLine(admin.domainsRoot().resolve(domain).resolve("logs/" + log + ".log"),
                    "the users' database (datasource java:global/jdbc/users) failed (SQLState 08");
            assertTrue(line.contains("nobody can sign in until it answers"), line);
        }
    }
}

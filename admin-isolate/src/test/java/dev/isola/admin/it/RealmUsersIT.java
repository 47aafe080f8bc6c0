package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RealmUser;
import dev.isola.deploytool.ExitCodes;
import dev.isola.deploytool.Terminal;
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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The users of a domain's applications managed through a real admin isolate, with the REST API
 * and deploy-tool: created, listed, changed (the hash in {@code config/keyfile} follows the
 * password) and deleted; every bad request refused with what is wrong and nothing changed; a
 * hand-damaged file reported with its line and never written over; creates sent at the same
 * moment all landing; the users carried by a backup into the restored domain, running, where
 * they are managed the same way and its application signs them in (or no longer) at once; and
 * gone with a deleted domain. The passwords are in no event and in no log.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealmUsersIT {

    private static final String ALICE_PASSWORD = "alice-first-secret";
    private static final String ALICE_NEW_PASSWORD = "alice-second-secret";
    private static final String BOB_PASSWORD = "bob-typed-secret";

    private static AdminFixture admin;
    private static Path keyfile;

    @BeforeAll
    static void aStoppedDomain() throws Exception {
        admin = AdminFixture.start();
        create("shop");
        keyfile = admin.domainsRoot().resolve("shop/config/keyfile");
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    private static void create(String domain) throws Exception {
        HttpResponse<String> created = send("POST", "/api/domains", "{\"name\": \"" + domain + "\", \"httpPort\": " + AdminFixture.freePort() + "}");
        assertEquals(201, created.statusCode(), created.body());
    }

    private static HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        return admin.call(method, path, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json),
                json == null ? null : "application/json");
    }

    private static RealmUser stored(String name) throws IOException {
        return Keyfile.read(keyfile).user(name).orElseThrow(() -> new AssertionError("no " + name + " in " + keyfile));
    }

    private static void assertRefused(int status, String message, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        String said = AdminFixture.parse(response).path("message").asText();
        assertTrue(said.contains(message), "'" + message + "' in: " + said);
    }

    @Test
    @Order(1)
    void aUserIsCreatedListedAndStoredAsAHashNeverShown() throws Exception {
        HttpResponse<String> created = send("POST", "/api/domains/shop/users",
                "{\"name\": \"alice\", \"password\": \"" + ALICE_PASSWORD + "\", \"groups\": [\"customers\", \"staff\"]}");

        assertEquals(201, created.statusCode(), created.body());
        assertEquals("{\"name\":\"alice\",\"groups\":[\"customers\",\"staff\"]}", AdminFixture.parse(created).toString());
        assertEquals("[{\"name\":\"alice\",\"groups\":[\"customers\",\"staff\"]}]", admin.json("/api/domains/shop/users").toString());
        assertEquals("{\"name\":\"alice\",\"groups\":[\"customers\",\"staff\"]}", admin.json("/api/domains/shop/users/alice").toString());
        RealmUser alice = stored("alice");
        assertTrue(PasswordHash.matches(alice.passwordHash(), ALICE_PASSWORD.toCharArray()));
        assertEquals(List.of("customers", "staff"), alice.groups());
        assertFalse(admin.get("/api/domains/shop/users").body().contains("$2"), "no hash in an answer");
    }

    @Test
    @Order(2)
    void badRequestsAreRefusedWithWhatIsWrongAndChangeNothing() throws Exception {
        String before = Files.readString(keyfile);

        assertRefused(409, "user alice already exists in domain shop",
                send("POST", "/api/domains/shop/users", "{\"name\": \"alice\", \"password\": \"other\"}"));
        assertRefused(400, "a user name is 1 to 64 letters, digits and . _ @ -, starting with a letter or digit, not 'al ice'",
                send("POST", "/api/domains/shop/users", "{\"name\": \"al ice\", \"password\": \"pw\"}"));
        assertRefused(400, "a group name is 1 to 64 letters, digits and . _ @ -, starting with a letter or digit, not 'staff;admin'",
                send("POST", "/api/domains/shop/users", "{\"name\": \"bob\", \"password\": \"pw\", \"groups\": [\"staff;admin\"]}"));
        assertRefused(400, "a user's password may not be empty",
                send("POST", "/api/domains/shop/users", "{\"name\": \"bob\", \"password\": \"\"}"));
        assertRefused(400, "a password of 73 bytes is longer than bcrypt's 72 bytes; choose a shorter one",
                send("POST", "/api/domains/shop/users", "{\"name\": \"bob\", \"password\": \"" + "x".repeat(73) + "\"}"));
        assertRefused(400, "the body needs password as a string", send("POST", "/api/domains/shop/users", "{\"name\": \"bob\"}"));
        assertRefused(400, "unknown field 'role' (the body takes groups, name, password)",
                send("POST", "/api/domains/shop/users", "{\"name\": \"bob\", \"password\": \"pw\", \"role\": \"staff\"}"));
        assertRefused(400, "the body is not valid JSON", send("POST", "/api/domains/shop/users", "{\"name\": \"bob\", "));
        assertRefused(400, "groups must be an array of group names", send("POST", "/api/domains/shop/users",
                "{\"name\": \"bob\", \"password\": \"pw\", \"groups\": \"staff\"}"));
        assertRefused(400, "give user alice a new password, new groups, or both", send("PUT", "/api/domains/shop/users/alice", "{}"));
        assertRefused(400, "unknown field 'name' (the body takes groups, password)",
                send("PUT", "/api/domains/shop/users/alice", "{\"name\": \"alicia\"}"));
        for (String method : List.of("GET", "PUT", "DELETE")) {
            assertRefused(404, "no user 'bob' in domain shop (deploy-tool list-users shop lists them)",
                    send(method, "/api/domains/shop/users/bob", method.equals("PUT") ? "{\"groups\": []}" : null));
        }
        assertRefused(404, "no domain 'nowhere'", send("GET", "/api/domains/nowhere/users", null));
        assertRefused(404, "no domain 'nowhere'", send("POST", "/api/domains/nowhere/users", "{\"name\": \"bob\", \"password\": \"pw\"}"));
        assertRefused(404, "no domain 'nowhere'", send("DELETE", "/api/domains/nowhere/users/alice", null));

        assertEquals(before, Files.readString(keyfile), "nothing changed");
        assertFalse(Files.exists(admin.domainsRoot().resolve("nowhere")), "no directory for an unknown domain");
    }

    @Test
    @Order(3)
    void anUpdateChangesTheGroupsThenThePasswordWhoseHashChangesInTheFile() throws Exception {
        String hash = stored("alice").passwordHash();

        HttpResponse<String> groups = send("PUT", "/api/domains/shop/users/alice", "{\"groups\": [\"customers\"]}");
        assertEquals(200, groups.statusCode(), groups.body());
        assertEquals("{\"name\":\"alice\",\"groups\":[\"customers\"]}", AdminFixture.parse(groups).toString());
        assertEquals(hash, stored("alice").passwordHash(), "the password stays");

        HttpResponse<String> password = send("PUT", "/api/domains/shop/users/alice", "{\"password\": \"" + ALICE_NEW_PASSWORD + "\"}");
        assertEquals(200, password.statusCode(), password.body());
        RealmUser alice = stored("alice");
        assertFalse(alice.passwordHash().equals(hash), "a new hash");
        assertTrue(PasswordHash.matches(alice.passwordHash(), ALICE_NEW_PASSWORD.toCharArray()));
        assertFalse(PasswordHash.matches(alice.passwordHash(), ALICE_PASSWORD.toCharArray()), "the old password no longer");
        assertEquals(List.of("customers"), alice.groups(), "the groups stay");
    }

    @Test
    @Order(4)
    void deployToolCreatesWithATypedPasswordListsUpdatesAndDeletes() throws Exception {
        Deque<String> typed = new ArrayDeque<>(List.of(BOB_PASSWORD, BOB_PASSWORD));
        Terminal terminal = new Terminal() {
            @Override
            public String readLine(String prompt) {
                throw new AssertionError("no question but the password's: " + prompt);
            }

            @Override
            public char[] readPassword(String prompt) {
                return typed.removeFirst().toCharArray();
            }
        };
        AdminFixture.ToolRun bob = admin.deployToolAt(terminal, "create-user", "shop", "bob", "--groups", "staff,auditors");
        assertEquals(0, bob.exitCode(), bob.toString());
        assertEquals("Created user bob of domain shop, groups: staff, auditors.\n", bob.out());
        assertTrue(PasswordHash.matches(stored("bob").passwordHash(), BOB_PASSWORD.toCharArray()));

        Path file = Files.writeString(admin.work().resolve("carol-password"), "carol-file-secret\n");
        AdminFixture.ToolRun carol = admin.deployTool("create-user", "shop", "carol", "--user-password-file", file.toString());
        assertEquals(0, carol.exitCode(), carol.toString());
        assertTrue(PasswordHash.matches(stored("carol").passwordHash(), "carol-file-secret".toCharArray()));

        AdminFixture.ToolRun noPassword = admin.deployTool("create-user", "shop", "dave");
        assertEquals(ExitCodes.USAGE, noPassword.exitCode(), noPassword.toString());
        assertTrue(noPassword.err().contains("give the password of user dave with --user-password-file FILE"), noPassword.err());

        AdminFixture.ToolRun listed = admin.deployTool("list-users", "shop");
        assertEquals(0, listed.exitCode(), listed.toString());
        assertEquals("NAME                     GROUPS\nalice                    customers\nbob                      staff, auditors\n"
                + "carol                    (none)\n", listed.out());
        AdminFixture.ToolRun json = admin.deployTool("--json", "list-users", "shop");
        assertEquals(admin.json("/api/domains/shop/users"), JsonFiles.MAPPER.readTree(json.out()));

        AdminFixture.ToolRun updated = admin.deployTool("update-user", "shop", "carol", "--groups", "customers");
        assertEquals(0, updated.exitCode(), updated.toString());
        assertEquals("Updated user carol of domain shop: groups: customers.\n", updated.out());
        assertEquals(List.of("customers"), stored("carol").groups());

        AdminFixture.ToolRun taken = admin.deployTool("create-user", "shop", "bob", "--user-password-file", file.toString());
        assertEquals(ExitCodes.REJECTED, taken.exitCode(), taken.toString());
        assertEquals("error: user bob already exists in domain shop; change it with deploy-tool update-user shop bob, or delete it first\n",
                taken.err());

        AdminFixture.ToolRun deleted = admin.deployTool("delete-user", "shop", "carol");
        assertEquals(0, deleted.exitCode(), deleted.toString());
        assertEquals("Deleted user carol of domain shop.\n", deleted.out());
        assertTrue(Keyfile.read(keyfile).user("carol").isEmpty());
        AdminFixture.ToolRun again = admin.deployTool("delete-user", "shop", "carol");
        assertEquals(ExitCodes.REJECTED, again.exitCode(), again.toString());
        assertEquals("error: no user 'carol' in domain shop (deploy-tool list-users shop lists them)\n", again.err());
        AdminFixture.ToolRun nowhere = admin.deployTool("list-users", "nowhere");
        assertEquals(ExitCodes.REJECTED, nowhere.exitCode(), nowhere.toString());
    }

    @Test
    @Order(5)
    void aDamagedFileIsReportedWithItsLineAndNotWrittenOverUntilCorrected() throws Exception {
        String good = Files.readString(keyfile);
        int line = (int) good.lines().count() + 1;
        String damaged = good + "erin;$2b$10$short;staff\n";
        Files.writeString(keyfile, damaged);
        String expected = "the users of domain shop cannot be read: " + keyfile + ", line " + line + ": ";

        assertRefused(409, expected, send("GET", "/api/domains/shop/users", null));
        assertRefused(409, expected, send("POST", "/api/domains/shop/users", "{\"name\": \"frank\", \"password\": \"pw\"}"));
        assertRefused(409, expected, send("PUT", "/api/domains/shop/users/alice", "{\"groups\": []}"));
        assertRefused(409, expected, send("DELETE", "/api/domains/shop/users/alice", null));
        AdminFixture.ToolRun listed = admin.deployTool("list-users", "shop");
        assertEquals(ExitCodes.REJECTED, listed.exitCode(), listed.toString());
        assertTrue(listed.err().startsWith("error: " + expected), listed.err());
        assertEquals(damaged, Files.readString(keyfile), "left as it was");

        Files.writeString(keyfile, good);
        assertEquals(200, send("GET", "/api/domains/shop/users", null).statusCode(), "corrected, it reads again");
    }

    @Test
    @Order(6)
    void createsSentAtTheSameMomentAllLand() throws Exception {
        int count = 8;
        List<Future<HttpResponse<String>>> sent = new ArrayList<>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                String body = "{\"name\": \"load" + i + "\", \"password\": \"pw" + i + "\", \"groups\": [\"staff\"]}";
                sent.add(threads.submit(() -> send("POST", "/api/domains/shop/users", body)));
            }
        }
        for (Future<HttpResponse<String>> response : sent) {
            assertEquals(201, response.get().statusCode(), response.get().body());
        }

        List<String> names = Keyfile.read(keyfile).users().stream().map(RealmUser::name).toList();
        for (int i = 0; i < count; i++) {
            assertTrue(names.contains("load" + i), "load" + i + " in " + names);
            assertTrue(PasswordHash.matches(stored("load" + i).passwordHash(), ("pw" + i).toCharArray()));
        }
        assertEquals(List.of("alice", "bob"), names.subList(0, 2), "the users before stay");
    }

    @Test
    @Order(7)
    void eachChangeIsAnEventAndNoPasswordIsInTheEventsOrTheLog() throws Exception {
        List<String> events = new ArrayList<>();
        admin.json("/api/domains/shop/events?limit=1000").forEach(e -> events.add(e.path("kind").asText() + ": " + e.path("message").asText()));

        assertTrue(events.contains("USER_CREATED: user alice created, groups: customers, staff"), events.toString());
        assertTrue(events.contains("USER_UPDATED: user alice: groups customers, staff -> customers"), events.toString());
        assertTrue(events.contains("USER_UPDATED: user alice: password changed"), events.toString());
        assertTrue(events.contains("USER_CREATED: user bob created, groups: staff, auditors"), events.toString());
        assertTrue(events.contains("USER_UPDATED: user carol: groups (none) -> customers"), events.toString());
        assertTrue(events.contains("USER_DELETED: user carol deleted"), events.toString());
        String adminLog = Files.readString(admin.domainsRoot().resolve(".admin/admin.log"));
        assertTrue(adminLog.contains("USER_DELETED: user carol deleted"), "events are admin log lines too");
        for (String secret : List.of(ALICE_PASSWORD, ALICE_NEW_PASSWORD, BOB_PASSWORD, "carol-file-secret")) {
            assertFalse(String.join("\n", events).contains(secret) || adminLog.contains(secret), secret);
        }
    }

    @Test
    @Order(8)
    void aRestoredDomainHasTheUsersAndARunningOneIsManagedTheSameWay() throws Exception {
        Path backup = admin.work().resolve("shop-users.zip");
        AdminFixture.ToolRun saved = admin.deployTool("backup-domain", "shop", "--file", backup.toString());
        assertEquals(0, saved.exitCode(), saved.toString());
        AdminFixture.ToolRun restored = admin.deployTool("restore-domain", backup.toString(), "--name", "shop-copy", "--port",
                Integer.toString(AdminFixture.freePort()), "--start");
        assertEquals(0, restored.exitCode(), restored.toString());
        assertEquals("RUNNING", admin.json("/api/domains/shop-copy").path("state").asText());

        assertEquals(admin.json("/api/domains/shop/users"), admin.json("/api/domains/shop-copy/users"));
        Path copy = admin.domainsRoot().resolve("shop-copy/config/keyfile");
        assertEquals(stored("alice"), Keyfile.read(copy).user("alice").orElseThrow(), "the same hash: the same password");

        HttpResponse<String> created = send("POST", "/api/domains/shop-copy/users", "{\"name\": \"gina\", \"password\": \"pw\"}");
        assertEquals(201, created.statusCode(), created.body());
        HttpResponse<String> deleted = send("DELETE", "/api/domains/shop-copy/users/alice", null);
        assertEquals(200, deleted.statusCode(), deleted.body());
        assertEquals("user alice deleted from domain shop-copy", AdminFixture.parse(deleted).path("message").asText());
        assertTrue(Keyfile.read(copy).user("gina").isPresent() && Keyfile.read(copy).user("alice").isEmpty());
        assertTrue(Keyfile.read(keyfile).user("alice").isPresent() && Keyfile.read(keyfile).user("gina").isEmpty(), "the original's users are its own");
        assertEquals("RUNNING", admin.json("/api/domains/shop-copy").path("state").asText(), "changed without a restart");
    }

    @Test
    @Order(9)
    void aRunningDomainsApplicationSignsInWhomTheAdminAddsChangesAndDeletesAtOnce() throws Exception {
        AdminFixture.ToolRun deployed = admin.deployTool("deploy", TestEars.vault(admin.work(), "vault.ear").toString(), "--domain", "shop-copy");
        assertEquals(0, deployed.exitCode(), deployed.toString());
        int port = admin.json("/api/domains/shop-copy").path("httpPort").asInt();
        assertEquals(401, vault(port, "hank", "hank-pw").statusCode(), "no such user yet");

        assertEquals(201, send("POST", "/api/domains/shop-copy/users", "{\"name\": \"hank\", \"password\": \"hank-pw\", \"groups\": [\"customers\"]}")
                .statusCode());
        assertEquals("remoteUser=hank customers=true staff=false", vault(port, "hank", "hank-pw").body(), "signed in at once");

        assertEquals(200, send("PUT", "/api/domains/shop-copy/users/hank", "{\"password\": \"hank-new\", \"groups\": [\"customers\", \"staff\"]}")
                .statusCode());
        assertEquals(401, vault(port, "hank", "hank-pw").statusCode(), "the old password no longer");
        assertEquals("remoteUser=hank customers=true staff=true", vault(port, "hank", "hank-new").body(), "the new one, with the new group");

        assertEquals(200, send("DELETE", "/api/domains/shop-copy/users/hank", null).statusCode());
        assertEquals(401, vault(port, "hank", "hank-new").statusCode(), "deleted: refused");
        assertEquals("RUNNING", admin.json("/api/domains/shop-copy").path("state").asText(), "all without a restart");
    }

    /** The secured page of the test application, as {@code user} with HTTP Basic. */
    private static HttpResponse<String> vault(int port, String user, String password) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + TestEars.VAULT_MEMBERS + "?op=web"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(60)).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @Order(10)
    void aDeletedDomainTakesItsUsersAlong() throws Exception {
        create("gone");
        assertEquals(201, send("POST", "/api/domains/gone/users", "{\"name\": \"alice\", \"password\": \"pw\"}").statusCode());
        assertTrue(Files.exists(admin.domainsRoot().resolve("gone/config/keyfile")));

        assertEquals(200, send("DELETE", "/api/domains/gone", null).statusCode());

        assertFalse(Files.exists(admin.domainsRoot().resolve("gone")), "the directory, keyfile included, is gone");
        create("gone");
        assertEquals("[]", admin.json("/api/domains/gone/users").toString(), "a new domain of the name has no users");
    }
}

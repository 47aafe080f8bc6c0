package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user commands' side of the conversation, against a stand-in for the admin isolate that
 * records what it is sent: where the password comes from (never the command line), what is
 * refused before any request, and the requests and lines of each command. The admin's side is
 * tested against a real admin isolate in {@code RealmUsersIT}.
 */
class UserCommandsTest {

    @TempDir
    Path dir;

    /** What the stand-in received: method, path and body of each request. */
    private final List<String> received = new ArrayList<>();
    private final Deque<String> answers = new ArrayDeque<>();
    private HttpServer server;

    @BeforeEach
    void aStandInAdmin() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            synchronized (received) {
                received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath() + (body.isEmpty() ? "" : " " + body));
            }
            String answer = answers.isEmpty() ? "{}" : answers.removeFirst();
            // An error body carries its status, as the admin's do.
            int status = AdminConnection.JSON.readTree(answer).path("status").asInt(200);
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private record Run(int exitCode, String out, String err) {
    }

    private Run run(Optional<Terminal> terminal, String... args) {
        List<String> all = new ArrayList<>(List.of("--url", "http://127.0.0.1:" + server.getAddress().getPort()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DeployTool.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(Credentials.PASSWORD_VARIABLE, "admin-pw"), terminal);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A terminal where the person types {@code typed}, one answer per question, and whose prompts are kept. */
    private static Terminal typing(List<String> prompts, String... typed) {
        Deque<String> answers = new ArrayDeque<>(List.of(typed));
        return new Terminal() {
            @Override
            public String readLine(String prompt) {
                prompts.add(prompt);
                return answers.pollFirst();
            }

            @Override
            public char[] readPassword(String prompt) {
                prompts.add(prompt);
                String answer = answers.pollFirst();
                return answer == null ? null : answer.toCharArray();
            }
        };
    }

    @Test
    void withoutATerminalThePasswordMustComeFromAFileAndNothingIsSentOtherwise() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty"), "");
        Map<String, String> cases = Map.of(
                "create-user shop alice", "error: give the password of user alice with --user-password-file FILE (its first line): there is no"
                        + " terminal to ask at, and a password is never taken from the command line\n",
                "update-user shop alice --password", "error: give the password of user alice with --user-password-file FILE (its first line):"
                        + " there is no terminal to ask at, and a password is never taken from the command line\n",
                "create-user shop alice --user-password-file " + empty, "error: the password file " + empty
                        + " is empty; its first line must be the password\n",
                "update-user shop alice", "error: say what to change: --groups, --password, or both\n",
                "update-user shop alice --user-password-file " + empty, "error: --user-password-file gives the new password of --password;"
                        + " add --password to change it\n");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Run run = run(Optional.empty(), c.getKey().split(" "));
            assertEquals(ExitCodes.USAGE, run.exitCode(), c.getKey() + ": " + run);
            assertEquals(c.getValue(), run.err(), c.getKey());
        }
        Run onTheCommandLine = run(Optional.empty(), "create-user", "shop", "alice", "--password", "s3cret");
        assertEquals(ExitCodes.USAGE, onTheCommandLine.exitCode(), onTheCommandLine.toString());
        assertTrue(onTheCommandLine.err().contains("Unknown options: '--password', 's3cret'"), onTheCommandLine.err());
        assertEquals(List.of(), received, "nothing was sent");
    }

    @Test
    void atATerminalThePasswordIsAskedForTwiceAndTwoDifferentOnesSendNothing() {
        List<String> prompts = new ArrayList<>();
        Run differ = run(Optional.of(typing(prompts, "s3cret", "s3cre")), "create-user", "shop", "alice");
        assertEquals(ExitCodes.USAGE, differ.exitCode(), differ.toString());
        assertEquals("error: the two passwords typed differ; nothing was changed\n", differ.err());
        assertEquals(List.of(), received);

        answers.add("{\"name\": \"alice\", \"groups\": [\"customers\", \"staff\"]}");
        prompts.clear();
        Run created = run(Optional.of(typing(prompts, "s3cret", "s3cret")), "create-user", "shop", "alice", "--groups", "customers,staff");

        assertEquals(0, created.exitCode(), created.toString());
        assertEquals(List.of("Password of user alice of domain shop: ", "The same again: "), prompts);
        assertEquals("Created user alice of domain shop, groups: customers, staff.\n", created.out());
        assertEquals(List.of("POST /api/domains/shop/users"), requests());
        JsonNode body = body(0);
        assertEquals("alice", body.path("name").asText());
        assertEquals("s3cret", body.path("password").asText());
        assertEquals("[\"customers\",\"staff\"]", body.path("groups").toString());
    }

    @Test
    void updateUserSendsOnlyWhatItChangesAndAnEmptyGroupsOptionMeansNone() throws IOException {
        Path file = Files.writeString(dir.resolve("pw"), "n3w-secret\nignored\n");
        answers.add("{\"name\": \"alice@example.com\", \"groups\": []}");
        answers.add("{\"name\": \"alice@example.com\", \"groups\": [\"staff\"]}");

        Run none = run(Optional.empty(), "update-user", "shop", "alice@example.com", "--groups=");
        Run password = run(Optional.empty(), "update-user", "shop", "alice@example.com", "--password", "--user-password-file", file.toString());

        assertEquals(0, none.exitCode(), none.toString());
        assertEquals("Updated user alice@example.com of domain shop: groups: (none).\n", none.out());
        assertEquals(0, password.exitCode(), password.toString());
        assertEquals("Updated user alice@example.com of domain shop: password changed, groups: staff.\n", password.out());
        assertEquals(List.of("PUT /api/domains/shop/users/alice%40example.com", "PUT /api/domains/shop/users/alice%40example.com"), requests());
        assertEquals("{\"groups\":[]}", body(0).toString());
        assertEquals("{\"password\":\"n3w-secret\"}", body(1).toString(), "the file's first line, and no groups: they stay");
    }

    @Test
    void listAndDeletePrintOneLineEachAndJsonAsTheServerAnswered() {
        answers.add("[{\"name\": \"alice\", \"groups\": [\"customers\"]}, {\"name\": \"bob\", \"groups\": []}]");
        answers.add("[]");
        answers.add("[{\"name\": \"alice\", \"groups\": [\"customers\"]}]");
        answers.add("{\"message\": \"user bob deleted from domain shop\"}");
        answers.add("{\"status\": 404, \"error\": \"Not Found\", \"message\": \"no user 'bob' in domain shop (deploy-tool list-users shop lists them)\"}");

        Run listed = run(Optional.empty(), "list-users", "shop");
        Run empty = run(Optional.empty(), "list-users", "shop");
        Run json = run(Optional.empty(), "--json", "list-users", "shop");
        Run deleted = run(Optional.empty(), "delete-user", "shop", "bob");
        Run again = run(Optional.empty(), "delete-user", "shop", "bob");

        assertEquals("NAME                     GROUPS\nalice                    customers\nbob                      (none)\n", listed.out());
        assertEquals("No users in domain shop. Add one: deploy-tool create-user shop NAME --groups GROUP\n", empty.out());
        assertEquals("[ {\n  \"name\" : \"alice\",\n  \"groups\" : [ \"customers\" ]\n} ]\n", json.out());
        assertEquals("Deleted user bob of domain shop.\n", deleted.out());
        assertEquals(ExitCodes.REJECTED, again.exitCode(), again.toString());
        assertEquals("error: no user 'bob' in domain shop (deploy-tool list-users shop lists them)\n", again.err());
        assertEquals(List.of("GET /api/domains/shop/users", "GET /api/domains/shop/users", "GET /api/domains/shop/users",
                "DELETE /api/domains/shop/users/bob", "DELETE /api/domains/shop/users/bob"), requests());
    }

    /** The method and path of each request. */
    private List<String> requests() {
        synchronized (received) {
            return received.stream().map(r -> String.join(" ", List.of(r.split(" ", 3)).subList(0, 2))).toList();
        }
    }

    private JsonNode body(int request) {
        synchronized (received) {
            try {
                return AdminConnection.JSON.readTree(received.get(request).split(" ", 3)[2]);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }
}

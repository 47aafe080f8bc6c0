package dev.isola.admin.it;

import dev.isola.domains.testapp.TestEars;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A user of the secured test application ({@link TestEars#vault}) at a domain's HTTP port, signing in with HTTP Basic. */
final class VaultClient {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private VaultClient() {
    }

    /** {@code GET path} as {@code user} (null: without credentials). */
    static HttpResponse<String> get(int port, String path, String user, String password) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(90));
        if (user != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The status of the members' page for {@code user}: 401 not signed in, 403 not a customer, 200. */
    static int status(int port, String user, String password) throws Exception {
        return get(port, TestEars.VAULT_MEMBERS + "?op=web", user, password).statusCode();
    }

    /** The body of the members' page doing {@code op} as {@code user}, after checking it answered 200. */
    static String call(int port, String op, String user, String password) throws Exception {
        HttpResponse<String> response = get(port, TestEars.VAULT_MEMBERS + "?op=" + op, user, password);
        assertEquals(200, response.statusCode(), "port " + port + " " + op + " as " + user + ": " + response.body());
        return response.body();
    }

    /**
     * What every realm must do for the vault's users as the realm ITs set them up (alice in customers, bob in customers and
     * staff, carol in no group): refuse no, wrong and unknown credentials (401) and a user in no role (403), and give the
     * web container and the beans the user's groups as roles.
     */
    static void assertGroupsAreRoles(int port) throws Exception {
        assertEquals(401, status(port, null, null));
        assertEquals(401, status(port, "alice", "bob-pw"), "wrong password");
        assertEquals(401, status(port, "mallory", "alice-pw"), "unknown user");
        assertEquals(403, status(port, "carol", "carol-pw"), "signed in, in no group");
        assertEquals("remoteUser=alice customers=true staff=false", call(port, "web", "alice", "alice-pw"));
        assertEquals("bob customers=true staff=true", call(port, "who", "bob", "bob-pw"), "the bean sees the caller and the roles");
        assertEquals("audited by bob", call(port, "audit", "bob", "bob-pw"));
        String denied = call(port, "audit", "alice", "alice-pw");
        org.junit.jupiter.api.Assertions.assertTrue(denied.startsWith("denied: bean VaultBean method audit may be called in the roles [staff];"
                + " the caller alice is in the roles [customers] only"), denied);
    }
}

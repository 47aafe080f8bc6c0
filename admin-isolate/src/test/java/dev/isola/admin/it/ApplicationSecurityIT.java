package dev.isola.admin.it;

import dev.isola.appserver.security.Keyfile;
import dev.isola.appserver.security.RealmUser;
import dev.isola.appserver.web.WebServer;
import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Application security end to end, in a combined domain and in a separated one (where the
 * caller crosses the link from the web isolate to the EJB isolate with each call): a web.xml
 * security constraint with HTTP Basic against the domain's file realm, {@code @RolesAllowed},
 * {@code @PermitAll}, {@code @DenyAll} and {@code @RunAs} on beans, the caller's principal and
 * roles in the bean, and users, passwords and groups that change while the domain runs.
 */
@Timeout(900)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ApplicationSecurityIT {

    private static AdminFixture admin;
    private static final Map<String, Integer> ports = new java.util.HashMap<>();

    @BeforeAll
    static void twoDomainsWithTheSecuredApplication() throws Exception {
        admin = AdminFixture.start();
        Path ear = TestEars.vault(admin.work(), "vault.ear");
        ports.put("combined", admin.createAndDeploy("combined", ear));
        ports.put("separated", admin.createAndDeploy("separated", ear, "--mode", "separated"));
        Path mapped = TestEars.mappedVault(admin.work(), "mapped-vault.ear");
        for (String domain : ports.keySet()) {
            AdminFixture.ToolRun deployed = admin.deployTool("deploy", mapped.toString(), "--domain", domain);
            assertEquals(0, deployed.exitCode(), deployed.toString());
            writeUsers(domain, Keyfile.empty()
                    .with(RealmUser.withPassword("alice", "alice-pw".toCharArray(), List.of("customers")))
                    .with(RealmUser.withPassword("bob", "bob-pw".toCharArray(), List.of("customers", "staff")))
                    .with(RealmUser.withPassword("carol", "carol-pw".toCharArray(), List.of()))
                    .with(RealmUser.withPassword("erin", "erin-pw".toCharArray(), List.of("customers")))
                    .with(RealmUser.withPassword("gina", "gina-pw".toCharArray(), List.of("buyers")))
                    .with(RealmUser.withPassword("hank", "hank-pw".toCharArray(), List.of("buyers", "employees"))));
        }
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (admin != null) {
            admin.close();
        }
    }

    private static Path keyfile(String domain) {
        return admin.domainsRoot().resolve(domain).resolve("config/keyfile");
    }

    private static void writeUsers(String domain, Keyfile users) throws IOException {
        users.write(keyfile(domain));
    }

    private static HttpResponse<String> get(String domain, String path, String user, String password) throws Exception {
        return VaultClient.get(ports.get(domain), path, user, password);
    }

    /** The body of a call of the vault by {@code user} (null: anonymous, in the open), after checking it was answered. */
    private static String call(String domain, String op, String user, String password) throws Exception {
        return answered(get(domain, (user == null ? TestEars.VAULT_OPEN : TestEars.VAULT_MEMBERS) + "?op=" + op, user, password), domain, op, user);
    }

    /** The same, of the vault deployed with role mappings. */
    private static String callMapped(String domain, String op, String user, String password) throws Exception {
        return answered(get(domain, TestEars.MAPPED_VAULT_MEMBERS + "?op=" + op, user, password), domain, op, user);
    }

    private static String answered(HttpResponse<String> response, String domain, String op, String user) {
        assertEquals(200, response.statusCode(), domain + " " + op + " as " + user + ": " + response.body());
        return response.body();
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(1)
    void theConstrainedPagesAskForCredentialsAndRefuseWrongOnes(String domain) throws Exception {
        HttpResponse<String> anonymous = get(domain, TestEars.VAULT_MEMBERS + "?op=web", null, null);
        assertEquals(401, anonymous.statusCode());
        assertEquals("Basic realm=\"vault\", charset=UTF-8", anonymous.headers().firstValue("WWW-Authenticate").orElse(""));
        assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "alice", "bob-pw").statusCode(), "wrong password");
        assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "mallory", "alice-pw").statusCode(), "unknown user");
        assertEquals(403, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "carol", "carol-pw").statusCode(), "signed in, not a customer");
        assertEquals("remoteUser=alice customers=true staff=false", call(domain, "web", "alice", "alice-pw"));
        assertEquals("remoteUser=bob customers=true staff=true", call(domain, "web", "bob", "bob-pw"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(2)
    void beansSeeTheSignedInCallerAndCheckTheirPermissions(String domain) throws Exception {
        assertEquals("alice customers=true staff=false", call(domain, "who", "alice", "alice-pw"));
        assertEquals("bob customers=true staff=true", call(domain, "who", "bob", "bob-pw"));
        assertEquals("balance for alice", call(domain, "balance", "alice", "alice-pw"));
        assertEquals("audited by bob", call(domain, "audit", "bob", "bob-pw"));
        assertEquals("alice customers=true staff=false", call(domain, "later", "alice", "alice-pw"), "an asynchronous call keeps its caller");
        assertEquals("balance for alice", call(domain, "task", "alice", "alice-pw"), "a managed task calls beans as the caller who submitted it");

        String audit = call(domain, "audit", "alice", "alice-pw");
        assertTrue(audit.startsWith("denied: bean VaultBean method audit may be called in the roles [staff]; the caller alice is in the roles"
                + " [customers] only"), audit);
        String sealed = call(domain, "sealed", "bob", "bob-pw");
        assertTrue(sealed.startsWith("denied: bean VaultBean method sealed is @DenyAll: nobody may call it"), sealed);
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(3)
    void anAnonymousCallerGetsOnlyWhatIsPermittedToAll(String domain) throws Exception {
        assertEquals("ANONYMOUS customers=false staff=false", call(domain, "who", null, null));
        String balance = call(domain, "balance", null, null);
        assertTrue(balance.startsWith("denied: bean VaultBean method balance may be called in the roles [customers]; the caller is not signed in"),
                balance);
        String fromTask = call(domain, "task", null, null);
        assertTrue(fromTask.startsWith("denied: bean VaultBean method balance may be called in the roles [customers]; the caller is not signed in"),
                "an anonymous request's task is anonymous too: " + fromTask);
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(4)
    void aRunAsBeanCallsOnInItsRoleUnderTheCallersName(String domain) throws Exception {
        assertEquals("audited by alice", call(domain, "runas", "alice", "alice-pw"));
        String anonymous = call(domain, "runas", null, null);
        assertTrue(anonymous.startsWith("denied: bean AuditorBean method auditForCustomer may be called in the roles [customers]"), anonymous);
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(5)
    void aUserWhosePasswordWasWrongFiveTimesInARowIsLockedOutAndNobodyElse(String domain) throws Exception {
        assertEquals("remoteUser=erin customers=true staff=false", call(domain, "web", "erin", "erin-pw"));
        for (int i = 0; i < WebServer.LOCK_OUT_FAILURES; i++) {
            assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "erin", "guess-" + i).statusCode());
        }
        assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "erin", "erin-pw").statusCode(), "locked out, the right password too");
        assertEquals("remoteUser=alice customers=true staff=false", call(domain, "web", "alice", "alice-pw"), "the others are not");
        String webIsolate = domain.equals("separated") ? "separated-web" : "combined";
        AdminFixture.awaitLogLine(admin.domainsRoot().resolve(domain).resolve("logs/" + webIsolate + ".log"), "locked user [erin]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(6)
    void usersPasswordsAndGroupsChangeWhileTheDomainRuns(String domain) throws Exception {
        Keyfile before = Keyfile.read(keyfile(domain));
        try {
            writeUsers(domain, before.with(RealmUser.withPassword("dave", "dave-pw".toCharArray(), List.of("customers")))
                    .with(RealmUser.withPassword("alice", "alice-new".toCharArray(), List.of("customers", "staff"))));
            assertEquals("dave customers=true staff=false", call(domain, "who", "dave", "dave-pw"), "a new user signs in at once");
            assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "alice", "alice-pw").statusCode(), "the old password is refused");
            assertEquals("audited by alice", call(domain, "audit", "alice", "alice-new"), "the new password and group count at once");

            writeUsers(domain, Keyfile.read(keyfile(domain)).without("dave"));
            assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "dave", "dave-pw").statusCode(), "a deleted user is refused");
        } finally {
            writeUsers(domain, before);
        }
        assertEquals("alice customers=true staff=false", call(domain, "who", "alice", "alice-pw"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(7)
    void aDamagedKeyfileSignsNobodyInAndSaysWhereItIsDamaged(String domain) throws Exception {
        Keyfile before = Keyfile.read(keyfile(domain));
        try {
            Files.writeString(keyfile(domain), before.text() + "eve;not-a-hash;customers\n");
            assertEquals(401, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "alice", "alice-pw").statusCode(), "fails closed");
            String webIsolate = domain.equals("separated") ? "separated-web" : "combined";
            String line = AdminFixture.awaitLogLine(admin.domainsRoot().resolve(domain).resolve("logs/" + webIsolate + ".log"),
                    "the users' file is damaged");
            long eveLine = before.text().lines().count() + 1;
            assertTrue(line.contains("config/keyfile, line " + eveLine + ": the password of user eve is not stored as a bcrypt hash"), line);
        } finally {
            writeUsers(domain, before);
        }
        assertEquals("remoteUser=alice customers=true staff=false", call(domain, "web", "alice", "alice-pw"), "mended, it signs in again");
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(8)
    void anApplicationsDescriptorsMapItsRolesOntoTheRealmsUsersAndGroups(String domain) throws Exception {
        // glassfish-application.xml: customers = user carol and group buyers, staff = group employees.
        assertEquals(403, get(domain, TestEars.MAPPED_VAULT_MEMBERS + "?op=web", "alice", "alice-pw").statusCode(),
                "the group customers does not hold the mapped role customers");
        assertEquals("remoteUser=carol customers=true staff=false", callMapped(domain, "web", "carol", "carol-pw"), "a mapped user");
        assertEquals("remoteUser=gina customers=true staff=false", callMapped(domain, "web", "gina", "gina-pw"), "a mapped group");
        assertEquals("remoteUser=hank customers=true staff=true", callMapped(domain, "web", "hank", "hank-pw"));
        // glassfish-ejb-jar.xml maps staff onto gina alone in the EJB module: its mapping wins there.
        assertEquals("gina customers=true staff=true", callMapped(domain, "who", "gina", "gina-pw"));
        assertEquals("hank customers=true staff=false", callMapped(domain, "who", "hank", "hank-pw"));
        assertEquals("audited by gina", callMapped(domain, "audit", "gina", "gina-pw"));
        String refused = callMapped(domain, "audit", "hank", "hank-pw");
        assertTrue(refused.startsWith("denied: bean VaultBean method audit may be called in the roles [staff]; the caller hank is in the roles"
                + " [buyers, customers, employees] only"), refused);
        assertEquals("audited by carol", callMapped(domain, "runas", "carol", "carol-pw"), "a run-as role is held whatever the mapping");
        // Each application has its own mapping: the vault without descriptors still takes groups as roles.
        assertEquals("remoteUser=alice customers=true staff=false", call(domain, "web", "alice", "alice-pw"));
        assertEquals(403, get(domain, TestEars.VAULT_MEMBERS + "?op=web", "hank", "hank-pw").statusCode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"combined", "separated"})
    @Order(9)
    void aMappingThatPutsNobodyInItsRoleRefusesTheDeploymentAndLeavesNothingBehind(String domain) throws Exception {
        Path broken = TestEars.vault(admin.work(), "broken-vault.ear", "broken-vault", java.util.Optional.of("""
                <glassfish-application>
                  <security-role-mapping><role-name>staff</role-name></security-role-mapping>
                </glassfish-application>
                """), java.util.Optional.empty());
        AdminFixture.ToolRun deployed = admin.deployTool("deploy", broken.toString(), "--domain", domain);
        assertTrue(deployed.exitCode() != 0, deployed.toString());
        assertTrue(deployed.err().contains("glassfish-application.xml: the security-role-mapping of role staff names no <principal-name> and no"
                + " <group-name>"), deployed.toString());
        assertTrue(admin.deployTool("list-applications", "--domain", domain).out().lines().noneMatch(line -> line.contains("broken-vault")),
                "nothing deployed");
        assertEquals(404, get(domain, "/broken-vault/open/call?op=web", null, null).statusCode());
        assertEquals("remoteUser=carol customers=true staff=false", callMapped(domain, "web", "carol", "carol-pw"), "the others run on");
    }
}

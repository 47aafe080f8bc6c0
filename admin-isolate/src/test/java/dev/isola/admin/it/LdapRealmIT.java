package dev.isola.admin.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
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
import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An LDAP realm end to end: a combined domain (users' DNs made of a pattern) and a separated one (users searched as a bind
 * DN) configured with deploy-tool's {@code configure-domain --file} to sign users in against an in-memory LDAP directory
 * that the test runs; the secured vault application signs them in with their groups as roles, in the web tier and in
 * beans, takes a user added and a password and group changed in the directory without a restart, the users API,
 * deploy-tool and the console refuse to manage them, and a directory that went away signs nobody in.
 */
@Timeout(900)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LdapRealmIT {

    private static final String BASE = "dc=example,dc=com";
    private static final String PEOPLE = "ou=people," + BASE;
    private static final String GROUPS = "ou=groups," + BASE;
    private static final String SEARCHER = "cn=isola,ou=services," + BASE;
    private static final String SEARCHER_PASSWORD = "searcher-s3cret";
    private static AdminFixture admin;
    private static InMemoryDirectoryServer directory;
    private static String url;
    private static final Map<String, Integer> ports = new HashMap<>();

    @BeforeAll
    static void twoDomainsWithUsersInADirectory() throws Exception {
        admin = AdminFixture.start();
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE);
        config.addAdditionalBindCredentials(SEARCHER, SEARCHER_PASSWORD);
        config.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), 0, null));
        directory = new InMemoryDirectoryServer(config);
        directory.add("dn: " + BASE, "objectClass: domain", "dc: example");
        directory.add("dn: " + PEOPLE, "objectClass: organizationalUnit", "ou: people");
        directory.add("dn: " + GROUPS, "objectClass: organizationalUnit", "ou: groups");
        for (String name : new String[] {"alice", "bob", "carol", "grace"}) {
            person(name);
        }
        directory.add("dn: cn=customers," + GROUPS, "objectClass: groupOfNames", "cn: customers", "member: uid=alice," + PEOPLE,
                "member: uid=bob," + PEOPLE, "member: uid=grace," + PEOPLE);
        directory.add("dn: cn=staff," + GROUPS, "objectClass: groupOfNames", "cn: staff", "member: uid=bob," + PEOPLE);
        directory.startListening();
        url = "ldap://127.0.0.1:" + directory.getListenPort();

        Path ear = TestEars.vault(admin.work(), "vault.ear");
        for (String mode : new String[] {"combined", "separated"}) {
            String domain = mode.equals("combined") ? "shop" : "crm";
            tool(0, "create-domain", domain, "--mode", mode);
            int port = AdminFixture.freePort();
            String findUsers = mode.equals("combined") ? "\"userDnPattern\": \"uid={0}," + PEOPLE + "\""
                    : "\"userSearchBase\": \"" + PEOPLE + "\", \"userSearchFilter\": \"(uid={0})\", \"bindDn\": \"" + SEARCHER + "\", \"bindPassword\": \""
                    + SEARCHER_PASSWORD + "\"";
            Path file = Files.writeString(admin.work().resolve(domain + ".json"), """
                    {"name": "%s", "mode": "%s", "httpPort": %d,
                     "realm": {"type": "ldap", "url": "%s", %s,
                               "groupSearchBase": "%s", "groupSearchFilter": "(member={0})"}}
                    """.formatted(domain, mode, port, url, findUsers, GROUPS));
            AdminFixture.ToolRun configured = tool(0, "configure-domain", domain, "--file", file.toString());
            assertTrue(configured.out().contains("realm.type: file -> ldap") && configured.out().contains("realm.url: " + url + " (added)"),
                    configured.out());
            assertFalse(configured.out().contains(SEARCHER_PASSWORD), "the bind password is not listed: " + configured.out());
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
        if (directory != null) {
            directory.shutDown(true); // the last test stopped it already, which this takes
        }
    }

    private static void person(String name) throws Exception {
        directory.add("dn: uid=" + name + "," + PEOPLE, "objectClass: inetOrgPerson", "uid: " + name, "cn: " + name, "sn: " + name,
                "userPassword: " + name + "-pw");
    }

    private static AdminFixture.ToolRun tool(int expectedExit, String... args) {
        AdminFixture.ToolRun run = admin.deployTool(args);
        assertEquals(expectedExit, run.exitCode(), run.toString());
        return run;
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

    @Test
    @Order(1)
    void theConfigurationShowsTheRealmAsGiven() throws Exception {
        JsonNode realm = admin.json("/api/domains/shop/configuration").path("realm");
        assertEquals("{\"type\":\"ldap\",\"url\":\"" + url + "\",\"userDnPattern\":\"uid={0}," + PEOPLE + "\",\"groupSearchBase\":\"" + GROUPS
                + "\",\"groupSearchFilter\":\"(member={0})\",\"groupNameAttribute\":\"cn\"}", realm.toString());
        JsonNode separated = admin.json("/api/domains/crm/configuration").path("realm");
        assertEquals(SEARCHER, separated.path("bindDn").asText());
        assertEquals("(uid={0})", separated.path("userSearchFilter").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop", "crm"})
    @Order(2)
    void theDirectorysUsersSignInWithTheirGroupsAsRoles(String domain) throws Exception {
        VaultClient.assertGroupsAreRoles(ports.get(domain));
        assertEquals(401, status(domain, "alice", ""), "an empty password, which the directory would take as an anonymous bind");
        assertEquals(401, status(domain, "*", "alice-pw"), "a name that would be a wildcard in a filter");
    }

    @Test
    @Order(3)
    void usersPasswordsAndGroupsChangedInTheDirectoryCountWithoutARestart() throws Exception {
        for (String domain : ports.keySet()) {
            assertEquals(401, status(domain, "dave", "dave-pw"), domain + ": not in the directory yet");
        }
        person("dave");
        directory.modify("cn=customers," + GROUPS, new Modification(ModificationType.ADD, "member", "uid=dave," + PEOPLE));
        directory.modify("uid=alice," + PEOPLE, new Modification(ModificationType.REPLACE, "userPassword", "alice-new"));
        directory.modify("cn=staff," + GROUPS, new Modification(ModificationType.ADD, "member", "uid=alice," + PEOPLE));
        for (String domain : ports.keySet()) {
            assertEquals("dave customers=true staff=false", call(domain, "who", "dave", "dave-pw"), domain + ": added, signs in without a restart");
            // A new password is not the remembered one: it is checked, and the groups looked up, at once. (The old one is
            // remembered up to 60 s, which LdapRealmTest shows with its own clock.)
            assertEquals("audited by alice", call(domain, "audit", "alice", "alice-new"), domain + ": the new password and group count");
        }
    }

    @Test
    @Order(4)
    void theUsersApiDeployToolAndConsoleRefuseToManageThem() throws Exception {
        String why = "domain shop signs users in against the directory " + url + " (LDAP realm); manage its users in the directory";
        admin.assertUsersManagedElsewhere("shop", why);
    }

    @Test
    @Order(5)
    void aDirectoryThatWentAwaySignsNobodyInAndTheWebIsolateSaysWhy() throws Exception {
        directory.shutDown(true);
        for (String domain : ports.keySet()) {
            // grace has not signed in before, so no remembered sign-in stands in for the directory.
            assertEquals(401, status(domain, "grace", "grace-pw"), domain + ": fails closed");
            String log = domain.equals("crm") ? "crm-web" : "shop";
            String line = AdminFixture.awaitLogLine(admin.domainsRoot().resolve(domain).resolve("logs/" + log + ".log"),
                    "the users' directory (" + url + ") could not be reached (CommunicationException: ");
            assertTrue(line.contains("nobody can sign in until it answers"), line);
        }
    }
}

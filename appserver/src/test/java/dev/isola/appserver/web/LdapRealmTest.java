package dev.isola.appserver.web;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.support.CapturedLog;
import org.apache.catalina.realm.GenericPrincipal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LdapRealm} against a real LDAP server: UnboundID's in-memory directory on a loopback port, stopped and started again
 * for the failures. The realm's clock is the test's, so that what it remembers and its pause after a failure do not depend on
 * how fast the test runs.
 */
class LdapRealmTest {

    private static final String BASE = "dc=example,dc=com";
    private static final String PEOPLE = "ou=people," + BASE;
    private static final String GROUPS = "ou=groups," + BASE;
    private static final String ADMIN = "cn=admin," + BASE;
    private static final String ADMIN_PASSWORD = "admin-s3cret";
    private static final Duration PAUSE = Duration.ofSeconds(5);
    private static final Duration REMEMBERED = Duration.ofSeconds(60);

    private CapturedLog captured;
    /** What the realm logged during the test. */
    private List<String> log;
    /** The realms' clock, in nanoseconds: moved on by the test. */
    private final AtomicLong now = new AtomicLong();
    private InMemoryDirectoryServer directory;
    private String url;

    @BeforeEach
    void startDirectory() throws Exception {
        captured = CapturedLog.of(LdapRealm.class);
        log = captured.lines();
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE);
        config.addAdditionalBindCredentials(ADMIN, ADMIN_PASSWORD);
        // A port of its own rather than 0, so that the directory comes back where the realm looks for it.
        config.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), port, null));
        directory = new InMemoryDirectoryServer(config);
        directory.add("dn: " + BASE, "objectClass: domain", "dc: example");
        directory.add("dn: " + PEOPLE, "objectClass: organizationalUnit", "ou: people");
        directory.add("dn: " + GROUPS, "objectClass: organizationalUnit", "ou: groups");
        person("ann", "ann-pw");
        person("bob", "bob-pw");
        person("carl", "carl-pw");
        group("customers", "ann", "bob");
        group("staff", "bob");
        directory.startListening();
        url = "ldap://127.0.0.1:" + port;
    }

    @AfterEach
    void stopDirectory() {
        captured.close();
        directory.shutDown(true);
    }

    private void person(String uid, String password) throws Exception {
        directory.add("dn: uid=" + uid.replace(",", "\\,") + "," + PEOPLE, "objectClass: inetOrgPerson", "uid: " + uid, "cn: " + uid, "sn: " + uid,
                "userPassword: " + password);
    }

    private void group(String name, String... members) throws Exception {
        String[] lines = new String[members.length + 3];
        lines[0] = "dn: cn=" + name + "," + GROUPS;
        lines[1] = "objectClass: groupOfNames";
        lines[2] = "cn: " + name;
        for (int i = 0; i < members.length; i++) {
            lines[i + 3] = "member: uid=" + members[i].replace(",", "\\,") + "," + PEOPLE;
        }
        directory.add(lines);
    }

    private RealmSpec.Ldap byPattern() {
        return new RealmSpec.Ldap(url, "uid={0}," + PEOPLE, "", "", "", "", GROUPS, "(member={0})", "");
    }

    private RealmSpec.Ldap bySearch(String bindDn, String bindPassword) {
        return new RealmSpec.Ldap(url, "", PEOPLE, "(uid={0})", bindDn, bindPassword, GROUPS, "(member={0})", "");
    }

    private LdapRealm realm(RealmSpec.Ldap spec) {
        return new LdapRealm(spec, PAUSE, REMEMBERED, now::get);
    }

    private void later(Duration time) {
        now.addAndGet(time.toNanos());
    }

    private static String[] roles(Object principal) {
        return ((GenericPrincipal) principal).getRoles();
    }

    @Test
    void signsInByTheDnPatternWithTheGroupsAsRoles() {
        LdapRealm realm = realm(byPattern());

        GenericPrincipal bob = (GenericPrincipal) realm.authenticate("bob", "bob-pw");
        assertEquals("bob", bob.getName());
        assertArrayEquals(new String[] {"customers", "staff"}, bob.getRoles());
        assertArrayEquals(new String[] {"customers"}, roles(realm.authenticate("ann", "ann-pw")));
        assertArrayEquals(new String[0], roles(realm.authenticate("carl", "carl-pw")), "in no group: no role");
        assertEquals("bob", realm.authenticate("bob", "bob-pw").getName(), "a remembered sign-in");
        assertNull(realm.authenticate("ann", "bob-pw"), "a wrong password");
        assertNull(realm.authenticate("dora", "ann-pw"), "an unknown user");
        assertNull(realm.authenticate("ann", null));
        assertNull(realm.authenticate(null, "ann-pw"));
        assertTrue(log.isEmpty(), "nothing failed: " + log);
    }

    @Test
    void signsInBySearchAnonymouslyOrAsTheBindDn() {
        for (LdapRealm realm : List.of(realm(bySearch("", "")), realm(bySearch(ADMIN, ADMIN_PASSWORD)))) {
            assertArrayEquals(new String[] {"customers", "staff"}, roles(realm.authenticate("bob", "bob-pw")));
            assertNull(realm.authenticate("bob", "ann-pw"), "a wrong password");
            assertNull(realm.authenticate("dora", "dora-pw"), "an unknown user: the search finds nobody");
        }
        assertTrue(log.isEmpty(), "nothing failed: " + log);
    }

    @Test
    void aRealmWithoutAGroupSearchGivesNoRoles() {
        LdapRealm realm = realm(new RealmSpec.Ldap(url, "uid={0}," + PEOPLE, "", "", "", "", "", "", ""));
        GenericPrincipal bob = (GenericPrincipal) realm.authenticate("bob", "bob-pw");
        assertEquals("bob", bob.getName());
        assertArrayEquals(new String[0], bob.getRoles());
    }

    @Test
    void anEmptyPasswordOrNameSignsNobodyIn() {
        for (LdapRealm realm : List.of(realm(byPattern()), realm(bySearch("", "")))) {
            assertNull(realm.authenticate("ann", ""));
            assertNull(realm.authenticate("", "ann-pw"));
        }
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void aWrongBindPasswordSignsNobodyInAndSaysSoOnceWithoutThePassword() {
        LdapRealm realm = realm(bySearch(ADMIN, "wrong-s3cret"));
        for (int i = 0; i < 3; i++) {
            assertNull(realm.authenticate("ann", "ann-pw"));
        }
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.getFirst().startsWith("SEVERE the users' directory (" + url + ") refuses the realm's bindDn " + ADMIN + " with its bindPassword"),
                log.getFirst());
        assertFalse(log.getFirst().contains("wrong-s3cret"), log.getFirst());
        assertFalse(bySearch(ADMIN, "wrong-s3cret").toString().contains("wrong-s3cret"), "nor does the realm's text");
    }

    @Test
    void namesThatLookLikeFilterOrDnSyntaxAreValuesOnly() throws Exception {
        person("a,b", "comma-pw");
        person("an*", "star-pw");
        directory.modify("cn=staff," + GROUPS, new Modification(ModificationType.ADD, "member", "uid=a\\,b," + PEOPLE));
        LdapRealm search = realm(bySearch("", ""));
        LdapRealm pattern = realm(byPattern());

        // Unescaped, (uid=an*) would find ann and an*, (uid=*) everyone, and *)(uid=* would be a filter of its own.
        assertNull(search.authenticate("a*", "ann-pw"), "a wildcard is no wildcard");
        assertNull(search.authenticate("*", "ann-pw"));
        assertNull(search.authenticate("*)(uid=*", "ann-pw"));
        assertNull(search.authenticate("ann)(|(uid=*", "ann-pw"));
        assertEquals("an*", search.authenticate("an*", "star-pw").getName(), "the star is part of that user's name");
        assertNull(search.authenticate("an*", "ann-pw"), "and ann's password is not that user's");

        // Unescaped, a,b would make the DN uid=a,b,ou=people,...: another entry altogether.
        for (LdapRealm realm : List.of(search, pattern)) {
            assertArrayEquals(new String[] {"staff"}, roles(realm.authenticate("a,b", "comma-pw")),
                    "the DN with its escaped comma signs in and is found as a member (escaped again in the group filter)");
            assertNull(realm.authenticate("ann,ou=people", "ann-pw"));
            assertNull(realm.authenticate("ann+cn=ann", "ann-pw"));
            assertNull(realm.authenticate("ann\0", "ann-pw"));
        }
        assertTrue(log.isEmpty(), "nothing is a malformed filter or DN: " + log);
    }

    @Test
    void aSearchThatFindsSeveralEntriesSignsThatUserInNot() {
        LdapRealm realm = realm(new RealmSpec.Ldap(url, "", PEOPLE, "(|(uid={0})(uid=bob))", "", "", GROUPS, "(member={0})", ""));
        assertNull(realm.authenticate("ann", "ann-pw"), "ann or bob: which one is it?");
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.getFirst().startsWith("SEVERE the users' directory (" + url + ") finds more than one entry for user ann (userSearchFilter"
                + " (|(uid={0})(uid=bob)) under " + PEOPLE), log.getFirst());
        assertEquals("bob", realm.authenticate("bob", "bob-pw").getName(), "one entry for bob");
    }

    @Test
    void aPasswordOrGroupChangedInTheDirectoryCountsOnceTheRememberedSignInIsForgotten() throws Exception {
        LdapRealm realm = realm(byPattern());
        assertNull(realm.authenticate("dora", "dora-pw"), "not in the directory yet");
        person("dora", "dora-pw");
        assertEquals("dora", realm.authenticate("dora", "dora-pw").getName(), "added: signs in at once");

        assertArrayEquals(new String[] {"customers"}, roles(realm.authenticate("ann", "ann-pw")));
        directory.modify("uid=ann," + PEOPLE, new Modification(ModificationType.REPLACE, "userPassword", "ann-new"));
        directory.modify("cn=staff," + GROUPS, new Modification(ModificationType.ADD, "member", "uid=ann," + PEOPLE));
        assertArrayEquals(new String[] {"customers", "staff"}, roles(realm.authenticate("ann", "ann-new")),
                "the new password is checked at once, and the groups looked up with it");
        later(REMEMBERED.minusSeconds(1));
        assertEquals("ann", realm.authenticate("ann", "ann-pw").getName(), "the old one is remembered a little longer");
        later(Duration.ofSeconds(1));
        assertNull(realm.authenticate("ann", "ann-pw"), "then forgotten and refused");
        assertEquals("ann", realm.authenticate("ann", "ann-new").getName());

        directory.delete("uid=dora," + PEOPLE);
        later(REMEMBERED);
        assertNull(realm.authenticate("dora", "dora-pw"), "deleted");
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void aDirectoryThatCannotBeReachedIsNotAskedUntilThePauseIsOverAndIsLoggedOnce() throws Exception {
        LdapRealm realm = realm(bySearch("", ""));
        assertEquals("ann", realm.authenticate("ann", "ann-pw").getName());
        directory.shutDown(true);

        assertEquals("ann", realm.authenticate("ann", "ann-pw").getName(), "a remembered sign-in needs no directory");
        later(REMEMBERED);
        assertNull(realm.authenticate("ann", "ann-pw"), "fails closed");
        assertNull(realm.authenticate("bob", "bob-pw"));
        assertEquals(1, log.size(), "one line for both: " + log);
        assertTrue(log.getFirst().startsWith("SEVERE the users' directory (" + url + ") could not be reached (CommunicationException: "),
                log.getFirst());
        assertTrue(log.getFirst().endsWith("; nobody can sign in until it answers (asked again 5 s after each failure to reach it; sign-ins"
                + " meanwhile are refused at once) (logged once, until a look-up succeeds)"), log.getFirst());

        directory.startListening();
        later(PAUSE.minusSeconds(1));
        assertNull(realm.authenticate("bob", "bob-pw"), "within the pause the directory, which is back, is not asked");
        later(Duration.ofSeconds(1));
        assertArrayEquals(new String[] {"customers", "staff"}, roles(realm.authenticate("bob", "bob-pw")), "after it, it is");
        assertEquals("INFO the users' directory (" + url + ") answers again; users sign in", log.get(1));

        directory.shutDown(true);
        later(REMEMBERED);
        assertNull(realm.authenticate("bob", "bob-pw"));
        assertEquals(3, log.size(), "failing again after a success is logged again: " + log);
    }

    @Test
    void anLdapsDirectoryOnAHostThatDoesNotExistIsNamedInTheLog() {
        LdapRealm realm = realm(new RealmSpec.Ldap("ldaps://no-such-host.invalid:636", "uid={0}," + PEOPLE, "", "", "", "", "", "", ""));
        assertNull(realm.authenticate("ann", "ann-pw"));
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.getFirst().startsWith("SEVERE the users' directory (ldaps://no-such-host.invalid:636) could not be reached (CommunicationException:"
                + " no-such-host.invalid:636 (java.net.UnknownHostException"), log.getFirst());
    }
}

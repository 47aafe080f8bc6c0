package dev.isola.domains.config;

import dev.isola.appserver.security.PasswordEncoding;
import dev.isola.appserver.security.RealmSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code realm} of a domain's configuration: the file realm by default, a JDBC realm and an LDAP realm read, written,
 * compared and refused by field.
 */
class RealmConfigTest {

    private static final String USERS_DS = "{\"name\": \"java:global/jdbc/users\", \"url\": \"jdbc:derby://127.0.0.1:1527/users\"}";
    private static final String PASSWORDS = "SELECT password FROM users WHERE name = ?";
    private static final String GROUPS = "SELECT group_name FROM user_groups WHERE user_name = ?";

    private static String domain(String mode, String dataSources, String realm) {
        return "{\"name\": \"shop\", \"mode\": \"" + mode + "\", \"dataSources\": [" + dataSources + "], \"realm\": " + realm + "}";
    }

    private static String jdbc(String dataSource, String passwordQuery, String groupsQuery, String encoding) {
        return "{\"type\": \"jdbc\", \"dataSource\": \"" + dataSource + "\", \"passwordQuery\": \"" + passwordQuery + "\", \"groupsQuery\": \""
                + groupsQuery + "\"" + (encoding == null ? "" : ", \"encoding\": \"" + encoding + "\"") + "}";
    }

    @Test
    void aConfigurationWithoutARealmHasTheFileRealmAndWritesOnlyItsType() {
        DomainConfig shop = DomainConfigJson.parse("{\"name\": \"shop\"}", 8080);
        assertEquals(RealmSpec.FILE, shop.realm());
        assertEquals("{\"type\":\"file\"}", DomainConfigJson.write(shop).get("realm").toString());
        assertEquals(shop, DomainConfigJson.parse("{\"name\": \"shop\", \"realm\": {\"type\": \"file\"}}", 8080));
        assertEquals(shop, DomainConfigJson.parse("{\"name\": \"shop\", \"realm\": {}}", 8080), "the type's default is file");
    }

    @Test
    void aJdbcRealmIsReadWrittenAndReadBack() {
        DomainConfig shop = DomainConfigJson.parse(domain("combined", USERS_DS, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, null)), 8080);
        assertEquals(new RealmSpec.Jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, PasswordEncoding.BCRYPT), shop.realm(), "bcrypt by default");
        assertEquals(shop, DomainConfigJson.parse(DomainConfigJson.toText(shop), Integer.MIN_VALUE));

        DomainConfig sha = DomainConfigJson.parse(domain("combined", "", jdbc("java:comp/DefaultDataSource", PASSWORDS, GROUPS, "sha-256")), 8080);
        assertEquals(PasswordEncoding.SHA_256, ((RealmSpec.Jdbc) sha.realm()).encoding());
        assertTrue(DomainConfigJson.toText(sha).contains("\"encoding\" : \"sha-256\""));
        assertEquals(sha, DomainConfigJson.parse(DomainConfigJson.toText(sha), Integer.MIN_VALUE));
    }

    @Test
    void aChangeOfRealmIsNamedLikeAnyOtherSetting() {
        DomainConfig file = DomainConfigJson.parse(domain("combined", USERS_DS, "{\"type\": \"file\"}"), 8080);
        DomainConfig jdbc = DomainConfigJson.parse(domain("combined", USERS_DS, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, null)), 8080);
        assertEquals(List.of("realm.type: file -> jdbc", "realm.dataSource: java:global/jdbc/users (added)", "realm.passwordQuery: " + PASSWORDS + " (added)",
                "realm.groupsQuery: " + GROUPS + " (added)", "realm.encoding: bcrypt (added)"), DomainConfigChanges.between(file, jdbc));
        assertEquals(List.of("realm.encoding: bcrypt -> sha-256"), DomainConfigChanges.between(jdbc,
                jdbc.withRealm(new RealmSpec.Jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, PasswordEncoding.SHA_256))));
        assertEquals(List.of(), DomainConfigChanges.between(DomainConfigJson.parse("{\"name\": \"shop\"}", 8080),
                DomainConfigJson.parse("{\"name\": \"shop\", \"realm\": {\"type\": \"file\"}}", 8080)), "a configuration written before realms");
    }

    @Test
    void everyRefusalNamesItsField() {
        assertRefused("realm.type", "'kerberos' is not a realm type (expected file", domain("combined", USERS_DS, "{\"type\": \"kerberos\"}"));
        assertRefused("realm.encoding", "'md5' is not a password encoding (expected one of [bcrypt, sha-256])",
                domain("combined", USERS_DS, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, "md5")));
        assertRefused("realm.dataSource", "'java:global/jdbc/people' is none of the domain's datasources"
                        + " ([java:comp/DefaultDataSource, java:global/jdbc/users])",
                domain("combined", USERS_DS, jdbc("java:global/jdbc/people", PASSWORDS, GROUPS, null)));
        assertRefused("realm.passwordQuery", "has 0 ? parameters; it takes exactly one, the user's name",
                domain("combined", USERS_DS, jdbc("java:global/jdbc/users", "SELECT password FROM users", GROUPS, null)));
        assertRefused("realm.groupsQuery", "has 2 ? parameters",
                domain("combined", USERS_DS, jdbc("java:global/jdbc/users", PASSWORDS, "SELECT g FROM x WHERE a = ? OR b = ?", null)));
        assertRefused("realm.groupsQuery", "has 0 ? parameters", domain("combined", USERS_DS, jdbc("java:global/jdbc/users", PASSWORDS,
                "SELECT g FROM x WHERE a = '?'", null)));
        assertRefused("realm.passwordQuery", "is required but missing", domain("combined", USERS_DS,
                "{\"type\": \"jdbc\", \"dataSource\": \"java:global/jdbc/users\", \"groupsQuery\": \"" + GROUPS + "\"}"));
        assertRefused("realm.dataSource", "is a setting of a JDBC realm (\"type\": \"jdbc\"), not of the file realm", domain("combined", USERS_DS,
                "{\"type\": \"file\", \"dataSource\": \"java:global/jdbc/users\"}"));
        assertRefused("realm.url", "is a setting of an LDAP realm (\"type\": \"ldap\"), not of a JDBC realm", domain("combined", USERS_DS,
                "{\"type\": \"jdbc\", \"url\": \"ldap://ldap.example.com\"}"));
        assertRefused("realm.table", "unknown field", domain("combined", USERS_DS, "{\"type\": \"jdbc\", \"table\": \"users\"}"));
        assertRefused("realm", "must be an object", domain("combined", USERS_DS, "\"jdbc\""));
    }

    @Test
    void aSeparatedDomainRefusesARealmOnAnEmbeddedDatabase() {
        String embedded = "{\"name\": \"java:global/jdbc/users\", \"url\": \"jdbc:derby:users;create=true\"}";
        assertRefused("realm.dataSource", "a network datasource (jdbc:derby://host:port/db)",
                domain("separated", embedded, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, null)));
        assertRefused("realm.dataSource", "java:comp/DefaultDataSource is an embedded Derby database",
                domain("separated", USERS_DS, jdbc("java:comp/DefaultDataSource", PASSWORDS, GROUPS, null)));
        String byClass = "{\"name\": \"java:global/jdbc/users\", \"className\": \"org.apache.derby.jdbc.EmbeddedDataSource\", \"databaseName\": \"users\"}";
        assertRefused("realm.dataSource", "is an embedded Derby database", domain("separated", byClass, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, null)));

        // The same realms in a combined domain, and a network database in a separated one, are taken.
        DomainConfigJson.parse(domain("combined", embedded, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, null)), 8080);
        DomainConfigJson.parse(domain("combined", "", jdbc("java:comp/DefaultDataSource", PASSWORDS, GROUPS, null)), 8080);
        DomainConfigJson.parse(domain("separated", USERS_DS, jdbc("java:global/jdbc/users", PASSWORDS, GROUPS, null)), 8080);
    }

    private static final String LDAP_URL = "ldaps://ldap.example.com:636";
    private static final String PEOPLE = "ou=people,dc=example,dc=com";
    private static final String GROUP_BASE = "ou=groups,dc=example,dc=com";

    /** An LDAP realm of {@code fields}, a JSON object's inside without braces: {@code "url": "ldap://..."}. */
    private static String ldapDomain(String mode, String fields) {
        return domain(mode, "", "{\"type\": \"ldap\", " + fields + "}");
    }

    @Test
    void anLdapRealmIsReadWrittenAndReadBack() {
        DomainConfig byPattern = DomainConfigJson.parse(ldapDomain("separated", "\"url\": \"" + LDAP_URL + "\", \"userDnPattern\": \"uid={0},"
                + PEOPLE + "\", \"groupSearchBase\": \"" + GROUP_BASE + "\", \"groupSearchFilter\": \"(member={0})\""), 8080);
        assertEquals(new RealmSpec.Ldap(LDAP_URL, "uid={0}," + PEOPLE, "", "", "", "", GROUP_BASE, "(member={0})", "cn"), byPattern.realm(),
                "cn names groups by default; a separated domain's web isolate reaches the directory as a combined one's does");
        assertEquals("{\"type\":\"ldap\",\"url\":\"" + LDAP_URL + "\",\"userDnPattern\":\"uid={0}," + PEOPLE + "\",\"groupSearchBase\":\"" + GROUP_BASE
                + "\",\"groupSearchFilter\":\"(member={0})\",\"groupNameAttribute\":\"cn\"}", DomainConfigJson.write(byPattern).get("realm").toString());
        assertEquals(byPattern, DomainConfigJson.parse(DomainConfigJson.toText(byPattern), Integer.MIN_VALUE));

        DomainConfig bySearch = DomainConfigJson.parse(ldapDomain("combined", "\"url\": \"ldap://127.0.0.1:10389\", \"userSearchBase\": \""
                + PEOPLE + "\", \"userSearchFilter\": \"(&(objectClass=person)(uid={0}))\", \"bindDn\": \"cn=isola,dc=example,dc=com\","
                + " \"bindPassword\": \"s3cret\", \"groupSearchBase\": \"" + GROUP_BASE + "\", \"groupSearchFilter\": \"(|(member={0})(memberUid={1}))\","
                + " \"groupNameAttribute\": \"ou\""), 8080);
        assertEquals(new RealmSpec.Ldap("ldap://127.0.0.1:10389", "", PEOPLE, "(&(objectClass=person)(uid={0}))", "cn=isola,dc=example,dc=com",
                "s3cret", GROUP_BASE, "(|(member={0})(memberUid={1}))", "ou"), bySearch.realm());
        assertEquals(bySearch, DomainConfigJson.parse(DomainConfigJson.toText(bySearch), Integer.MIN_VALUE));

        DomainConfig withoutGroups = DomainConfigJson.parse(ldapDomain("combined", "\"url\": \"ldap://ldap\", \"userDnPattern\": \"uid={0}\""), 8080);
        assertEquals("{\"type\":\"ldap\",\"url\":\"ldap://ldap\",\"userDnPattern\":\"uid={0}\"}",
                DomainConfigJson.write(withoutGroups).get("realm").toString(), "no group search: no roles, and no group name attribute written");
        assertEquals(withoutGroups, DomainConfigJson.parse(DomainConfigJson.toText(withoutGroups), Integer.MIN_VALUE));
    }

    @Test
    void aChangeToAnLdapRealmIsListedWithoutItsBindPassword() {
        DomainConfig file = DomainConfigJson.parse(domain("combined", "", "{\"type\": \"file\"}"), 8080);
        DomainConfig ldap = DomainConfigJson.parse(ldapDomain("combined", "\"url\": \"" + LDAP_URL + "\", \"userSearchBase\": \"" + PEOPLE
                + "\", \"userSearchFilter\": \"(uid={0})\", \"bindDn\": \"cn=isola,dc=example,dc=com\", \"bindPassword\": \"s3cret\""), 8080);
        List<String> changes = DomainConfigChanges.between(file, ldap);
        assertEquals(List.of("realm.type: file -> ldap", "realm.url: " + LDAP_URL + " (added)", "realm.userSearchBase: " + PEOPLE + " (added)",
                "realm.userSearchFilter: (uid={0}) (added)", "realm.bindDn: cn=isola,dc=example,dc=com (added)", "realm.bindPassword: (hidden) (added)"),
                changes);
        RealmSpec.Ldap before = (RealmSpec.Ldap) ldap.realm();
        DomainConfig newPassword = ldap.withRealm(new RealmSpec.Ldap(LDAP_URL, "", PEOPLE, "(uid={0})", before.bindDn(), "n3w-s3cret", "", "", ""));
        assertEquals(List.of("realm.bindPassword: (changed)"), DomainConfigChanges.between(ldap, newPassword));
        assertFalse((changes + " " + DomainConfigChanges.between(ldap, newPassword)).contains("s3cret"));
        assertEquals(List.of("realm.type: ldap -> file", "realm.url: removed", "realm.userSearchBase: removed", "realm.userSearchFilter: removed",
                "realm.bindDn: removed", "realm.bindPassword: removed"), DomainConfigChanges.between(ldap, file));
    }

    @Test
    void everyRefusalOfAnLdapRealmNamesItsField() {
        String pattern = "\"userDnPattern\": \"uid={0}," + PEOPLE + "\"";
        String url = "\"url\": \"" + LDAP_URL + "\", ";
        assertRefused("realm.url", "is required but missing", ldapDomain("combined", pattern));
        assertRefused("realm.url", "'http://ldap.example.com' has the scheme http; a directory's is ldap or ldaps; expected ldap://host:port or"
                + " ldaps://host:port, e.g. ldap://ldap.example.com:389", ldapDomain("combined", "\"url\": \"http://ldap.example.com\", " + pattern));
        assertRefused("realm.url", "'ldap.example.com:389' has the scheme ldap.example.com", ldapDomain("combined", "\"url\": \"ldap.example.com:389\", " + pattern));
        assertRefused("realm.url", "'ldap://:389' names no host", ldapDomain("combined", "\"url\": \"ldap://:389\", " + pattern));
        assertRefused("realm.url", "has more than a scheme, a host and a port", ldapDomain("combined", "\"url\": \"ldap://ldap:389/dc=example,dc=com\", " + pattern));
        assertRefused("realm.url", "is not a URL", ldapDomain("combined", "\"url\": \"ldap://ldap one:389 ldap://ldap two\", " + pattern));

        assertRefused("realm.userDnPattern", "is required unless userSearchBase and userSearchFilter are given", ldapDomain("combined", url
                + "\"groupSearchBase\": \"" + GROUP_BASE + "\", \"groupSearchFilter\": \"(member={0})\""));
        assertRefused("realm.userDnPattern", "is given with userSearchBase; a user's entry is found in one way", ldapDomain("combined", url + pattern
                + ", \"userSearchBase\": \"" + PEOPLE + "\", \"userSearchFilter\": \"(uid={0})\""));
        assertRefused("realm.userDnPattern", "is given with userSearchFilter", ldapDomain("combined", url + pattern + ", \"userSearchFilter\": \"(uid={0})\""));
        assertRefused("realm.userDnPattern", "'uid=admin," + PEOPLE + "' has no {0}, the user's name", ldapDomain("combined", url
                + "\"userDnPattern\": \"uid=admin," + PEOPLE + "\""));
        assertRefused("realm.userDnPattern", "has {1}; it knows only {0}, the user's name", ldapDomain("combined", url
                + "\"userDnPattern\": \"uid={0},ou={1}," + PEOPLE + "\""));
        assertRefused("realm.userDnPattern", "is not a DN", ldapDomain("combined", url + "\"userDnPattern\": \"{0} of people\""));
        assertRefused("realm.userSearchFilter", "is required with userSearchBase, e.g. (uid={0})", ldapDomain("combined", url
                + "\"userSearchBase\": \"" + PEOPLE + "\""));
        assertRefused("realm.userSearchBase", "is required with userSearchFilter", ldapDomain("combined", url + "\"userSearchFilter\": \"(uid={0})\""));
        assertRefused("realm.userSearchBase", "'people' is not a DN", ldapDomain("combined", url + "\"userSearchBase\": \"people\","
                + " \"userSearchFilter\": \"(uid={0})\""));
        String search = url + "\"userSearchBase\": \"" + PEOPLE + "\", ";
        assertRefused("realm.userSearchFilter", "'(uid=ann)' has no {0}, the user's name", ldapDomain("combined", search + "\"userSearchFilter\": \"(uid=ann)\""));
        assertRefused("realm.userSearchFilter", "'(uid={0}' has 1 ( without its )", ldapDomain("combined", search + "\"userSearchFilter\": \"(uid={0}\""));
        assertRefused("realm.userSearchFilter", "'(&(objectClass=person)(uid={0})))' has a ) without its ( at character 33",
                ldapDomain("combined", search + "\"userSearchFilter\": \"(&(objectClass=person)(uid={0})))\""));
        assertRefused("realm.userSearchFilter", "'uid={0}' must be one filter in parentheses", ldapDomain("combined", search + "\"userSearchFilter\": \"uid={0}\""));
        assertRefused("realm.userSearchFilter", "'(uid={0})(cn={0})' goes on after its closing ) at character 9", ldapDomain("combined", search
                + "\"userSearchFilter\": \"(uid={0})(cn={0})\""));
        assertRefused("realm.userSearchFilter", "has {1}; it knows only {0}, the user's name", ldapDomain("combined", search
                + "\"userSearchFilter\": \"(uid={1})\""));

        assertRefused("realm.bindPassword", "is required with bindDn (cn=isola,dc=example,dc=com)", ldapDomain("combined", url + pattern
                + ", \"bindDn\": \"cn=isola,dc=example,dc=com\""));
        assertRefused("realm.bindPassword", "is given without bindDn", ldapDomain("combined", url + pattern + ", \"bindPassword\": \"s3cret\""));
        assertRefused("realm.bindDn", "'isola' is not a DN", ldapDomain("combined", url + pattern + ", \"bindDn\": \"isola\", \"bindPassword\": \"s3cret\""));

        assertRefused("realm.groupSearchFilter", "is required with groupSearchBase, e.g. (member={0})", ldapDomain("combined", url + pattern
                + ", \"groupSearchBase\": \"" + GROUP_BASE + "\""));
        assertRefused("realm.groupSearchBase", "is required with groupSearchFilter", ldapDomain("combined", url + pattern
                + ", \"groupSearchFilter\": \"(member={0})\""));
        String groups = url + pattern + ", \"groupSearchBase\": \"" + GROUP_BASE + "\", ";
        assertRefused("realm.groupSearchFilter", "'(objectClass=groupOfNames)' has no {0}, the user's DN, or {1}, the user's name",
                ldapDomain("combined", groups + "\"groupSearchFilter\": \"(objectClass=groupOfNames)\""));
        assertRefused("realm.groupSearchFilter", "has {2}", ldapDomain("combined", groups + "\"groupSearchFilter\": \"(member={2})\""));
        assertRefused("realm.groupSearchFilter", "has 1 ( without its )", ldapDomain("combined", groups + "\"groupSearchFilter\": \"(|(member={0})\""));
        assertRefused("realm.groupNameAttribute", "'common name' is not an attribute name", ldapDomain("combined", groups
                + "\"groupSearchFilter\": \"(member={0})\", \"groupNameAttribute\": \"common name\""));
        assertRefused("realm.groupNameAttribute", "names the groups a group search finds, and there is none", ldapDomain("combined", url + pattern
                + ", \"groupNameAttribute\": \"cn\""));

        assertRefused("realm.dataSource", "is a setting of a JDBC realm (\"type\": \"jdbc\"), not of an LDAP realm", ldapDomain("combined", url + pattern
                + ", \"dataSource\": \"java:global/jdbc/users\""));
        assertRefused("realm.bindDn", "is a setting of an LDAP realm (\"type\": \"ldap\"), not of the file realm", domain("combined", "",
                "{\"type\": \"file\", \"bindDn\": \"cn=isola\"}"));
        assertRefused("realm.userFilter", "unknown field", ldapDomain("combined", url + "\"userFilter\": \"(uid={0})\""));
        assertRefused("realm.bindPassword", "must be a string", ldapDomain("combined", url + pattern + ", \"bindDn\": \"cn=isola\", \"bindPassword\": 42"));
    }

    private static void assertRefused(String field, String message, String json) {
        DomainConfigException e = assertThrows(DomainConfigException.class, () -> DomainConfigJson.parse(json, 8080), json);
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}

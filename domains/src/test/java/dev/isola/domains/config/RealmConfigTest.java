package dev.isola.domains.config;

import dev.isola.appserver.security.PasswordEncoding;
import dev.isola.appserver.security.RealmSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code realm} of a domain's configuration: the file realm by default, a JDBC realm read, written, compared and refused by field. */
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
        assertRefused("realm.type", "'ldap' is not a realm type", domain("combined", USERS_DS, "{\"type\": \"ldap\"}"));
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
        assertRefused("realm.dataSource", "is a setting of a JDBC realm", domain("combined", USERS_DS,
                "{\"type\": \"file\", \"dataSource\": \"java:global/jdbc/users\"}"));
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

    private static void assertRefused(String field, String message, String json) {
        DomainConfigException e = assertThrows(DomainConfigException.class, () -> DomainConfigJson.parse(json, 8080), json);
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}

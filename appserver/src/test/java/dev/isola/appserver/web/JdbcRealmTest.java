package dev.isola.appserver.web;

import dev.isola.appserver.jdbc.DataSourceFactory;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jdbc.DerbyNetworkServer;
import dev.isola.appserver.jdbc.ManagedDataSource;
import dev.isola.appserver.security.PasswordEncoding;
import dev.isola.appserver.security.PasswordHash;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.support.CapturedLog;
import dev.isola.appserver.tx.LocalTransactionManager;
import org.apache.catalina.realm.GenericPrincipal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link JdbcRealm} against real Derby tables: embedded, and on a Derby Network Server that is stopped. */
class JdbcRealmTest {

    private static final String PASSWORD_QUERY = "SELECT password FROM realm_users WHERE name = ?";
    private static final String GROUPS_QUERY = "SELECT group_name FROM realm_groups WHERE user_name = ?";

    @TempDir
    Path data;

    private CapturedLog captured;
    /** What the realm logged during the test. */
    private List<String> log;
    private DataSourceFactory factory;

    @BeforeEach
    void listen() {
        captured = CapturedLog.of(JdbcRealm.class);
        log = captured.lines();
        factory = new DataSourceFactory(data, new LocalTransactionManager(Duration.ZERO));
    }

    @AfterEach
    void close() {
        captured.close();
        factory.dataSources().forEach(ManagedDataSource::close);
    }

    private ManagedDataSource tables(String url) throws SQLException {
        ManagedDataSource ds = factory.create(new DataSourceSpec("java:global/jdbc/users", "", url, "", "", -1, "", "", Map.of(), 0, 4),
                JdbcRealmTest.class.getClassLoader());
        sql(ds, "CREATE TABLE realm_users (name VARCHAR(64) PRIMARY KEY, password VARCHAR(100))",
                "CREATE TABLE realm_groups (user_name VARCHAR(64), group_name CHAR(20))");
        return ds;
    }

    private static void sql(ManagedDataSource ds, String... statements) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    private static void user(ManagedDataSource ds, String name, String stored, String... groups) throws SQLException {
        try (Connection c = ds.getConnection()) {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO realm_users VALUES (?, ?)")) {
                insert.setString(1, name);
                insert.setString(2, stored);
                insert.executeUpdate();
            }
            for (String group : groups) {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO realm_groups VALUES (?, ?)")) {
                    insert.setString(1, name);
                    insert.setString(2, group);
                    insert.executeUpdate();
                }
            }
        }
    }

    private static String bcrypt(String password) {
        return PasswordHash.of(password.toCharArray());
    }

    private static JdbcRealm realm(ManagedDataSource ds, PasswordEncoding encoding) {
        return new JdbcRealm(ds, new RealmSpec.Jdbc(ds.name(), PASSWORD_QUERY, GROUPS_QUERY, encoding));
    }

    @Test
    void signsInWithTheRightPasswordAndGivesTheGroupsAsRoles() throws SQLException {
        ManagedDataSource ds = tables("jdbc:derby:users;create=true");
        user(ds, "ann", bcrypt("pw"), "customers", "staff");
        user(ds, "bob", bcrypt("pw2"));
        JdbcRealm realm = realm(ds, PasswordEncoding.BCRYPT);

        GenericPrincipal ann = (GenericPrincipal) realm.authenticate("ann", "pw");
        assertEquals("ann", ann.getName());
        assertArrayEquals(new String[] {"customers", "staff"}, ann.getRoles(), "CHAR columns' padding is not part of a group");
        assertEquals("ann", realm.authenticate("ann", "pw").getName(), "a remembered check signs in too");
        assertArrayEquals(new String[0], ((GenericPrincipal) realm.authenticate("bob", "pw2")).getRoles(), "no group, no role");
        assertNull(realm.authenticate("ann", "PW"), "a wrong password");
        assertNull(realm.authenticate("ann", "pw2"), "another user's password");
        assertNull(realm.authenticate("carl", "pw"), "an unknown user");
        assertNull(realm.authenticate("ann", null));
        assertTrue(log.isEmpty(), "nothing failed: " + log);
    }

    @Test
    void aChangedPasswordGroupOrUserCountsAtTheNextSignIn() throws SQLException {
        ManagedDataSource ds = tables("jdbc:derby:users;create=true");
        JdbcRealm realm = realm(ds, PasswordEncoding.BCRYPT);
        assertNull(realm.authenticate("ann", "pw"), "not in the table yet");

        user(ds, "ann", bcrypt("pw"), "customers");
        assertArrayEquals(new String[] {"customers"}, ((GenericPrincipal) realm.authenticate("ann", "pw")).getRoles(), "added: signs in");

        sql(ds, "UPDATE realm_users SET password = '" + bcrypt("new") + "' WHERE name = 'ann'",
                "INSERT INTO realm_groups VALUES ('ann', 'staff')");
        assertNull(realm.authenticate("ann", "pw"), "the old password, though remembered before, is refused");
        assertArrayEquals(new String[] {"customers", "staff"}, ((GenericPrincipal) realm.authenticate("ann", "new")).getRoles());

        sql(ds, "DELETE FROM realm_groups WHERE group_name = 'customers'");
        assertArrayEquals(new String[] {"staff"}, ((GenericPrincipal) realm.authenticate("ann", "new")).getRoles(), "a group taken away");

        sql(ds, "DELETE FROM realm_users WHERE name = 'ann'");
        assertNull(realm.authenticate("ann", "new"), "a deleted user, though remembered before, is refused");
    }

    @Test
    void checksSha256Digests() throws SQLException {
        ManagedDataSource ds = tables("jdbc:derby:users;create=true");
        // The hex SHA-256 of "secret" in UTF-8, as GlassFish's JDBCRealm stores it by default; upper case hex is read too.
        user(ds, "ann", "2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b", "customers");
        user(ds, "bob", PasswordEncoding.sha256Hex("grüße".toCharArray()).toUpperCase());
        user(ds, "carl", bcrypt("pw"));
        JdbcRealm realm = realm(ds, PasswordEncoding.SHA_256);

        assertArrayEquals(new String[] {"customers"}, ((GenericPrincipal) realm.authenticate("ann", "secret")).getRoles());
        assertNull(realm.authenticate("ann", "Secret"));
        assertEquals("bob", realm.authenticate("bob", "grüße").getName(), "UTF-8, upper case hex");
        assertNull(realm.authenticate("carl", "pw"), "a bcrypt hash is no SHA-256 digest");
    }

    @Test
    void aQueryThatDoesNotCompileSignsNobodyInAndIsLoggedOnceUntilItWorks() throws SQLException {
        ManagedDataSource ds = factory.create(new DataSourceSpec("java:global/jdbc/users", "", "jdbc:derby:users;create=true", "", "", -1, "", "",
                Map.of(), 0, 4), JdbcRealmTest.class.getClassLoader());
        sql(ds, "CREATE TABLE realm_users (name VARCHAR(64) PRIMARY KEY, password VARCHAR(100))");
        user(ds, "ann", bcrypt("pw"));
        JdbcRealm realm = realm(ds, PasswordEncoding.BCRYPT);

        for (int i = 0; i < 5; i++) {
            assertNull(realm.authenticate("ann", "pw"), "the groups query names a table that is not there");
        }
        assertEquals(1, log.size(), "one line for five refusals: " + log);
        assertTrue(log.getFirst().startsWith("SEVERE the users' database (datasource java:global/jdbc/users) failed (SQLState 42X05): ")
                && log.getFirst().contains("REALM_GROUPS"), log.getFirst());

        sql(ds, "CREATE TABLE realm_groups (user_name VARCHAR(64), group_name VARCHAR(64))");
        assertEquals("ann", realm.authenticate("ann", "pw").getName());
        assertEquals("INFO the users' database (datasource java:global/jdbc/users) answers again; users sign in", log.get(1));

        sql(ds, "DROP TABLE realm_groups");
        assertNull(realm.authenticate("ann", "pw"));
        assertEquals(3, log.size(), "failing again after a success is logged again: " + log);
    }

    @Test
    void aPasswordQueryWithSeveralRowsSignsThatUserInNot() throws SQLException {
        ManagedDataSource ds = tables("jdbc:derby:users;create=true");
        user(ds, "ann", bcrypt("pw"));
        user(ds, "bob", bcrypt("pw"));
        JdbcRealm realm = new JdbcRealm(ds, new RealmSpec.Jdbc(ds.name(), "SELECT password FROM realm_users WHERE name = ? OR name = 'bob'",
                GROUPS_QUERY, PasswordEncoding.BCRYPT));

        assertNull(realm.authenticate("ann", "pw"), "two passwords: which one is hers?");
        assertEquals(List.of("SEVERE the users' database (datasource java:global/jdbc/users) gives more than one password for user ann"
                + " (passwordQuery: SELECT password FROM realm_users WHERE name = ? OR name = 'bob'); that user cannot sign in until it gives one"
                + " (logged once, until a look-up succeeds)"), log);
        assertEquals("bob", realm.authenticate("bob", "pw").getName(), "one row for bob");
    }

    @Test
    void aDatabaseThatWentAwaySignsNobodyInAndSaysWhy() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        ManagedDataSource ds;
        JdbcRealm realm;
        try (DerbyNetworkServer server = DerbyNetworkServer.start("127.0.0.1", port, data.resolve("network"), Duration.ofSeconds(30))) {
            ds = tables(server.url(data.resolve("network/users").toAbsolutePath().toString()));
            user(ds, "ann", bcrypt("pw"), "customers");
            realm = realm(ds, PasswordEncoding.BCRYPT);
            assertEquals("ann", realm.authenticate("ann", "pw").getName());
        }

        // The pooled connection fails at once (08006); the next sign-in is refused without asking (it would wait for the pool's 30 s).
        assertNull(realm.authenticate("ann", "pw"), "a remembered password signs nobody in without the database");
        assertNull(realm.authenticate("ann", "pw"));
        assertEquals(1, log.size(), "one line: " + log);
        assertTrue(log.getFirst().endsWith("(asked again 5 s after each failure to reach it; sign-ins meanwhile are refused at once)"
                + " (logged once, until a look-up succeeds)"), log.getFirst());
        for (String line : log) {
            assertTrue(line.matches("SEVERE the users' database \\(datasource java:global/jdbc/users\\) failed \\(SQLState 08\\w+\\): .*"), line);
        }
        assertEquals(log.size(), log.stream().map(line -> line.substring(line.indexOf("SQLState"), line.indexOf(')', line.indexOf("SQLState")))).distinct().count(),
                "each kind once: " + log);
    }

    @Test
    @Timeout(120)
    void aDatabaseThatCannotBeReachedIsNotAskedAgainUntilThePauseIsOver() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path directory = data.resolve("paused");
        ManagedDataSource ds;
        JdbcRealm patient;
        try (DerbyNetworkServer server = DerbyNetworkServer.start("127.0.0.1", port, directory, Duration.ofSeconds(30))) {
            ds = tables(server.url(directory.resolve("users").toAbsolutePath().toString()));
            user(ds, "ann", bcrypt("pw"));
            patient = new JdbcRealm(ds, new RealmSpec.Jdbc(ds.name(), PASSWORD_QUERY, GROUPS_QUERY, PasswordEncoding.BCRYPT), Duration.ofHours(1));
            assertEquals("ann", patient.authenticate("ann", "pw").getName());
        }
        assertNull(patient.authenticate("ann", "pw"), "the database is down");

        try (DerbyNetworkServer again = DerbyNetworkServer.start("127.0.0.1", port, directory, Duration.ofSeconds(30))) {
            JdbcRealm eager = new JdbcRealm(ds, new RealmSpec.Jdbc(ds.name(), PASSWORD_QUERY, GROUPS_QUERY, PasswordEncoding.BCRYPT), Duration.ZERO);
            awaitSignIn(eager, "ann", "pw");
            assertNull(patient.authenticate("ann", "pw"), "within its pause the realm does not ask the database, which is back");
        }
    }

    /** Until {@code user} signs in: a pool whose connections broke makes new ones as it is asked; the class's timeout bounds it. */
    private static void awaitSignIn(JdbcRealm realm, String user, String password) throws InterruptedException {
        while (realm.authenticate(user, password) == null) {
            Thread.sleep(100);
        }
    }
}

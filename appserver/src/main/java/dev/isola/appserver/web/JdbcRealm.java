package dev.isola.appserver.web;

import dev.isola.appserver.jdbc.ManagedDataSource;
import dev.isola.appserver.security.PasswordEncoding;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.security.RememberedChecks;
import org.apache.catalina.realm.GenericPrincipal;

import java.security.Principal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * Tomcat's realm for a domain whose users are in database tables ({@link RealmSpec.Jdbc}), as
 * GlassFish's JDBCRealm: at each sign-in it reads the user's stored password and groups through
 * the domain's datasource (a pooled connection outside any transaction), so a user, a password or
 * a group changed in the tables counts from the next sign-in. Groups are roles, as with
 * {@link KeyfileRealm}.
 *
 * <p>A successful bcrypt check is remembered ({@link RememberedChecks}) for the stored hash it
 * was made against, so HTTP Basic clients do not pay bcrypt at every request, and a changed hash
 * counts at once. A database that fails signs nobody in (fails closed: 401, never 500); the
 * failure is logged with its SQLState once, not at every sign-in it refuses, until a look-up
 * succeeds again. One that cannot be reached is asked again only {@link #UNREACHABLE_PAUSE}
 * after each failure, sign-ins meanwhile refused at once, so that they do not each hold a request
 * thread for the pool's connection timeout.
 */
public final class JdbcRealm extends PasswordCheckingRealm {

    private static final Logger LOG = Logger.getLogger(JdbcRealm.class.getName());
    /** Different credentials remembered after a successful bcrypt check; when full, they are forgotten and checked again. */
    private static final int REMEMBERED = 256;
    /** How long sign-ins are refused at once after the database could not be reached (SQLState class 08). */
    static final Duration UNREACHABLE_PAUSE = Duration.ofSeconds(5);
    /** SQL's class of connection exceptions: the database could not be reached, or the connection broke. */
    private static final String CONNECTION_EXCEPTION = "08";

    private final ManagedDataSource dataSource;
    private final RealmSpec.Jdbc spec;
    private volatile RememberedChecks remembered = new RememberedChecks(REMEMBERED);
    private final LookUpFailures failures;

    /** A user as the tables have it at one sign-in. */
    private record StoredUser(String password, List<String> groups) {
    }

    /** Why the tables gave no answer, for the log. */
    private static final class LookUpException extends Exception {
        LookUpException(String message) {
            super(message);
        }
    }

    /**
     * @param dataSource the datasource {@code spec} names, as this isolate has it
     */
    public JdbcRealm(ManagedDataSource dataSource, RealmSpec.Jdbc spec) {
        this(dataSource, spec, UNREACHABLE_PAUSE);
    }

    /** @param unreachablePause how long sign-ins are refused at once after the database could not be reached */
    JdbcRealm(ManagedDataSource dataSource, RealmSpec.Jdbc spec, Duration unreachablePause) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.failures = new LookUpFailures(LOG, "the users' database (datasource " + spec.dataSource() + ")", unreachablePause, System::nanoTime);
    }

    @Override
    public Principal authenticate(String username, String credentials) {
        if (username == null || credentials == null) {
            return null;
        }
        if (failures.pausing()) {
            return null;
        }
        StoredUser user;
        try {
            user = lookUp(username);
            failures.succeeded();
        } catch (SQLException e) {
            String kind = "SQLState " + e.getSQLState();
            String why = "failed (SQLState " + e.getSQLState() + "): " + e.getMessage() + "; nobody can sign in until it answers";
            if (e.getSQLState() != null && e.getSQLState().startsWith(CONNECTION_EXCEPTION)) {
                failures.unreachable(kind, why);
            } else {
                failures.failed(kind, why);
            }
            return null;
        } catch (LookUpException e) {
            failures.failed(e.getMessage(), e.getMessage());
            return null;
        } catch (RuntimeException e) {
            failures.failed(e.getClass().getName(), "failed: " + e + "; nobody can sign in until it answers");
            return null;
        }
        if (user == null || !passwordMatches(username, user.password(), credentials)) {
            return null;
        }
        return new GenericPrincipal(username, user.groups());
    }

    /** The user's password and groups, or null when the password query has no row for the name. */
    private StoredUser lookUp(String username) throws SQLException, LookUpException {
        try (Connection connection = dataSource.connectionOutsideTransaction()) {
            String password;
            try (PreparedStatement query = connection.prepareStatement(spec.passwordQuery())) {
                query.setString(1, username);
                try (ResultSet rows = query.executeQuery()) {
                    if (!rows.next()) {
                        return null;
                    }
                    password = rows.getString(1);
                    if (rows.next()) {
                        throw new LookUpException("gives more than one password for user " + username + " (passwordQuery: " + spec.passwordQuery()
                                + "); that user cannot sign in until it gives one");
                    }
                }
            }
            List<String> groups = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement(spec.groupsQuery())) {
                query.setString(1, username);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        String group = rows.getString(1);
                        // CHAR columns come padded with blanks.
                        if (group != null && !group.isBlank() && !groups.contains(group.strip())) {
                            groups.add(group.strip());
                        }
                    }
                }
            }
            return password == null ? null : new StoredUser(password.strip(), groups);
        }
    }

    private boolean passwordMatches(String username, String stored, String credentials) {
        if (spec.encoding() != PasswordEncoding.BCRYPT) {
            return spec.encoding().matches(stored, credentials.toCharArray());
        }
        // Remembered under the stored hash as well as the name: a changed hash is not the one that passed. A bcrypt hash has a
        // fixed length, so the two cannot run into each other.
        String key = stored + username;
        RememberedChecks checks = remembered;
        if (checks.contains(key, credentials)) {
            return true;
        }
        if (!PasswordEncoding.BCRYPT.matches(stored, credentials.toCharArray())) {
            return false;
        }
        if (checks.isFull()) {
            // Checks of hashes that changed since are never asked again; starting afresh drops them with the rest.
            checks = new RememberedChecks(REMEMBERED);
            remembered = checks;
        }
        checks.remember(key, credentials);
        return true;
    }
}

package dev.isola.appserver.security;

import java.util.Objects;

/**
 * Where a domain's applications find their users: the {@link File file realm} (the domain's
 * {@link Keyfile}, managed from the admin isolate) or a {@link Jdbc JDBC realm} (tables of a
 * database the domain has a datasource for, managed by whoever owns that database). Either
 * way a user's groups are its roles.
 */
public sealed interface RealmSpec {

    /** The file realm, the default. */
    RealmSpec FILE = new File();

    /** How the configuration names the kind: {@code file} or {@code jdbc}. */
    String type();

    /** The users of the domain's {@code config/keyfile}. */
    record File() implements RealmSpec {
        @Override
        public String type() {
            return "file";
        }
    }

    /**
     * Users in database tables, looked up at each sign-in, as GlassFish's JDBCRealm and Tomcat's
     * DataSourceRealm.
     *
     * @param dataSource    the JNDI name of the datasource: one of the domain configuration's, or {@code java:comp/DefaultDataSource}
     * @param passwordQuery SQL with one {@code ?}, the user's name; its first column is the stored password, one row for a user
     * @param groupsQuery   SQL with one {@code ?}, the user's name; the first column of each row is a group (and role)
     * @param encoding      how the password column stores passwords
     */
    record Jdbc(String dataSource, String passwordQuery, String groupsQuery, PasswordEncoding encoding) implements RealmSpec {

        public Jdbc {
            Objects.requireNonNull(dataSource, "dataSource");
            Objects.requireNonNull(passwordQuery, "passwordQuery");
            Objects.requireNonNull(groupsQuery, "groupsQuery");
            Objects.requireNonNull(encoding, "encoding");
        }

        @Override
        public String type() {
            return "jdbc";
        }

        /**
         * How many {@code ?} parameters {@code sql} has: the question marks outside quoted strings
         * and identifiers (a realm's query must have exactly one, the user's name).
         */
        public static int parameters(String sql) {
            int count = 0;
            char quote = 0;
            for (int i = 0; i < sql.length(); i++) {
                char c = sql.charAt(i);
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '?') {
                    count++;
                }
            }
            return count;
        }
    }
}

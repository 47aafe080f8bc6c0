package dev.isola.appserver.security;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a domain's applications find their users: the {@link File file realm} (the domain's
 * {@link Keyfile}, managed from the admin isolate), a {@link Jdbc JDBC realm} (tables of a
 * database the domain has a datasource for, managed by whoever owns that database) or an
 * {@link Ldap LDAP realm} (entries of a directory, managed in that directory). Either way a
 * user's groups are its roles.
 */
public sealed interface RealmSpec {

    /** The file realm, the default. */
    RealmSpec FILE = new File();

    /** How the configuration names the kind: {@code file}, {@code jdbc} or {@code ldap}. */
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

    /**
     * Users in an LDAP directory, as GlassFish's LDAPRealm, Tomcat's JNDIRealm and Open Liberty's
     * ldapRegistry: a user signs in by binding as its entry's DN with the password given; the
     * groups a search finds are its roles. Settings not given are empty strings.
     *
     * <p>The user's entry is found in exactly one way: {@code userDnPattern} (the DN made of the
     * name) or {@code userSearchBase} with {@code userSearchFilter} (a search, as {@code bindDn} or
     * anonymously). In the pattern {@code {0}} is the name escaped for a DN (RFC 4514), in the
     * filters {@code {0}} and {@code {1}} are values escaped for a filter (RFC 4515).
     *
     * @param url                {@code ldap://host:port} or {@code ldaps://host:port}
     * @param userDnPattern      a DN with {@code {0}}, the user's name: {@code uid={0},ou=people,dc=example,dc=com}
     * @param userSearchBase     where the user's entry is searched (the subtree below it)
     * @param userSearchFilter   a filter with {@code {0}}, the user's name: {@code (uid={0})}; it must find one entry
     * @param bindDn             who searches (users and groups); empty: anonymous searches
     * @param bindPassword       {@code bindDn}'s password; never shown
     * @param groupSearchBase    where groups are searched; empty: no group search, and users have no roles
     * @param groupSearchFilter  a filter with {@code {0}}, the user's DN, or {@code {1}}, its name: {@code (member={0})}
     * @param groupNameAttribute the attribute of a group entry that is the group's (and role's) name: {@code cn} by default
     */
    record Ldap(String url, String userDnPattern, String userSearchBase, String userSearchFilter, String bindDn, String bindPassword,
                String groupSearchBase, String groupSearchFilter, String groupNameAttribute) implements RealmSpec {

        /** The group attribute that names a group unless {@code groupNameAttribute} says otherwise. */
        public static final String DEFAULT_GROUP_NAME_ATTRIBUTE = "cn";
        /** A placeholder of a pattern or filter: {@code {0}}, {@code {1}}, ... */
        private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)}");

        public Ldap {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(userDnPattern, "userDnPattern");
            Objects.requireNonNull(userSearchBase, "userSearchBase");
            Objects.requireNonNull(userSearchFilter, "userSearchFilter");
            Objects.requireNonNull(bindDn, "bindDn");
            Objects.requireNonNull(bindPassword, "bindPassword");
            Objects.requireNonNull(groupSearchBase, "groupSearchBase");
            Objects.requireNonNull(groupSearchFilter, "groupSearchFilter");
            groupNameAttribute = groupNameAttribute == null || groupNameAttribute.isEmpty() ? DEFAULT_GROUP_NAME_ATTRIBUTE : groupNameAttribute;
        }

        @Override
        public String type() {
            return "ldap";
        }

        /** Whether the user's entry is searched ({@code userSearchBase}, {@code userSearchFilter}) rather than made of a pattern. */
        public boolean searchesUsers() {
            return userDnPattern.isEmpty();
        }

        /** Whether groups are searched: without a group search users have no roles. */
        public boolean searchesGroups() {
            return !groupSearchBase.isEmpty();
        }

        /** Without {@code bindPassword}: a record's own text would show it wherever the realm is logged. */
        @Override
        public String toString() {
            return "Ldap[url=" + url + ", userDnPattern=" + userDnPattern + ", userSearchBase=" + userSearchBase + ", userSearchFilter="
                    + userSearchFilter + ", bindDn=" + bindDn + ", bindPassword=" + (bindPassword.isEmpty() ? "" : "(hidden)")
                    + ", groupSearchBase=" + groupSearchBase + ", groupSearchFilter=" + groupSearchFilter + ", groupNameAttribute="
                    + groupNameAttribute + "]";
        }

        /**
         * What is wrong with {@code url} as a directory's address, or empty: it must be {@code ldap://host[:port]} or
         * {@code ldaps://host[:port]}, nothing after the port (the DNs of the other settings are whole).
         */
        public static Optional<String> urlProblem(String url) {
            URI uri;
            try {
                uri = new URI(url);
            } catch (URISyntaxException e) {
                return Optional.of("is not a URL (" + e.getReason() + ")");
            }
            if (uri.getScheme() == null || !(uri.getScheme().equals("ldap") || uri.getScheme().equals("ldaps"))) {
                return Optional.of("has the scheme " + (uri.getScheme() == null ? "(none)" : uri.getScheme()) + "; a directory's is ldap or ldaps");
            }
            if (uri.getHost() == null || uri.getHost().isEmpty()) {
                return Optional.of("names no host");
            }
            if (uri.getRawUserInfo() != null || (uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !uri.getRawPath().equals("/"))
                    || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                return Optional.of("has more than a scheme, a host and a port (give the DNs in the other settings)");
            }
            return Optional.empty();
        }

        /**
         * What is wrong with {@code filter} as a search filter, or empty: it must be one parenthesized filter, its parentheses
         * balanced (an escaped one, {@code \28} or {@code \29}, is no parenthesis).
         */
        public static Optional<String> filterProblem(String filter) {
            if (!filter.startsWith("(")) {
                return Optional.of("must be one filter in parentheses");
            }
            int depth = 0;
            int firstClosed = -1;
            for (int i = 0; i < filter.length(); i++) {
                char c = filter.charAt(i);
                if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    depth--;
                    if (depth < 0) {
                        return Optional.of("has a ) without its ( at character " + (i + 1));
                    }
                    if (depth == 0 && firstClosed < 0) {
                        firstClosed = i;
                    }
                }
            }
            if (depth > 0) {
                return Optional.of("has " + depth + " ( without its )");
            }
            if (firstClosed != filter.length() - 1) {
                return Optional.of("goes on after its closing ) at character " + (firstClosed + 1) + " (join filters with (&...) or (|...))");
            }
            return Optional.empty();
        }

        /** The numbers of the placeholders in {@code text}: {@code {0}} is 0. */
        public static SortedSet<Integer> placeholders(String text) {
            SortedSet<Integer> found = new TreeSet<>();
            Matcher matcher = PLACEHOLDER.matcher(text);
            while (matcher.find()) {
                found.add(Integer.parseInt(matcher.group(1)));
            }
            return found;
        }
    }
}

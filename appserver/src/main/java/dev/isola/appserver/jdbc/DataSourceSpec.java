package dev.isola.appserver.jdbc;

import java.util.Map;
import java.util.Objects;

/**
 * How to build one pooled datasource: what {@code @DataSourceDefinition} or the domain
 * configuration says. Either {@code className} names a {@code javax.sql.DataSource} that is
 * configured through its bean properties ({@code databaseName}, {@code serverName},
 * {@code portNumber}, {@code user}, {@code password} and {@code properties}), or
 * {@code url} is a JDBC URL. Derby URLs are turned into Derby's own datasource classes, so no
 * driver is ever registered with {@code java.sql.DriverManager} (which would pin class loaders).
 * For Derby, a URL attribute or property that is no bean property of the class is a Derby
 * connection attribute ({@code jdbc:derby:orders;create=true;territory=de_DE}); a database that
 * is created without a {@code territory} gets {@code en_US} (see {@link DerbyTerritory}).
 *
 * @param name        the JNDI name it is bound under, e.g. {@code java:app/jdbc/Orders}
 * @param className   a {@code DataSource} class, or empty to derive it from {@code url}
 * @param url         a JDBC URL, or empty
 * @param databaseName for embedded Derby a path; a relative one is resolved in the server's data directory
 * @param minPoolSize  idle connections the pool keeps (-1: pool default)
 * @param maxPoolSize  the pool's bound (-1: pool default)
 */
public record DataSourceSpec(String name, String className, String url, String databaseName, String serverName, int portNumber,
                             String user, String password, Map<String, String> properties, int minPoolSize, int maxPoolSize) {

    public static final String DERBY_EMBEDDED = "org.apache.derby.jdbc.EmbeddedDataSource";
    public static final String DERBY_CLIENT = "org.apache.derby.jdbc.ClientDataSource";

    public DataSourceSpec {
        Objects.requireNonNull(name, "name");
        className = className == null ? "" : className;
        url = url == null ? "" : url;
        databaseName = databaseName == null ? "" : databaseName;
        serverName = serverName == null ? "" : serverName;
        user = user == null ? "" : user;
        password = password == null ? "" : password;
        properties = Map.copyOf(properties == null ? Map.of() : properties);
    }

    /** An embedded Derby database in the server's data directory (created on first use). */
    public static DataSourceSpec derbyEmbedded(String name, String databaseName) {
        return new DataSourceSpec(name, DERBY_EMBEDDED, "", databaseName, "", -1, "", "", Map.of(), -1, -1);
    }

    /** A database served by a Derby Network Server. */
    public static DataSourceSpec derbyNetwork(String name, String host, int port, String databaseName) {
        return new DataSourceSpec(name, DERBY_CLIENT, "", databaseName, host, port, "", "", Map.of("createDatabase", "create"), -1, -1);
    }

    /**
     * Whether this is an embedded Derby database (its class, or a {@code jdbc:derby:} URL that is not
     * {@code jdbc:derby://host:port/…}), which only one process may open.
     */
    public boolean isEmbeddedDerby() {
        return className.equals(DERBY_EMBEDDED) || className.isEmpty() && url.startsWith("jdbc:derby:") && !url.startsWith("jdbc:derby://");
    }

    public DataSourceSpec withPool(int min, int max) {
        return new DataSourceSpec(name, className, url, databaseName, serverName, portNumber, user, password, properties, min, max);
    }
}

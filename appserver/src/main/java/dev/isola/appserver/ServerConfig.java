package dev.isola.appserver;

import dev.isola.appserver.ejb.EjbSettings;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.JmsConfig;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.web.AccessLog;
import dev.isola.appserver.web.HttpsListener;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How a {@link SubServers} runs: where it listens, where it keeps data and unpacked
 * applications, its default datasource and the datasources of the domain configuration, and
 * the JMS destinations the domain declares.
 *
 * @param host               the HTTP listen address (loopback by default)
 * @param httpPort           the HTTP port; 0 picks a free one
 * @param dataDirectory      the domain's data directory: embedded Derby databases live here
 * @param workDirectory      where applications are unpacked (later the domain's {@code applications/})
 * @param defaultDataSource  {@code java:comp/DefaultDataSource}: embedded Derby database "default" unless configured
 * @param dataSources        further datasources, bound under their {@code java:global/…} names
 * @param transactionTimeout how long a transaction may run (zero: unlimited)
 * @param jms                the JMS sub-server: declared destinations, redelivery defaults, the default connection factory;
 *                           its store lives in {@code <dataDirectory>/jms}
 * @param roles              the sub-servers this isolate hosts: all three in a combined domain, one in an isolate of a
 *                           separated domain (see {@link SubServers} for what each isolate keeps where)
 * @param domain             the domain's name, for messages and logs ("the EJB isolate of domain shop is not reachable")
 * @param jspCache           where compiled JSPs are shared with the installation's other servers (a domain's: under the
 *                           domains root); null: this server compiles its own
 * @param databaseTemplates  where new embedded Derby databases are copied from (a domain's: under the domains root; see
 *                           {@code DerbyDatabaseTemplates}); null: Derby creates every database itself
 * @param accessLog          the web sub-server's HTTP access log; null: none
 * @param https              the web sub-server's HTTPS port; null: none
 * @param keyfile            the users of the domain's applications ({@code Keyfile}), read again whenever it changes (web
 *                           sub-server only); null: a realm without users, where every sign-in fails
 * @param realm              where the web sub-server signs users in: the keyfile ({@link RealmSpec#FILE}), the tables of
 *                           one of the datasources ({@link RealmSpec.Jdbc}, named by {@code DEFAULT_DATASOURCE} or one of
 *                           {@code dataSources}) or an LDAP directory ({@link RealmSpec.Ldap})
 */
public record ServerConfig(String host, int httpPort, Path dataDirectory, Path workDirectory, DataSourceSpec defaultDataSource,
                           List<DataSourceSpec> dataSources, EjbSettings ejb, Duration transactionTimeout, JmsConfig jms,
                           Set<SubServerRole> roles, String domain, Path jspCache, Path databaseTemplates, AccessLog accessLog,
                           HttpsListener https, Path keyfile, RealmSpec realm) {

    public static final String DEFAULT_DATASOURCE = "java:comp/DefaultDataSource";

    public ServerConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(dataDirectory, "dataDirectory");
        Objects.requireNonNull(workDirectory, "workDirectory");
        Objects.requireNonNull(jms, "jms");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(realm, "realm");
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("a server must host at least one of the sub-servers " + List.of(SubServerRole.values()));
        }
        roles = Set.copyOf(roles);
        dataSources = List.copyOf(dataSources);
        for (DataSourceSpec ds : dataSources) {
            if (!ds.name().startsWith("java:global/")) {
                throw new IllegalArgumentException("configured datasource " + ds.name() + " must have a java:global/ name");
            }
        }
        if (realm instanceof RealmSpec.Jdbc jdbc && !jdbc.dataSource().equals(DEFAULT_DATASOURCE)
                && dataSources.stream().noneMatch(ds -> ds.name().equals(jdbc.dataSource()))) {
            throw new IllegalArgumentException("the JDBC realm's datasource " + jdbc.dataSource() + " is none of the server's");
        }
    }

    /** Whether this isolate hosts {@code role}. */
    public boolean hosts(SubServerRole role) {
        return roles.contains(role);
    }

    /** Whether this isolate hosts all three sub-servers (a combined domain). */
    public boolean combined() {
        return roles.size() == SubServerRole.values().length;
    }

    public static Builder builder(Path dataDirectory, Path workDirectory) {
        return new Builder(dataDirectory, workDirectory);
    }

    /** Builds a {@link ServerConfig}; everything but the two directories has a default. */
    public static final class Builder {
        private final Path dataDirectory;
        private final Path workDirectory;
        private String host = "127.0.0.1";
        private int httpPort = 0;
        private DataSourceSpec defaultDataSource = DataSourceSpec.derbyEmbedded(DEFAULT_DATASOURCE, "default");
        private final List<DataSourceSpec> dataSources = new ArrayList<>();
        private EjbSettings ejb = EjbSettings.defaults();
        private Duration transactionTimeout = Duration.ofMinutes(5);
        private JmsConfig jms = JmsConfig.defaults();
        private Set<SubServerRole> roles = EnumSet.allOf(SubServerRole.class);
        private String domain = "default";
        private Path jspCache;
        private Path databaseTemplates;
        private AccessLog accessLog;
        private HttpsListener https;
        private Path keyfile;
        private RealmSpec realm = RealmSpec.FILE;

        private Builder(Path dataDirectory, Path workDirectory) {
            this.dataDirectory = dataDirectory;
            this.workDirectory = workDirectory;
        }

        public Builder host(String host) { this.host = host; return this; }
        public Builder httpPort(int port) { this.httpPort = port; return this; }
        public Builder ejb(EjbSettings settings) { this.ejb = settings; return this; }
        public Builder transactionTimeout(Duration timeout) { this.transactionTimeout = timeout; return this; }
        public Builder dataSource(DataSourceSpec spec) { this.dataSources.add(spec); return this; }
        public Builder jms(JmsConfig jms) { this.jms = jms; return this; }
        /** The sub-servers this isolate hosts; all three (a combined domain) unless set. */
        public Builder roles(Set<SubServerRole> roles) {
            this.roles = EnumSet.noneOf(SubServerRole.class);
            this.roles.addAll(roles);
            return this;
        }
        /** The domain's name, used in messages and logs; "default" unless set. */
        public Builder domain(String name) { this.domain = Objects.requireNonNull(name, "name"); return this; }
        /** Shares compiled JSPs with other servers through this directory (see {@code JspCache}); none unless set. */
        public Builder jspCache(Path directory) { this.jspCache = Objects.requireNonNull(directory, "directory"); return this; }
        /** Makes new embedded Derby databases by copying empty ones kept in this directory (see {@code DerbyDatabaseTemplates}); none unless set. */
        public Builder databaseTemplates(Path directory) { this.databaseTemplates = Objects.requireNonNull(directory, "directory"); return this; }
        /** Writes an HTTP access log (web sub-server only); none unless set. */
        public Builder accessLog(AccessLog log) { this.accessLog = Objects.requireNonNull(log, "log"); return this; }
        /** Opens an HTTPS port beside the HTTP one (web sub-server only); none unless set. */
        public Builder https(HttpsListener listener) { this.https = Objects.requireNonNull(listener, "listener"); return this; }
        /** Authenticates the users of this file ({@code Keyfile}; web sub-server only); a realm without users unless set. */
        public Builder keyfile(Path file) { this.keyfile = Objects.requireNonNull(file, "file"); return this; }
        /** Signs users in against {@code realm} (web sub-server only); the keyfile realm unless set. */
        public Builder realm(RealmSpec realm) { this.realm = Objects.requireNonNull(realm, "realm"); return this; }
        /** Declares a JMS destination in the server configuration (it exists whatever is deployed). */
        public Builder jmsDestination(DestinationConfig destination) { this.jms = jms.withDestination(destination); return this; }

        /** Replaces the default datasource; its name is always {@value #DEFAULT_DATASOURCE}. */
        public Builder defaultDataSource(DataSourceSpec spec) {
            this.defaultDataSource = new DataSourceSpec(DEFAULT_DATASOURCE, spec.className(), spec.url(), spec.databaseName(), spec.serverName(),
                    spec.portNumber(), spec.user(), spec.password(), spec.properties(), spec.minPoolSize(), spec.maxPoolSize());
            return this;
        }

        public ServerConfig build() {
            return new ServerConfig(host, httpPort, dataDirectory, workDirectory, defaultDataSource, dataSources, ejb, transactionTimeout, jms,
                    roles, domain, jspCache, databaseTemplates, accessLog, https, keyfile, realm);
        }
    }
}

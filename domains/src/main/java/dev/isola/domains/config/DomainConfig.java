package dev.isola.domains.config;

import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.ServerConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.security.RealmSpec;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a domain is: its name, how its sub-servers are placed, where it listens, how each of
 * its isolates is sized, and the datasources and JMS destinations it declares whatever is
 * deployed. Stored as {@code config/domain.json} in the domain's directory (see
 * {@link DomainConfigJson} for the format); checked as a whole when built, so that a wrong
 * value is refused with the field's name before anything starts.
 *
 * <pre>{@code
 * DomainConfig shop = DomainConfig.defaults("shop", DomainMode.COMBINED, 8080)
 *         .withIsolate(Member.SERVER, IsolateSettings.DEFAULTS.withHeap(MemorySize.parse("512m")));
 * }</pre>
 *
 * @param name            1-30 lower-case letters, digits and '-', starting with a letter
 * @param mode            combined or separated
 * @param host            the HTTP listen address; loopback unless configured otherwise
 * @param httpPort        the HTTP port of the domain's web sub-server; 0 picks a free one at each start
 * @param isolates        the settings of each member of the mode, and only those
 * @param dataSources     datasources bound under {@code java:global/…} in every isolate of the domain
 * @param jmsDestinations destinations the JMS sub-server declares at start
 * @param accessLog       whether and how the web sub-server writes an HTTP access log
 * @param https           whether and with which key the web sub-server serves HTTPS beside HTTP
 * @param logLevels       the levels of loggers that differ from the isolates' defaults
 * @param realm           where the applications' users sign in: the keyfile ({@link RealmSpec#FILE}, the default),
 *                        database tables ({@link RealmSpec.Jdbc}) through one of {@code dataSources} or the default datasource,
 *                        or an LDAP directory ({@link RealmSpec.Ldap})
 */
public record DomainConfig(String name, DomainMode mode, String host, int httpPort, Map<Member, IsolateSettings> isolates,
                           List<DataSourceSpec> dataSources, List<DestinationConfig> jmsDestinations, AccessLogConfig accessLog,
                           HttpsConfig https, LogLevels logLevels, RealmSpec realm) {

    /** Lower case so that names are the same on every file system; short so isolate names stay readable. */
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,29}");
    /** Names the installation uses itself: the admin isolate is called "admin". */
    private static final List<String> RESERVED = List.of("admin");
    public static final String DEFAULT_HOST = "127.0.0.1";

    public DomainConfig {
        checkName(name);
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(accessLog, "accessLog");
        Objects.requireNonNull(https, "https");
        if (https.enabled() && https.port() != 0 && https.port() == httpPort) {
            throw new DomainConfigException("https.port", https.port() + " is the HTTP port (httpPort) too: HTTPS needs a port of its own, e.g. 8443");
        }
        if (host == null || host.isBlank()) {
            throw new DomainConfigException("host", "must not be blank (use 127.0.0.1 for loopback, 0.0.0.0 for every interface)");
        }
        if (httpPort < 0 || httpPort > 65535) {
            throw new DomainConfigException("httpPort", httpPort + " is not a port (expected 1-65535, or 0 for any free port)");
        }
        isolates = new EnumMap<>(Objects.requireNonNull(isolates, "isolates"));
        for (Member member : Member.of(mode)) {
            if (!isolates.containsKey(member)) {
                throw new DomainConfigException("isolates." + member.key(), "missing: a " + mode.key() + " domain has isolates "
                        + Member.of(mode).stream().map(Member::key).toList());
            }
        }
        for (Map.Entry<Member, IsolateSettings> entry : isolates.entrySet()) {
            String field = "isolates." + entry.getKey().key();
            if (!Member.of(mode).contains(entry.getKey())) {
                throw new DomainConfigException(field, "a " + mode.key() + " domain has no such isolate (it has "
                        + Member.of(mode).stream().map(Member::key).toList() + ")");
            }
            IsolateSettings settings = entry.getValue();
            if (settings.heap().megabytes() < 32) {
                throw new DomainConfigException(field + ".heap", settings.heap() + " is too small: a domain isolate needs at least 32m");
            }
            if (settings.youngGeneration().bytes() <= 0 || settings.youngGeneration().compareTo(settings.heap()) >= 0) {
                throw new DomainConfigException(field + ".youngGeneration", settings.youngGeneration()
                        + " must be positive and smaller than the heap (" + settings.heap() + ")");
            }
            if (settings.busyYoungGeneration().compareTo(settings.heap()) >= 0) {
                throw new DomainConfigException(field + ".busyYoungGeneration", settings.busyYoungGeneration()
                        + " must be smaller than the heap (" + settings.heap() + ")");
            }
        }
        isolates = Map.copyOf(isolates);
        dataSources = List.copyOf(dataSources);
        jmsDestinations = List.copyOf(jmsDestinations);
        for (int i = 0; i < dataSources.size(); i++) {
            DataSourceSpec ds = dataSources.get(i);
            if (!ds.name().startsWith("java:global/") || ds.name().length() == "java:global/".length()) {
                throw new DomainConfigException("dataSources[" + i + "].name", "'" + ds.name()
                        + "' must be a java:global/ name, e.g. java:global/jdbc/orders");
            }
            if (ds.url().isEmpty() && ds.databaseName().isEmpty()) {
                throw new DomainConfigException("dataSources[" + i + "]", "needs a url (e.g. jdbc:derby:orders;create=true) or a databaseName");
            }
            for (int j = 0; j < i; j++) {
                if (dataSources.get(j).name().equals(ds.name())) {
                    throw new DomainConfigException("dataSources[" + i + "].name", "'" + ds.name() + "' is declared twice");
                }
            }
        }
        Objects.requireNonNull(realm, "realm");
        switch (realm) {
            case RealmSpec.File file -> {
            }
            case RealmSpec.Jdbc jdbc -> checkJdbcRealm(jdbc, mode, dataSources);
            // Users sign in in the web isolate, which reaches a directory over the network in either mode.
            case RealmSpec.Ldap ldap -> LdapRealmChecks.check(ldap);
        }
        for (int i = 0; i < jmsDestinations.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (jmsDestinations.get(j).name().equals(jmsDestinations.get(i).name())
                        && jmsDestinations.get(j).type() == jmsDestinations.get(i).type()) {
                    throw new DomainConfigException("jmsDestinations[" + i + "].name", "'" + jmsDestinations.get(i).name()
                            + "' is declared twice");
                }
            }
        }
    }

    /** A JDBC realm must name a datasource the domain has, queries that take the user's name, and a database its web isolate can open. */
    private static void checkJdbcRealm(RealmSpec.Jdbc jdbc, DomainMode mode, List<DataSourceSpec> dataSources) {
        DataSourceSpec dataSource;
        if (jdbc.dataSource().equals(ServerConfig.DEFAULT_DATASOURCE)) {
            // A domain's default datasource is always its embedded Derby database "default".
            dataSource = DataSourceSpec.derbyEmbedded(ServerConfig.DEFAULT_DATASOURCE, "default");
        } else {
            dataSource = dataSources.stream().filter(ds -> ds.name().equals(jdbc.dataSource())).findFirst()
                    .orElseThrow(() -> new DomainConfigException("realm.dataSource", "'" + jdbc.dataSource() + "' is none of the domain's"
                            + " datasources (" + Stream.concat(Stream.of(ServerConfig.DEFAULT_DATASOURCE),
                            dataSources.stream().map(DataSourceSpec::name)).toList() + "); add it to dataSources, or name one of these"));
        }
        checkQuery("realm.passwordQuery", jdbc.passwordQuery(), "SELECT password FROM users WHERE name = ?");
        checkQuery("realm.groupsQuery", jdbc.groupsQuery(), "SELECT group_name FROM user_groups WHERE user_name = ?");
        if (mode == DomainMode.SEPARATED && dataSource.isEmbeddedDerby()) {
            throw new DomainConfigException("realm.dataSource", jdbc.dataSource() + " is an embedded Derby database, which only the EJB isolate"
                    + " of a separated domain opens, and users sign in in its web isolate; keep the users in a database the web isolate"
                    + " can reach: a network datasource (jdbc:derby://host:port/db)");
        }
    }

    private static void checkQuery(String field, String sql, String example) {
        int parameters = RealmSpec.Jdbc.parameters(sql);
        if (sql.isBlank() || parameters != 1) {
            throw new DomainConfigException(field, "'" + sql + "' has " + parameters + " ? parameters; it takes exactly one, the user's name,"
                    + " e.g. " + example);
        }
    }

    /**
     * A domain with default settings: loopback, every isolate at {@link IsolateSettings#defaults its member's defaults},
     * no datasources or destinations beyond the server's defaults.
     */
    public static DomainConfig defaults(String name, DomainMode mode, int httpPort) {
        Map<Member, IsolateSettings> isolates = new EnumMap<>(Member.class);
        for (Member member : Member.of(mode)) {
            isolates.put(member, IsolateSettings.defaults(member));
        }
        return new DomainConfig(name, mode, DEFAULT_HOST, httpPort, isolates, List.of(), List.of(), AccessLogConfig.DEFAULT, HttpsConfig.DEFAULT,
                LogLevels.NONE, RealmSpec.FILE);
    }

    /**
     * @throws DomainConfigException naming the field {@code name} when the name cannot be a domain's
     */
    public static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new DomainConfigException("name", "'" + name + "' is not a valid domain name (1-30 lower-case letters, digits and '-',"
                    + " starting with a letter, e.g. shop or crm-2)");
        }
        if (RESERVED.contains(name)) {
            throw new DomainConfigException("name", "'" + name + "' is reserved (the admin isolate is called so); choose another name");
        }
    }

    /** The members of this domain, in start order. */
    public List<Member> members() {
        return Member.of(mode);
    }

    public IsolateSettings settings(Member member) {
        IsolateSettings settings = isolates.get(member);
        if (settings == null) {
            throw new IllegalArgumentException("domain " + name + " (" + mode.key() + ") has no isolate " + member.key());
        }
        return settings;
    }

    public DomainConfig withIsolate(Member member, IsolateSettings settings) {
        Map<Member, IsolateSettings> next = new EnumMap<>(isolates);
        next.put(member, settings);
        return new DomainConfig(name, mode, host, httpPort, next, dataSources, jmsDestinations, accessLog, https, logLevels, realm);
    }

    /** This configuration for a domain of another name (a domain restored from another's backup). */
    public DomainConfig withName(String other) {
        checkName(other);
        return new DomainConfig(other, mode, host, httpPort, isolates, dataSources, jmsDestinations, accessLog, https, logLevels, realm);
    }

    public DomainConfig withLogLevels(LogLevels levels) {
        return new DomainConfig(name, mode, host, httpPort, isolates, dataSources, jmsDestinations, accessLog, https, levels, realm);
    }

    public DomainConfig withHttpPort(int port) {
        return new DomainConfig(name, mode, host, port, isolates, dataSources, jmsDestinations, accessLog, https, logLevels, realm);
    }

    public DomainConfig withAccessLog(AccessLogConfig log) {
        return new DomainConfig(name, mode, host, httpPort, isolates, dataSources, jmsDestinations, log, https, logLevels, realm);
    }

    public DomainConfig withHttps(HttpsConfig config) {
        return new DomainConfig(name, mode, host, httpPort, isolates, dataSources, jmsDestinations, accessLog, config, logLevels, realm);
    }

    public DomainConfig withRealm(RealmSpec other) {
        return new DomainConfig(name, mode, host, httpPort, isolates, dataSources, jmsDestinations, accessLog, https, logLevels, other);
    }

    /** The ports the domain listens on: HTTP, and HTTPS when enabled; 0 (a free one at every start) left out. */
    public List<Integer> ports() {
        List<Integer> ports = new java.util.ArrayList<>();
        if (httpPort != 0) {
            ports.add(httpPort);
        }
        if (https.enabled() && https.port() != 0) {
            ports.add(https.port());
        }
        return ports;
    }
}

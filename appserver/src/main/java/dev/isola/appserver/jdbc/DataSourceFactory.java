package dev.isola.appserver.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.isola.appserver.tx.LocalTransactionManager;

import javax.sql.DataSource;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds {@link ManagedDataSource}s: a vendor {@code DataSource} configured from a
 * {@link DataSourceSpec}, pooled by HikariCP.
 *
 * <p>Class loader hygiene, because undeploy must release the application's loader: the pool
 * and the first connection (which boots an embedded Derby database and its daemon threads)
 * are created with the server's class loader as the thread's context loader, and the pool's
 * own threads get the server's loader too, whatever thread asks for them later. Derby URLs
 * are mapped to Derby's datasource classes so {@code DriverManager} never holds a driver.
 */
public final class DataSourceFactory {

    private static final ClassLoader SERVER_LOADER = DataSourceFactory.class.getClassLoader();
    /** HikariCP logs every pool start at INFO; the server logs one line per event itself. Held so the level sticks. */
    private static final java.util.logging.Logger HIKARI_LOGGER = java.util.logging.Logger.getLogger("com.zaxxer.hikari");

    static {
        HIKARI_LOGGER.setLevel(java.util.logging.Level.WARNING);
    }

    private static final AtomicInteger POOL_THREADS = new AtomicInteger();

    private final Path dataDirectory;
    private final LocalTransactionManager tm;
    private final String embeddedOwner;
    private final Optional<DerbyDatabaseTemplates> templates;
    /** What was made here, for the admin's listing; closed ones are dropped when it is read. */
    private final List<ManagedDataSource> made = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** @param dataDirectory where relative embedded Derby database names live (the domain's data directory) */
    public DataSourceFactory(Path dataDirectory, LocalTransactionManager tm) {
        this(dataDirectory, tm, null);
    }

    /**
     * @param embeddedOwner null if this isolate opens embedded databases; otherwise who does, for the
     *                      message of datasources bound here without a pool ("the EJB isolate of domain shop")
     */
    public DataSourceFactory(Path dataDirectory, LocalTransactionManager tm, String embeddedOwner) {
        this(dataDirectory, tm, embeddedOwner, Optional.empty());
    }

    /** @param templates where new embedded Derby databases are copied from, when they can be (see {@link DerbyDatabaseTemplates}) */
    public DataSourceFactory(Path dataDirectory, LocalTransactionManager tm, String embeddedOwner, Optional<DerbyDatabaseTemplates> templates) {
        this.dataDirectory = dataDirectory.toAbsolutePath();
        this.tm = tm;
        this.embeddedOwner = embeddedOwner;
        this.templates = templates;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    /**
     * Builds the pool and opens its first connection, so a wrong definition fails here, at
     * deployment, and not at the first request.
     *
     * @param classLoader where the {@code className} is looked up (the application's loader, which sees the server's drivers)
     * @throws DataSourceDefinitionException naming the datasource and what is wrong
     */
    public ManagedDataSource create(DataSourceSpec spec, ClassLoader classLoader) {
        return create("", spec, classLoader);
    }

    /** {@link #create(DataSourceSpec, ClassLoader)} for a datasource {@code application} defines ({@code @DataSourceDefinition}). */
    public ManagedDataSource create(String application, DataSourceSpec spec, ClassLoader classLoader) {
        DataSourceSpec resolved = resolveUrl(spec);
        if (embeddedOwner != null && resolved.isEmbeddedDerby()) {
            return created(heldElsewhere(application, spec, resolved));
        }
        return created(new ManagedDataSource(spec.name(), application, database(resolved), openPool(spec, resolved, classLoader), tm,
                afterClose(resolved), embeddedDirectory(resolved)));
    }

    /** Every datasource made here that is not closed, the domain's own first, in the order they were made. */
    public List<ManagedDataSource> dataSources() {
        made.removeIf(ManagedDataSource::isClosed);
        return List.copyOf(made);
    }

    private ManagedDataSource created(ManagedDataSource ds) {
        made.add(ds);
        return ds;
    }

    /**
     * The same datasource, with its pool built and its database opened by the first {@code getConnection()}: for the
     * platform's default datasource, which every domain has and most applications never use. An embedded Derby
     * database costs a domain its boot at start and its memory for good, and an idle domain has no use for it. A
     * definition that cannot connect fails that {@code getConnection()} (SQLState 08001, with the reason), and the
     * next call tries again. The pool is opened on a thread of the server's ({@link OpenedOnFirstUse}), so that the
     * database's threads keep nothing of the application thread that used it first.
     *
     * @param classLoader as for {@link #create}; the lambda that opens the pool holds it until then
     */
    public ManagedDataSource createOnFirstUse(DataSourceSpec spec, ClassLoader classLoader) {
        DataSourceSpec resolved = resolveUrl(spec);
        if (embeddedOwner != null && resolved.isEmbeddedDerby()) {
            return created(heldElsewhere("", spec, resolved));
        }
        return created(ManagedDataSource.openedOnFirstUse(spec.name(), "", database(resolved),
                new OpenedOnFirstUse<>("open-" + spec.name(), () -> openPool(spec, resolved, classLoader)), tm, afterClose(resolved),
                embeddedDirectory(resolved)));
    }

    private ManagedDataSource heldElsewhere(String application, DataSourceSpec spec, DataSourceSpec resolved) {
        return ManagedDataSource.heldElsewhere(spec.name(), application, database(resolved), "datasource " + spec.name() + " is the embedded Derby database '"
                + resolved.databaseName() + "', which only " + embeddedOwner + " opens (embedded Derby lets one process open a database);"
                + " in a separated domain web components reach such data through enterprise beans, or use a network datasource"
                + " (jdbc:derby://host:port/database)");
    }

    /** What {@code resolved} connects to, for the admin: never its user or password. */
    private static String database(DataSourceSpec resolved) {
        if (resolved.isEmbeddedDerby()) {
            return "embedded Derby database '" + resolved.databaseName() + "'";
        }
        String where = resolved.serverName().isEmpty() ? resolved.databaseName()
                : resolved.serverName() + (resolved.portNumber() > 0 ? ":" + resolved.portNumber() : "") + "/" + resolved.databaseName();
        if (isDerbyClient(resolved)) {
            return "Derby at " + where;
        }
        return resolved.url().isEmpty() ? resolved.className() + " " + where : withoutCredentials(resolved.url());
    }

    /** A JDBC URL without the user and password some drivers take in it ({@code ;password=…}, {@code ?user=…&password=…}). */
    private static String withoutCredentials(String url) {
        return url.replaceAll("(?i)([;?&:](user|password)=)[^;&]*", "$1…");
    }

    /** The directory of the embedded Derby database {@code resolved} opens; null for any other, or one in memory. */
    private Path embeddedDirectory(DataSourceSpec resolved) {
        if (!resolved.isEmbeddedDerby() || resolved.databaseName().isEmpty()) {
            return null;
        }
        String path = embeddedPath(resolved.databaseName());
        return path.startsWith("memory:") ? null : Path.of(path);
    }

    /** What closing the pool must be followed by: an embedded Derby database is shut down, so that its files are released. */
    private Runnable afterClose(DataSourceSpec resolved) {
        return resolved.isEmbeddedDerby() ? () -> shutdownDerby(resolved) : () -> { };
    }

    /** The vendor datasource configured and pooled, its first connection open. */
    private HikariDataSource openPool(DataSourceSpec spec, DataSourceSpec resolved, ClassLoader classLoader) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(SERVER_LOADER);
        try {
            DataSource vendor = vendorDataSource(resolved, classLoader);
            HikariConfig config = new HikariConfig();
            config.setPoolName("ds-" + spec.name().replaceAll("[^A-Za-z0-9]+", "-"));
            config.setDataSource(vendor);
            config.setThreadFactory(serverThreads(config.getPoolName()));
            config.setRegisterMbeans(false);
            if (resolved.maxPoolSize() > 0) {
                config.setMaximumPoolSize(resolved.maxPoolSize());
            }
            if (resolved.minPoolSize() >= 0) {
                config.setMinimumIdle(resolved.minPoolSize());
            }
            try {
                return new HikariDataSource(config);
            } catch (RuntimeException e) {
                throw new DataSourceDefinitionException("datasource " + spec.name() + ": cannot connect: " + rootMessage(e), e);
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private DataSourceSpec resolveUrl(DataSourceSpec spec) {
        if (spec.url().isEmpty() || !spec.url().startsWith("jdbc:derby:")) {
            return spec;
        }
        String rest = spec.url().substring("jdbc:derby:".length());
        Map<String, String> props = new LinkedHashMap<>(spec.properties());
        String[] parts = rest.split(";");
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                props.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
            }
        }
        if (props.containsKey("create")) {
            if (Boolean.parseBoolean(props.remove("create"))) {
                props.put("createDatabase", "create");
            }
        }
        String location = parts[0];
        if (location.startsWith("//")) {
            String hostPortDb = location.substring(2);
            int slash = hostPortDb.indexOf('/');
            String hostPort = slash < 0 ? hostPortDb : hostPortDb.substring(0, slash);
            String db = slash < 0 ? "" : hostPortDb.substring(slash + 1);
            int colon = hostPort.indexOf(':');
            String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            int port = colon < 0 ? 1527 : Integer.parseInt(hostPort.substring(colon + 1));
            return new DataSourceSpec(spec.name(), DataSourceSpec.DERBY_CLIENT, "", db, host, port, spec.user(), spec.password(), props,
                    spec.minPoolSize(), spec.maxPoolSize());
        }
        return new DataSourceSpec(spec.name(), DataSourceSpec.DERBY_EMBEDDED, "", location, "", -1, spec.user(), spec.password(), props,
                spec.minPoolSize(), spec.maxPoolSize());
    }

    private DataSource vendorDataSource(DataSourceSpec spec, ClassLoader classLoader) {
        if (spec.className().isEmpty()) {
            throw new DataSourceDefinitionException("datasource " + spec.name() + ": neither a className nor a jdbc:derby: url is given", null);
        }
        Object instance;
        try {
            Class<?> type = Class.forName(spec.className(), true, classLoader);
            instance = type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new DataSourceDefinitionException("datasource " + spec.name() + ": cannot instantiate class " + spec.className() + ": " + e, e);
        }
        if (!(instance instanceof DataSource ds)) {
            throw new DataSourceDefinitionException("datasource " + spec.name() + ": class " + spec.className() + " is not a javax.sql.DataSource", null);
        }
        Map<String, Object> props = new LinkedHashMap<>();
        if (!spec.databaseName().isEmpty()) {
            props.put("databaseName", spec.isEmbeddedDerby() ? embeddedPath(spec.databaseName()) : spec.databaseName());
        }
        if (!spec.serverName().isEmpty()) {
            props.put("serverName", spec.serverName());
        }
        if (spec.portNumber() > 0) {
            props.put("portNumber", spec.portNumber());
        }
        if (!spec.user().isEmpty()) {
            props.put("user", spec.user());
        }
        if (!spec.password().isEmpty()) {
            props.put("password", spec.password());
        }
        if (spec.isEmbeddedDerby()) {
            props.put("createDatabase", "create");
        }
        props.putAll(spec.properties());
        if (spec.isEmbeddedDerby() || isDerbyClient(spec)) {
            props = withConnectionAttributes(spec, ds, props);
        }
        props.forEach((k, v) -> setProperty(spec, ds, k, v));
        if (spec.isEmbeddedDerby() && props.get("databaseName") instanceof String database) {
            Map<String, Object> creation = props;
            templates.ifPresent(t -> t.provide(Path.of(database), creation));
        }
        return ds;
    }

    /**
     * Derby's connection attributes (its reference manual, "Setting attributes for the database
     * connection URL"), which its data source classes take only through {@code connectionAttributes}.
     */
    private static final Set<String> DERBY_CONNECTION_ATTRIBUTES = Set.of("bootPassword", "collation", "create", "createFrom",
            "dataEncryption", "decryptDatabase", "deregister", "drop", "encryptionAlgorithm", "encryptionKey", "encryptionKeyLength",
            "encryptionProvider", "failover", "logDevice", "newBootPassword", "newEncryptionKey", "restoreFrom", "retrieveMessageText",
            "rollForwardRecoveryFrom", "securityMechanism", "shutdown", "slaveHost", "slavePort", "ssl", "startMaster", "startSlave",
            "stopMaster", "stopSlave", "territory", "traceDirectory", "traceFile", "traceFileAppend", "traceLevel", "upgrade");

    /**
     * A Derby connection attribute that the data source has no bean property for, given as in
     * Derby's URL syntax ({@code jdbc:derby:orders;territory=de_DE}) or among the properties,
     * joins {@code connectionAttributes}; any other unknown property is still refused. A data source that may create its database also gets the
     * territory {@link DerbyTerritory} decides (existing databases keep theirs, as Derby ignores
     * the attribute when it opens one).
     */
    private static Map<String, Object> withConnectionAttributes(DataSourceSpec spec, DataSource ds, Map<String, Object> props) {
        Map<String, Object> beanProperties = new LinkedHashMap<>();
        StringJoiner attributes = new StringJoiner(";");
        props.forEach((property, value) -> {
            if (property.equals("connectionAttributes")) {
                if (!value.toString().isEmpty()) {
                    attributes.add(value.toString());
                }
            } else if (DERBY_CONNECTION_ATTRIBUTES.contains(property) && !hasBeanProperty(ds, property)) {
                attributes.add(property + "=" + value);
            } else {
                // A bean property, or a misspelling: setting it fails with a clear error, as it should.
                beanProperties.put(property, value);
            }
        });
        String connectionAttributes = attributes.toString();
        if ("create".equals(props.get("createDatabase"))) {
            connectionAttributes = spec.isEmbeddedDerby() ? DerbyTerritory.forEmbedded(connectionAttributes)
                    : DerbyTerritory.forNetwork(connectionAttributes);
        }
        if (!connectionAttributes.isEmpty()) {
            beanProperties.put("connectionAttributes", connectionAttributes);
        }
        return beanProperties;
    }

    private String embeddedPath(String databaseName) {
        if (databaseName.startsWith("memory:") || Path.of(databaseName).isAbsolute()) {
            return databaseName;
        }
        return dataDirectory.resolve(databaseName).toString();
    }

    private static boolean hasBeanProperty(DataSource ds, String property) {
        String setter = setterName(property);
        return Arrays.stream(ds.getClass().getMethods()).anyMatch(m -> m.getName().equals(setter) && m.getParameterCount() == 1);
    }

    private static String setterName(String property) {
        return "set" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
    }

    private static void setProperty(DataSourceSpec spec, DataSource ds, String property, Object value) {
        String setter = setterName(property);
        for (Method m : ds.getClass().getMethods()) {
            if (m.getName().equals(setter) && m.getParameterCount() == 1) {
                Class<?> type = m.getParameterTypes()[0];
                try {
                    m.invoke(ds, convert(value.toString(), type));
                    return;
                } catch (ReflectiveOperationException | IllegalArgumentException e) {
                    throw new DataSourceDefinitionException("datasource " + spec.name() + ": cannot set property " + property + "=" + value
                            + " on " + ds.getClass().getName() + ": " + e, e);
                }
            }
        }
        throw new DataSourceDefinitionException("datasource " + spec.name() + ": " + ds.getClass().getName() + " has no property '" + property + "'", null);
    }

    private static Object convert(String value, Class<?> type) {
        if (type == String.class) {
            return value;
        }
        if (type == int.class || type == Integer.class) {
            return Integer.parseInt(value);
        }
        if (type == long.class || type == Long.class) {
            return Long.parseLong(value);
        }
        if (type == boolean.class || type == Boolean.class) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("unsupported property type " + type.getName());
    }

    private static boolean isDerbyClient(DataSourceSpec spec) {
        return spec.className().equals(DataSourceSpec.DERBY_CLIENT);
    }

    private void shutdownDerby(DataSourceSpec spec) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(SERVER_LOADER);
        try {
            EmbeddedDerbyShutdown.shutdown(Path.of(embeddedPath(spec.databaseName())));
        } catch (SQLException e) {
            System.getLogger(DataSourceFactory.class.getName()).log(System.Logger.Level.WARNING,
                    "datasource " + spec.name() + ": database shutdown: " + e.getMessage());
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static ThreadFactory serverThreads(String poolName) {
        return runnable -> {
            Thread t = new Thread(runnable, poolName + "-" + POOL_THREADS.incrementAndGet());
            t.setDaemon(true);
            t.setContextClassLoader(SERVER_LOADER);
            return t;
        };
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.toString() : c.getMessage();
    }
}

package dev.isola.appserver;

import dev.isola.appserver.concurrent.ConcurrencyServices;
import dev.isola.appserver.deploy.DeployedApplication;
import dev.isola.appserver.deploy.Deployer;
import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.deploy.ModuleInfo;
import dev.isola.appserver.deploy.ModuleKind;
import dev.isola.appserver.ejb.EjbApplications;
import dev.isola.appserver.ejb.EjbServices;
import dev.isola.appserver.ejb.link.EjbLinkClient;
import dev.isola.appserver.ejb.link.EjbLinkServer;
import dev.isola.appserver.jdbc.DataSourceFactory;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;
import dev.isola.appserver.jdbc.ManagedDataSource;
import dev.isola.appserver.jdbc.PingResult;
import dev.isola.appserver.jdbc.PoolFigures;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.broker.MessageAdministration;
import dev.isola.appserver.jms.client.IsolaConnectionFactory;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.container.ApplicationJms;
import dev.isola.appserver.jms.container.JmsSubServer;
import dev.isola.appserver.jms.container.TransactionalSessions;
import dev.isola.appserver.jms.link.JmsLinkService;
import dev.isola.appserver.jms.link.JmsLinks;
import dev.isola.appserver.jms.link.RemoteJmsSubServer;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.JavaNaming;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.tx.BeanManagedTransaction;
import dev.isola.appserver.tx.ContainerTransactions;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.appserver.web.JdbcRealm;
import dev.isola.appserver.web.JspCache;
import dev.isola.appserver.web.KeyfileRealm;
import dev.isola.appserver.web.LdapRealm;
import dev.isola.appserver.web.WebServer;
import dev.isola.mvm.invoke.LinkPair;
import org.apache.catalina.Realm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The sub-servers one isolate hosts ({@link ServerConfig#roles()}). In a combined domain that
 * is all three, web, EJB and JMS, in one process: embedded Tomcat, the EJB container (session
 * and message-driven beans), the JMS broker with its Derby store in {@code <data>/jms}, the
 * {@code java:} namespace, the transaction manager and the datasources. In a separated domain
 * each runs in an isolate of its own and they reach each other over links:
 *
 * <pre>
 *   web isolate  {WEB}  ── connectEjb ──▶ serveEjbClient ── EJB isolate {EJB} (beans, MDBs, embedded databases)
 *        │                                                         │
 *        └── connectJms ──▶ serveJmsClient ── JMS isolate {JMS} ◀── connectJms
 * </pre>
 *
 * This is what a domain isolate runs; its control listener calls the methods here.
 *
 * <pre>{@code
 * try (SubServers server = SubServers.start(ServerConfig.builder(dataDir, workDir).httpPort(8080).build())) {
 *     server.deploy(Path.of("shop.ear"));          // DeploymentException names what is wrong
 *     ...
 *     server.jmsDestinations();                      // depth, consumers, dead-lettered per destination
 *     server.undeploy("shop");
 * }
 * }</pre>
 *
 * <h2>A separated domain: the order the domain must keep</h2>
 * <ol>
 *   <li>Start the JMS isolate, then the EJB isolate, then the web isolate, each with its role.</li>
 *   <li>Link them: for each client isolate (EJB and web) a pair to the JMS isolate
 *       ({@link #serveJmsClient} there, {@link #connectJms} in the client; the links must carry the
 *       broker's largest message, see {@link JmsLinks#capacityFor}), and a pair from the web
 *       isolate to the EJB isolate ({@link #serveEjbClient}, {@link #connectEjb}).</li>
 *   <li>Deploy each application in the JMS isolate, then the EJB isolate, then the web isolate
 *       (the same archive each time); undeploy in the reverse order. A deployment that cannot
 *       reach the isolate it needs fails atomically, naming the domain and what is missing.</li>
 *   <li>When an isolate dies, start a new one with the same role, deploy the applications on
 *       it, then hand its clients new pairs ({@code connectEjb}/{@code connectJms}); calls and
 *       message-driven beans resume without redeploying the clients.</li>
 * </ol>
 *
 * <h2>Where an isolate keeps its files</h2>
 * The isolates of a domain share its data and work directories. Embedded databases are opened
 * by the EJB isolate only (in the web isolate their datasources are bound but refuse
 * connections with a message that says why), the message store ({@code <data>/jms}) by the
 * JMS isolate only. An isolate that does not host all three roles unpacks applications into a
 * sub-directory of the work directory named after its roles ({@code <work>/web}, {@code <work>/ejb},
 * {@code <work>/jms}), and logs Derby to {@code <data>/derby-<roles>.log}.
 *
 * <p>One per process: the web sub-server and {@code java:global} are process-wide. Deploy
 * and undeploy are serialized; each logs one line.
 */
public final class SubServers implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.isola.appserver");
    private static final Object RUNNING_LOCK = new Object();
    private static SubServers running;

    private final ServerConfig config;
    private final Path workDirectory;
    private final WebServer web;
    private final LocalTransactionManager tm;
    private final ExecutorService asyncExecutor;
    private final ScheduledExecutorService scheduler;
    private final ConcurrencyServices concurrency;
    private final ManagedDataSource defaultDataSource;
    private final DataSourceFactory dataSourceFactory;
    private final List<ManagedDataSource> configuredDataSources = new ArrayList<>();
    private final ApplicationJms jms;
    private final EjbLinkServer ejbLinks;
    private final EjbLinkClient ejbClient;
    private final List<JmsLinkService> jmsClients = new CopyOnWriteArrayList<>();
    private final Deployer deployer;
    private final Map<String, DeployedApplication> deployments = new LinkedHashMap<>();
    private volatile boolean stopped;

    private SubServers(ServerConfig config) {
        this.config = config;
        ClassLoader serverLoader = SubServers.class.getClassLoader();
        this.workDirectory = config.combined() ? config.workDirectory() : config.workDirectory().resolve(rolesName(config));
        try {
            Files.createDirectories(config.dataDirectory());
            Files.createDirectories(workDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the server's directories", e);
        }
        if (System.getProperty("derby.stream.error.file") == null) {
            String log = config.combined() ? "derby.log" : "derby-" + rolesName(config) + ".log";
            System.setProperty("derby.stream.error.file", config.dataDirectory().resolve(log).toAbsolutePath().toString());
        }
        JavaNaming.install();
        Namespace global = NamingScopes.resetGlobal();
        this.tm = new LocalTransactionManager(config.transactionTimeout());
        this.asyncExecutor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("ejb-async-", 0).factory());
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ejb-timers");
            t.setDaemon(true);
            t.setContextClassLoader(serverLoader);
            return t;
        });
        this.concurrency = new ConcurrencyServices(tm, serverLoader);
        boolean ejbRole = config.hosts(SubServerRole.EJB);
        boolean webRole = config.hosts(SubServerRole.WEB);
        Optional<DerbyDatabaseTemplates> templates = Optional.ofNullable(config.databaseTemplates()).map(DerbyDatabaseTemplates::new);
        DataSourceFactory dataSources = new DataSourceFactory(config.dataDirectory(), tm,
                ejbRole ? null : "the EJB isolate of domain " + config.domain(), templates);
        // The JMS sub-server opens its store (a Derby database, if one was ever written) while the
        // datasources open theirs and Tomcat is built: databases are the slowest steps of a domain's
        // start, and a second core runs one while the first runs the other.
        CompletableFuture<ApplicationJms> jmsStarting = startJms(config, tm, templates);
        ManagedDataSource defaultDs = null;
        WebServer webServer;
        try {
            if (ejbRole || webRole) {
                // Opened by its first use: most applications never use the platform's default database,
                // and an idle domain should not pay an embedded Derby's boot and memory for it.
                defaultDs = dataSources.createOnFirstUse(config.defaultDataSource(), serverLoader);
                for (DataSourceSpec spec : config.dataSources()) {
                    ManagedDataSource ds = dataSources.create(spec, serverLoader);
                    configuredDataSources.add(ds);
                    global.bindIfAbsent(spec.name().substring("java:global/".length()), new Binding.Value(ds));
                }
            }
            webServer = webRole ? new WebServer(config.host(), config.httpPort(), workDirectory.resolve(".tomcat"),
                    Optional.ofNullable(config.jspCache()).map(JspCache::new), Optional.ofNullable(config.accessLog()),
                    Optional.ofNullable(config.https()), realm(config, defaultDs)) : null;
        } catch (RuntimeException e) {
            // Nothing half-started stays behind: the broker is stopped once it is up, the pools closed.
            try {
                jmsStarting.join().stop();
            } catch (CompletionException alsoFailed) {
                e.addSuppressed(alsoFailed.getCause());
            }
            releaseStartResources(defaultDs);
            throw e;
        }
        this.defaultDataSource = defaultDs;
        this.dataSourceFactory = dataSources;
        this.web = webServer;
        try {
            this.jms = jmsStarting.join();
        } catch (CompletionException e) {
            releaseStartResources(defaultDs);
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
        EjbServices ejb = new EjbServices(tm, new ContainerTransactions(tm), asyncExecutor, scheduler, config.ejb(), new EjbApplications());
        this.ejbLinks = ejbRole ? new EjbLinkServer(ejb.applications(), config.domain()) : null;
        Duration callTimeout = config.transactionTimeout().isZero() ? Duration.ofMinutes(30) : config.transactionTimeout().plusSeconds(30);
        this.ejbClient = webRole && !ejbRole ? new EjbLinkClient(config.domain(), callTimeout) : null;
        this.deployer = new Deployer(new Deployer.Services(config.roles(), workDirectory, config.dataDirectory().resolve("timers"), ejb, dataSources, defaultDataSource,
                new BeanManagedTransaction(tm), tm.synchronizationRegistry(), web, jms, ejbClient, serverLoader, concurrency));
    }

    /** The web sub-server's realm: the keyfile's, a JDBC realm on the datasource it names (as this isolate has it), or an LDAP realm. */
    private Realm realm(ServerConfig config, ManagedDataSource defaultDs) {
        return switch (config.realm()) {
            case RealmSpec.File file -> new KeyfileRealm(Optional.ofNullable(config.keyfile()));
            case RealmSpec.Jdbc jdbc -> new JdbcRealm(jdbc.dataSource().equals(ServerConfig.DEFAULT_DATASOURCE) ? defaultDs
                    : configuredDataSources.stream().filter(ds -> ds.name().equals(jdbc.dataSource())).findFirst()
                            .orElseThrow(() -> new IllegalArgumentException("the JDBC realm's datasource " + jdbc.dataSource()
                                    + " is not among the domain's datasources")), jdbc);
            case RealmSpec.Ldap ldap -> new LdapRealm(ldap);
        };
    }

    private static String rolesName(ServerConfig config) {
        return config.roles().stream().sorted().map(r -> r.name().toLowerCase()).collect(Collectors.joining("-"));
    }

    /**
     * Starts the JMS sub-server on a thread of its own, or connects to the JMS isolate's (which
     * takes no time). The broker runs with the server's loader as context, so its threads never
     * hold an application's.
     */
    private static CompletableFuture<ApplicationJms> startJms(ServerConfig config, LocalTransactionManager tm, Optional<DerbyDatabaseTemplates> templates) {
        if (!config.hosts(SubServerRole.JMS)) {
            return CompletableFuture.completedFuture(new RemoteJmsSubServer(config.jms(), config.domain(), new TransactionalSessions(tm)));
        }
        return CompletableFuture.supplyAsync(() -> JmsSubServer.start(config.jms(), config.dataDirectory(), templates, tm), task -> {
            Thread thread = Thread.ofPlatform().name("jms-start").daemon().unstarted(task);
            thread.setContextClassLoader(SubServers.class.getClassLoader());
            thread.start();
        });
    }

    /** What the constructor opened before a step of the start failed. */
    private void releaseStartResources(ManagedDataSource defaultDs) {
        configuredDataSources.forEach(ManagedDataSource::close);
        if (defaultDs != null) {
            defaultDs.close();
        }
        scheduler.shutdownNow();
        asyncExecutor.shutdownNow();
        concurrency.close();
    }

    /**
     * Starts a server with {@code config}.
     *
     * @throws IllegalStateException if another server runs in this process, or the HTTP port cannot be bound
     */
    public static SubServers start(ServerConfig config) {
        synchronized (RUNNING_LOCK) {
            if (running != null) {
                throw new IllegalStateException("a server already runs in this process (one per isolate); stop it first");
            }
            SubServers server = new SubServers(config);
            try {
                if (server.web != null) {
                    server.web.start();
                }
            } catch (RuntimeException e) {
                server.releaseResources();
                throw e;
            }
            running = server;
            LOG.log(System.Logger.Level.INFO, "server started: domain " + config.domain() + ", " + describeRoles(config)
                    + (server.web != null ? ", http://" + config.host() + ":" + server.httpPort() + "/" : "")
                    + (server.httpsPort() > 0 ? ", https://" + config.host() + ":" + server.httpsPort() + "/" : "")
                    + ", data " + config.dataDirectory() + ", work " + server.workDirectory);
            return server;
        }
    }

    private static String describeRoles(ServerConfig config) {
        return config.combined() ? "combined (web, EJB, JMS)" : "separated, this isolate: " + config.roles();
    }

    /** The HTTP port, or -1 if this isolate hosts no web sub-server. */
    public int httpPort() {
        return web == null ? -1 : web.port();
    }

    /** The HTTPS port, or -1 if this isolate has none. */
    public int httpsPort() {
        return web == null ? -1 : web.httpsPort();
    }

    public ServerConfig config() {
        return config;
    }

    // ---- a separated domain: links between its isolates -------------------------------------

    /**
     * In a web isolate of a separated domain: calls into enterprise beans go to the EJB isolate
     * over {@code toEjbIsolate} (outgoing: to the EJB isolate, incoming: from it) from now on,
     * replacing any previous pair. Call it again with a new pair when the EJB isolate was
     * restarted; calls work again at once (each application opens its own pair on its next call).
     *
     * @throws IllegalStateException if this isolate hosts the EJB container itself or no web sub-server
     */
    public void connectEjb(LinkPair toEjbIsolate) {
        requireRunning();
        if (ejbClient == null) {
            throw new IllegalStateException("connectEjb is for a web isolate without the EJB sub-server; this isolate hosts "
                    + config.roles());
        }
        ejbClient.connect(toEjbIsolate);
    }

    /**
     * In the EJB isolate: serves the client isolate (a web isolate) at the other end of
     * {@code fromClient} (outgoing: to the client). Several clients can be served.
     *
     * @throws IllegalStateException if this isolate does not host the EJB sub-server
     */
    public void serveEjbClient(LinkPair fromClient) {
        requireRunning();
        if (ejbLinks == null) {
            throw new IllegalStateException("serveEjbClient is for the isolate that hosts the EJB sub-server; this isolate hosts " + config.roles());
        }
        ejbLinks.serve(fromClient);
    }

    /**
     * In a web or EJB isolate of a separated domain: the JMS broker is reached over
     * {@code toJmsIsolate} (outgoing: to the JMS isolate) from now on, replacing any previous
     * pair. The destinations the applications deployed here define are declared on it first;
     * connections over the previous pair are lost, and message-driven beans connect again
     * through the new one.
     *
     * @throws IllegalStateException    if this isolate hosts the JMS sub-server itself
     * @throws IllegalArgumentException if the links cannot carry the largest message the broker accepts
     */
    public void connectJms(LinkPair toJmsIsolate) {
        requireRunning();
        if (!(jms instanceof RemoteJmsSubServer remote)) {
            throw new IllegalStateException("connectJms is for an isolate without the JMS sub-server; this isolate hosts " + config.roles());
        }
        remote.connect(toJmsIsolate);
    }

    /**
     * In the JMS isolate: serves the client isolate at the other end of {@code fromClient}
     * (outgoing: to the client) until its links close; then its connections are lost and what it
     * held and had not acknowledged is redelivered.
     *
     * @throws IllegalStateException    if this isolate does not host the JMS sub-server
     * @throws IllegalArgumentException if the links cannot carry the largest message the broker accepts
     */
    public void serveJmsClient(LinkPair fromClient) {
        requireRunning();
        if (!(jms instanceof JmsSubServer local)) {
            throw new IllegalStateException("serveJmsClient is for the isolate that hosts the JMS sub-server; this isolate hosts " + config.roles());
        }
        JmsLinks.checkCapacity(fromClient, config.jms().maxMessageSize());
        JmsLinkService service = JmsLinkService.serve(local, fromClient);
        jmsClients.add(service);
        service.onStop().whenComplete((v, e) -> jmsClients.remove(service));
    }

    // ---- deployments -------------------------------------------------------------------------

    /**
     * Deploys an EAR, WAR or EJB-JAR: in an isolate of a separated domain, its part of it (see
     * the class description for the order).
     *
     * @throws DeploymentException naming the application, module, class and member at fault; nothing stays deployed
     */
    public synchronized Deployment deploy(Path archive) {
        requireRunning();
        long start = System.nanoTime();
        DeployedApplication app;
        try {
            app = deployer.deploy(archive.toAbsolutePath(), deployments.keySet());
        } catch (DeploymentException e) {
            LOG.log(System.Logger.Level.ERROR, "deployment of " + archive.getFileName() + " failed: " + e.getMessage());
            throw e;
        }
        deployments.put(app.name(), app);
        Deployment d = describe(app);
        LOG.log(System.Logger.Level.INFO, "deployed " + app.name() + " (" + String.join(", ", d.modules()) + ") in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        return d;
    }

    /**
     * Undeploys {@code name} (as listed by {@link #deployments()}).
     *
     * @throws IllegalArgumentException if nothing of that name is deployed
     */
    public synchronized void undeploy(String name) {
        requireRunning();
        DeployedApplication app = deployments.remove(name);
        if (app == null) {
            throw new IllegalArgumentException("no application named " + name + " is deployed (deployed: " + deployments.keySet() + ")");
        }
        closeEjbLinks(app);
        deployer.undeploy(app);
        LOG.log(System.Logger.Level.INFO, "undeployed " + name);
    }

    private void closeEjbLinks(DeployedApplication app) {
        if (ejbLinks != null) {
            ejbLinks.applicationUndeployed(app.applicationName());
        }
    }

    public synchronized List<Deployment> deployments() {
        return deployments.values().stream().map(SubServers::describe).toList();
    }

    /** The handle of a running deployment, or null: for diagnostics (bean counts, whether its class loader is still held). */
    public synchronized DeployedApplication deployment(String name) {
        return deployments.get(name);
    }

    public ServerStatus status() {
        return new ServerStatus(stopped ? ServerStatus.State.STOPPED : ServerStatus.State.RUNNING, config.host(), stopped ? -1 : httpPort(),
                config.dataDirectory(), workDirectory, stopped ? List.of() : deployments(), stopped ? List.of() : jms.destinations(),
                config.roles());
    }

    /**
     * Every declared JMS destination (configured, or defined by an application, or recovered
     * from the store): messages waiting and in flight, consumers, enqueued, acknowledged,
     * expired and dead-lettered counts. Empty in an isolate whose broker runs in the JMS isolate.
     */
    public List<DestinationStats> jmsDestinations() {
        requireRunning();
        return jms.destinations();
    }

    /**
     * Every datasource of this isolate with its pool's figures: the default one, those of the
     * domain configuration, and those the deployed applications define. Empty in an isolate with
     * neither the web nor the EJB role (the JMS isolate of a separated domain).
     */
    public List<PoolFigures> dataSources() {
        requireRunning();
        return dataSourceFactory.dataSources().stream().map(ManagedDataSource::figures).toList();
    }

    /**
     * Connects to the database of datasource {@code name} afresh and checks the connection
     * ({@link ManagedDataSource#ping()}).
     *
     * @param application the application that defined it; empty for the domain's own; null for whichever has the name, if only one does
     * @throws IllegalArgumentException if no datasource, or more than one, fits
     * @throws SQLException             what the database's driver said
     */
    public PingResult pingDataSource(String name, String application) throws SQLException {
        requireRunning();
        List<ManagedDataSource> fitting = dataSourceFactory.dataSources().stream()
                .filter(ds -> ds.name().equals(name) && (application == null || ds.application().equals(application))).toList();
        if (fitting.isEmpty()) {
            throw new IllegalArgumentException("domain " + config.domain() + " has no datasource " + name
                    + (application == null || application.isEmpty() ? "" : " of application " + application) + " (it has "
                    + dataSourceFactory.dataSources().stream().map(SubServers::describe).toList() + ")");
        }
        if (fitting.size() > 1) {
            throw new IllegalArgumentException("datasource " + name + " is defined by several applications " + fitting.stream()
                    .map(SubServers::describe).toList() + "; say which");
        }
        return fitting.getFirst().ping();
    }

    /**
     * Copies every database this isolate holds in the domain's data directory to the same place
     * under {@code staging}, while the server goes on: the embedded Derby databases of its
     * datasources (the domain's own and those applications define) and the JMS store, each as of
     * one moment ({@link dev.isola.appserver.jdbc.DerbyOnlineBackup}), and all of them at the same
     * moment as far as transactions go: the copies are made with this isolate's
     * {@link dev.isola.appserver.tx.CommitGate} closed, so a transaction that wrote to a database and
     * sent a message is in both copies or in neither. For a backup of the running domain, which
     * takes the rest of the data directory as files.
     *
     * @return the databases copied, as paths relative to the data directory with {@code /} between their parts; not
     *         among them: databases outside it, in memory, never created, or held by another isolate
     * @throws SQLException what Derby said, the database named
     * @throws dev.isola.appserver.jms.store.StoreException if the JMS store could not be copied
     */
    public List<String> backUpDatabases(Path staging) throws SQLException, IOException {
        requireRunning();
        try {
            return tm.commitGate().whileClosed(() -> copyDatabases(staging));
        } catch (SQLException | IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Holds this isolate's commits back (its {@link dev.isola.appserver.tx.CommitGate} closed) until
     * {@link #releaseCommits} or until {@code lease} has passed: for a backup of a separated domain,
     * whose databases are copied by several isolates, so that no transaction commits in one between
     * their copies. Returns once the commits in progress have ended.
     *
     * @return the token that releases them
     * @throws IllegalStateException if they are held already
     */
    public String holdCommits(java.time.Duration lease) throws InterruptedException {
        requireRunning();
        return tm.commitGate().hold(lease);
    }

    /** Lets the commits {@link #holdCommits} held go on; false if that hold had ended already (its lease ran out). */
    public boolean releaseCommits(String token) {
        return tm.commitGate().release(token);
    }

    private List<String> copyDatabases(Path staging) throws SQLException, IOException {
        Path data = dataSourceFactory.dataDirectory().toAbsolutePath().normalize();
        List<String> copied = new ArrayList<>();
        for (ManagedDataSource ds : dataSourceFactory.dataSources()) {
            Optional<Path> database = ds.embeddedDirectory().map(p -> p.toAbsolutePath().normalize());
            if (database.isEmpty() || !database.get().startsWith(data) || database.get().equals(data)) {
                continue;
            }
            String relative = relative(data, database.get());
            if (copied.contains(relative)) {
                continue; // two datasources on one database
            }
            try {
                if (ds.backUp(staging.resolve(relative))) {
                    copied.add(relative);
                }
            } catch (SQLException e) {
                throw new SQLException("cannot copy the database data/" + relative + " of datasource " + describe(ds) + ": " + e.getMessage(),
                        e.getSQLState(), e);
            }
        }
        if (jms instanceof JmsSubServer local) {
            Path store = local.storeDirectory().toAbsolutePath().normalize();
            if (store.startsWith(data) && local.backUpStore(staging.resolve(relative(data, store)))) {
                copied.add(relative(data, store));
            }
        }
        return copied;
    }

    private static String relative(Path data, Path database) {
        return data.relativize(database).toString().replace(database.getFileSystem().getSeparator(), "/");
    }

    private static String describe(ManagedDataSource ds) {
        return ds.application().isEmpty() ? ds.name() : ds.name() + " (application " + ds.application() + ")";
    }

    /** The requests each web module has answered since its deployment; empty in an isolate without the web role. */
    public List<WebServer.ModuleRequests> webRequests() {
        requireRunning();
        return web == null ? List.of() : web.requests();
    }

    /** One JMS destination's statistics, or empty if it is not declared (or the broker runs in another isolate). */
    public Optional<DestinationStats> jmsDestination(String name, DestinationType type) {
        requireRunning();
        return jms instanceof JmsSubServer local ? local.destination(name, type) : Optional.empty();
    }

    /**
     * Listing and purging the messages waiting in the domain's JMS broker, for its operators.
     *
     * @throws IllegalStateException in an isolate whose broker runs in the JMS isolate
     */
    public MessageAdministration jmsAdministration() {
        return localJms("list or purge JMS messages").administration();
    }

    private JmsSubServer localJms(String what) {
        requireRunning();
        if (!(jms instanceof JmsSubServer local)) {
            throw new IllegalStateException("cannot " + what + " here: the JMS broker of domain " + config.domain() + " runs in its JMS isolate");
        }
        return local;
    }

    /** The isolate's transaction manager, as applications reach it ({@code java:comp/UserTransaction}): for the domain's own tools. */
    public LocalTransactionManager transactionManager() {
        requireRunning();
        return tm;
    }

    /**
     * The domain's default JMS connection factory, as applications get it
     * ({@code java:comp/DefaultJMSConnectionFactory}): for the domain's own tools. Its sessions
     * join the calling thread's container transaction, if any.
     */
    public IsolaConnectionFactory jmsConnectionFactory() {
        requireRunning();
        return jms.defaultConnectionFactory();
    }

    private static Deployment describe(DeployedApplication app) {
        List<String> modules = new ArrayList<>();
        for (ModuleInfo m : app.modules()) {
            modules.add(m.uri() + (m.kind() == ModuleKind.WEB ? " (web, " + (m.contextRoot().isEmpty() ? "/" : m.contextRoot()) + ")" : " (ejb)"));
        }
        // what the application's modules define is listed with them, for the admin's listing and console
        modules.addAll(app.describePersistenceUnits());
        return new Deployment(app.name(), app.applicationName(), app.archive(), app.deployedAt(), modules, app.describeBeans());
    }

    private void requireRunning() {
        if (stopped) {
            throw new IllegalStateException("the server has been stopped");
        }
    }

    /**
     * Undeploys everything (last deployed first) and stops the sub-servers. The applications stay
     * unpacked in the work directory: the next start deploys the same archives again, and takes
     * over what an archive that has not changed left (see {@link Deployer#stop}).
     */
    public void stop() {
        synchronized (this) {
            if (stopped) {
                return;
            }
            stopped = true;
            List<DeployedApplication> all = new ArrayList<>(deployments.values());
            deployments.clear();
            for (DeployedApplication app : all.reversed()) {
                closeEjbLinks(app);
                deployer.stop(app);
            }
            if (web != null) {
                web.close();
            }
            releaseResources();
        }
        synchronized (RUNNING_LOCK) {
            if (running == this) {
                running = null;
            }
        }
        LOG.log(System.Logger.Level.INFO, "server stopped");
    }

    private void releaseResources() {
        if (ejbClient != null) {
            ejbClient.close();
        }
        if (ejbLinks != null) {
            ejbLinks.close();
        }
        jmsClients.forEach(JmsLinkService::close);
        jms.stop();
        configuredDataSources.forEach(ManagedDataSource::close);
        if (defaultDataSource != null) {
            defaultDataSource.close();
        }
        scheduler.shutdownNow();
        asyncExecutor.shutdownNow();
        concurrency.close();
        NamingScopes.resetGlobal();
    }

    @Override
    public void close() {
        stop();
    }

    /** Same as {@link SubServersMain}: {@code --port P --data-dir D --work-dir W app.ear…}. */
    public static void main(String[] args) {
        SubServersMain.main(args);
    }
}

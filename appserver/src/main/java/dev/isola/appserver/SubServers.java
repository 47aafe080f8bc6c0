package dev.isola.appserver;

import dev.isola.appserver.deploy.DeployedApplication;
import dev.isola.appserver.deploy.Deployer;
import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.deploy.ModuleInfo;
import dev.isola.appserver.deploy.ModuleKind;
import dev.isola.appserver.ejb.EjbApplications;
import dev.isola.appserver.ejb.EjbServices;
import dev.isola.appserver.jdbc.DataSourceFactory;
import dev.isola.appserver.jdbc.DataSourceSpec;
import dev.isola.appserver.jdbc.ManagedDataSource;
import dev.isola.appserver.jms.broker.DestinationStats;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.container.JmsSubServer;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.JavaNaming;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.tx.BeanManagedTransaction;
import dev.isola.appserver.tx.ContainerTransactions;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.appserver.web.WebServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The sub-servers one isolate hosts. In a combined domain that is all three, web, EJB and
 * JMS, in one process: embedded
 * Tomcat, the EJB container (session and message-driven beans), the JMS broker with its
 * Derby store in {@code <data>/jms}, the {@code java:} namespace, the transaction manager and
 * the datasources. This is what a domain isolate runs; its control listener calls the
 * methods here.
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
 * <p>One per process: the web sub-server and {@code java:global} are process-wide. Deploy
 * and undeploy are serialized; each logs one line.
 */
public final class SubServers implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.isola.appserver");
    private static final Object RUNNING_LOCK = new Object();
    private static SubServers running;

    private final ServerConfig config;
    private final WebServer web;
    private final LocalTransactionManager tm;
    private final ExecutorService asyncExecutor;
    private final ScheduledExecutorService scheduler;
    private final ManagedDataSource defaultDataSource;
    private final List<ManagedDataSource> configuredDataSources = new ArrayList<>();
    private final JmsSubServer jms;
    private final Deployer deployer;
    private final Map<String, DeployedApplication> deployments = new LinkedHashMap<>();
    private volatile boolean stopped;

    private SubServers(ServerConfig config) {
        this.config = config;
        ClassLoader serverLoader = SubServers.class.getClassLoader();
        try {
            Files.createDirectories(config.dataDirectory());
            Files.createDirectories(config.workDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the server's directories", e);
        }
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", config.dataDirectory().resolve("derby.log").toAbsolutePath().toString());
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
        DataSourceFactory dataSources = new DataSourceFactory(config.dataDirectory(), tm);
        this.defaultDataSource = dataSources.create(config.defaultDataSource(), serverLoader);
        for (DataSourceSpec spec : config.dataSources()) {
            ManagedDataSource ds = dataSources.create(spec, serverLoader);
            configuredDataSources.add(ds);
            global.bindIfAbsent(spec.name().substring("java:global/".length()), new Binding.Value(ds));
        }
        this.jms = startJms(config, tm);
        this.web = new WebServer(config.host(), config.httpPort(), config.workDirectory().resolve(".tomcat"));
        EjbServices ejb = new EjbServices(tm, new ContainerTransactions(tm), asyncExecutor, scheduler, config.ejb(), new EjbApplications());
        this.deployer = new Deployer(new Deployer.Services(config.workDirectory(), ejb, dataSources, defaultDataSource,
                new BeanManagedTransaction(tm), tm.synchronizationRegistry(), web, jms, serverLoader));
    }

    /** The broker runs with the server's loader as context, so its threads never hold an application's. */
    private JmsSubServer startJms(ServerConfig config, LocalTransactionManager tm) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(SubServers.class.getClassLoader());
        try {
            return JmsSubServer.start(config.jms(), config.dataDirectory(), tm);
        } catch (RuntimeException e) {
            configuredDataSources.forEach(ManagedDataSource::close);
            defaultDataSource.close();
            scheduler.shutdownNow();
            asyncExecutor.shutdownNow();
            throw e;
        } finally {
            thread.setContextClassLoader(previous);
        }
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
                server.web.start();
            } catch (RuntimeException e) {
                server.releaseResources();
                throw e;
            }
            running = server;
            LOG.log(System.Logger.Level.INFO, "server started: http://" + config.host() + ":" + server.httpPort() + "/, data "
                    + config.dataDirectory() + ", work " + config.workDirectory());
            return server;
        }
    }

    public int httpPort() {
        return web.port();
    }

    public ServerConfig config() {
        return config;
    }

    /**
     * Deploys an EAR, WAR or EJB-JAR.
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
        undeployQuietly(app);
        LOG.log(System.Logger.Level.INFO, "undeployed " + name);
    }

    private void undeployQuietly(DeployedApplication app) {
        deployer.undeploy(app);
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
                config.dataDirectory(), config.workDirectory(), stopped ? List.of() : deployments(), stopped ? List.of() : jms.destinations());
    }

    /**
     * Every declared JMS destination (configured, or defined by an application, or recovered
     * from the store): messages waiting and in flight, consumers, enqueued, acknowledged,
     * expired and dead-lettered counts.
     */
    public List<DestinationStats> jmsDestinations() {
        requireRunning();
        return jms.destinations();
    }

    /** One JMS destination's statistics, or empty if it is not declared. */
    public Optional<DestinationStats> jmsDestination(String name, DestinationType type) {
        requireRunning();
        return jms.destination(name, type);
    }

    private static Deployment describe(DeployedApplication app) {
        List<String> modules = new ArrayList<>();
        for (ModuleInfo m : app.modules()) {
            modules.add(m.uri() + (m.kind() == ModuleKind.WEB ? " (web, " + (m.contextRoot().isEmpty() ? "/" : m.contextRoot()) + ")" : " (ejb)"));
        }
        return new Deployment(app.name(), app.applicationName(), app.archive(), app.deployedAt(), modules, app.describeBeans());
    }

    private void requireRunning() {
        if (stopped) {
            throw new IllegalStateException("the server has been stopped");
        }
    }

    /** Undeploys everything (last deployed first) and stops the sub-servers. */
    public void stop() {
        synchronized (this) {
            if (stopped) {
                return;
            }
            stopped = true;
            List<DeployedApplication> all = new ArrayList<>(deployments.values());
            deployments.clear();
            for (DeployedApplication app : all.reversed()) {
                undeployQuietly(app);
            }
            web.close();
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
        jms.stop();
        configuredDataSources.forEach(ManagedDataSource::close);
        defaultDataSource.close();
        scheduler.shutdownNow();
        asyncExecutor.shutdownNow();
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

package dev.isola.appserver.web;

import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.security.RoleMapping;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Realm;
import org.apache.catalina.ThreadBindingListener;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.JreMemoryLeakPreventionListener;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.realm.LockOutRealm;
import org.apache.catalina.startup.ContextConfig;
import org.apache.catalina.startup.Tomcat;
import org.apache.jasper.servlet.JspServlet;
import org.apache.tomcat.util.modeler.Registry;
import org.apache.tomcat.util.scan.StandardJarScanFilter;
import org.apache.tomcat.util.scan.StandardJarScanner;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The web sub-server: one embedded Apache Tomcat per isolate, one HTTP connector whose
 * requests run on virtual threads, and one Tomcat context per web module.
 *
 * <p>Each context is a full web application: {@code web.xml}, {@code @WebServlet} and
 * friends, JSP through Jasper, and JSTL, which the server provides on its class path (its
 * TLDs are scanned; the server's other JARs are not, which keeps context start-up short).
 * The context's class loader is Tomcat's web application loader with the application's loader
 * as parent; components are created through {@link ComponentInstanceManager}; while Tomcat
 * runs code of the module (requests, listeners, start-up) the module's naming scopes are
 * current, through Tomcat's thread-binding hook.
 *
 * <p>Only one per process: Tomcat registers process-wide state (URL stream handlers), which is
 * one reason isolates are processes.
 */
public final class WebServer implements AutoCloseable {

    private static final Logger TOMCAT_LOGGER = Logger.getLogger("org.apache");
    /** Wrong passwords in a row after which a user is locked out (Tomcat's default). */
    public static final int LOCK_OUT_FAILURES = 5;
    /** How long a locked-out user is refused (Tomcat's default, 5 minutes). */
    public static final int LOCK_OUT_SECONDS = 300;

    private final Tomcat tomcat;
    private final Path baseDirectory;
    private final Map<String, Deployed> contexts = new ConcurrentHashMap<>();
    private final String serverJarsToSkip;
    private final Optional<JspCache> jspCache;
    private final Optional<Connector> https;
    private int port;

    private record Deployed(WebModuleSpec spec, StandardContext context, List<ClassLoader> registered, Optional<JspPublishingValve> publishing,
                            RequestStatistics requests) {
        String owner() {
            return spec.application() + "/" + spec.module();
        }
    }

    /** The requests one deployed web module has answered ({@link #requests()}). */
    public record ModuleRequests(String application, String module, String contextPath, RequestStatistics.Snapshot requests) {
    }

    public WebServer(String host, int port, Path baseDirectory) {
        this(host, port, baseDirectory, Optional.empty());
    }

    /** @param jspCache where compiled JSPs are shared with other servers (see {@link JspCache}); empty: every server compiles its own */
    public WebServer(String host, int port, Path baseDirectory, Optional<JspCache> jspCache) {
        this(host, port, baseDirectory, jspCache, Optional.empty(), Optional.empty(), new KeyfileRealm(Optional.empty()));
    }

    /**
     * @param accessLog the HTTP access log to write; empty: none
     * @param https     an HTTPS port beside the HTTP one; empty: none
     * @param realm     where web applications sign users in: a {@link KeyfileRealm}, a {@link JdbcRealm} or an {@link LdapRealm}
     */
    public WebServer(String host, int port, Path baseDirectory, Optional<JspCache> jspCache, Optional<AccessLog> accessLog,
                     Optional<HttpsListener> https, Realm realm) {
        this.jspCache = jspCache;
        TOMCAT_LOGGER.setLevel(Level.WARNING);
        this.baseDirectory = baseDirectory;
        // Tomcat describes each of its components as a JMX MBean by default; nothing here reads them (the domain reports
        // its own figures over its control link), and building them was ~9 % of a domain's start-up.
        Registry.disableRegistry();
        this.tomcat = new Tomcat();
        tomcat.setBaseDir(baseDirectory.toAbsolutePath().toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", host);
        connector.setProperty("useVirtualThreads", "true");
        tomcat.setConnector(connector);
        this.https = https.map(listener -> {
            // Told now, naming the key store, rather than as a connector that does not start.
            HttpsListener.checkKeyStore(listener.keyStore(), listener.keyStorePassword());
            Connector secure = listener.connector(host);
            tomcat.getService().addConnector(secure);
            return secure;
        });
        tomcat.getHost().setAutoDeploy(false);
        accessLog.ifPresent(log -> tomcat.getHost().getPipeline().addValve(log.valve()));
        // One realm for every application of the domain, as a GlassFish domain's realm; each module maps roles onto its
        // users and groups (group = role where it maps nothing). Behind Tomcat's lock-out, as its own server.xml has it: a
        // user whose password was wrong LOCK_OUT_FAILURES times in a row is refused for LOCK_OUT_SECONDS without a check,
        // which stops guessing and the bcrypt work it costs.
        LockOutRealm lockOut = new ApplicationRolesRealm(this::roleMapping);
        lockOut.setFailureCount(LOCK_OUT_FAILURES);
        lockOut.setLockOutTime(LOCK_OUT_SECONDS);
        lockOut.addRealm(realm);
        tomcat.getEngine().setRealm(lockOut);
        tomcat.getHost().getPipeline().addValve(new CallerValve());
        tomcat.getServer().addLifecycleListener(new JreMemoryLeakPreventionListener());
        this.serverJarsToSkip = serverJars(false);
    }

    /** The role mapping of the module deployed in {@code context}; none for a context that is not (or no longer) one of them. */
    private RoleMapping roleMapping(Context context) {
        Deployed deployed = contexts.get(context.getPath());
        return deployed != null && deployed.context() == context ? deployed.spec().roles() : RoleMapping.GROUPS_ARE_ROLES;
    }

    /** Starts Tomcat and its connector; {@link #port()} is the bound port afterwards. */
    public void start() {
        try {
            Files.createDirectories(baseDirectory.resolve("webapps"));
            tomcat.start();
        } catch (LifecycleException | IOException e) {
            throw new IllegalStateException("the web sub-server could not start: " + e.getMessage(), e);
        }
        this.port = tomcat.getConnector().getLocalPort();
        if (port <= 0) {
            throw new IllegalStateException("the web sub-server could not bind its HTTP port (is it in use?)");
        }
        if (https.isPresent() && httpsPort() <= 0) {
            throw new IllegalStateException("the web sub-server could not open its HTTPS port " + https.get().getPort()
                    + " (is it in use? the web sub-server's log has the cause)");
        }
    }

    public int port() {
        return port;
    }

    /** The HTTPS port once started, -1 without one. */
    public int httpsPort() {
        return https.map(Connector::getLocalPort).orElse(-1);
    }

    /** Whether a context already serves {@code contextPath}, and which module's. */
    public String owner(String contextPath) {
        Deployed d = contexts.get(contextPath);
        return d == null ? null : d.owner();
    }

    /**
     * Adds and starts a context for {@code spec}.
     *
     * @throws IllegalStateException if the context fails to start (Tomcat has logged why)
     */
    public void deploy(WebModuleSpec spec) {
        StandardContext ctx = new StandardContext();
        ctx.setName(spec.contextPath());
        ctx.setPath(spec.contextPath());
        ctx.setDisplayName(spec.application() + "/" + spec.module());
        ctx.setDocBase(spec.docBase().toAbsolutePath().toString());
        ctx.setWorkDir(spec.workDirectory().toAbsolutePath().toString());
        ctx.setParentClassLoader(spec.parentLoader());
        if (spec.classesInApplicationLoader()) {
            // Parent first: the application's loader defines this module's classes, for its beans and servlets alike.
            ctx.setDelegate(true);
        }
        // these two checks need --add-opens into the JDK; without it they only log warnings
        ctx.setClearReferencesRmiTargets(false);
        ctx.setClearReferencesThreadLocals(false);
        ctx.setInstanceManager(new ComponentInstanceManager(spec.injector(), spec.scopes(), () -> ctx.getLoader().getClassLoader()));
        ctx.addLifecycleListener(new Tomcat.DefaultWebXmlListener());
        // After the listener above has added the JSP servlet: its compiler must not pin the module (LeakFreeJdtCompiler).
        ctx.addLifecycleListener(event -> {
            if (org.apache.catalina.Lifecycle.BEFORE_START_EVENT.equals(event.getType()) && ctx.findChild("jsp") instanceof Wrapper jsp) {
                jsp.addInitParameter("compilerClassName", LeakFreeJdtCompiler.class.getName());
            }
        });
        // Tomcat records @Resource fields of resource types (DataSource, ConnectionFactory) as naming resources of its
        // own and tries to clean them up through its JNDI when the context stops, which fails noisily: this server
        // injects them (ComponentInstanceManager) and owns their life, so Tomcat is made to forget them.
        ctx.addLifecycleListener(event -> {
            if (org.apache.catalina.Lifecycle.AFTER_START_EVENT.equals(event.getType())) {
                org.apache.catalina.deploy.NamingResourcesImpl resources = ctx.getNamingResources();
                for (org.apache.tomcat.util.descriptor.web.ContextResource r : resources.findResources()) {
                    resources.removeResource(r.getName());
                }
            }
        });
        ContextConfig config = new ContextConfig();
        config.setDefaultWebXml(tomcat.noDefaultWebXmlPath());
        ctx.addLifecycleListener(config);
        StandardJarScanner scanner = new StandardJarScanner();
        StandardJarScanFilter filter = new StandardJarScanFilter();
        filter.setDefaultTldScan(true);
        filter.setTldSkip(serverJarsToSkip);
        filter.setDefaultPluggabilityScan(true);
        filter.setPluggabilitySkip(serverJars(true));
        scanner.setJarScanFilter(filter);
        ctx.setJarScanner(scanner);
        Deque<NamingScopes.Restore> bound = new ArrayDeque<>();
        List<ClassLoader> registered = new java.util.concurrent.CopyOnWriteArrayList<>();
        ctx.setThreadBindingListener(new ThreadBindingListener() {
            @Override
            public void bind() {
                ClassLoader loader = Thread.currentThread().getContextClassLoader();
                if (loader != null && loader != spec.parentLoader() && !registered.contains(loader)) {
                    registered.add(loader);
                    NamingScopes.register(loader, spec.scopes());
                }
                synchronized (bound) {
                    bound.push(NamingScopes.enter(spec.scopes()));
                }
            }

            @Override
            public void unbind() {
                NamingScopes.Restore r;
                synchronized (bound) {
                    r = bound.poll();
                }
                if (r != null) {
                    r.close();
                }
            }
        });
        // First in the pipeline, so that the time counted includes the valves after it.
        RequestStatistics requests = new RequestStatistics();
        ctx.getPipeline().addValve(new RequestMetricsValve(requests));
        Optional<JspPublishingValve> publishing = jspCache.map(cache -> {
            Path entry = cache.entry(spec.archiveSha256(), spec.module());
            Path work = spec.workDirectory().toAbsolutePath();
            cache.restore(entry, work); // what other servers compiled; pages they have not reached yet, this one publishes
            JspPublishingValve valve = new JspPublishingValve(cache, entry, work,
                    () -> ctx.findChild("jsp") instanceof Wrapper w && w.getServlet() instanceof JspServlet jsp ? jsp.getJspCount() : 0);
            ctx.getPipeline().addValve(valve);
            return valve;
        });
        tomcat.getHost().addChild(ctx);
        if (!ctx.getState().isAvailable()) {
            removeQuietly(ctx);
            throw new IllegalStateException("web module " + spec.module() + " at " + spec.contextPath()
                    + " failed to start (the web sub-server's log has the cause)");
        }
        contexts.put(spec.contextPath(), new Deployed(spec, ctx, registered, publishing, requests));
    }

    /** The requests each deployed web module has answered since its deployment, by context path. */
    public List<ModuleRequests> requests() {
        return contexts.values().stream()
                .sorted(Comparator.comparing((Deployed d) -> d.spec().contextPath()))
                .map(d -> new ModuleRequests(d.spec().application(), d.spec().module(), d.spec().contextPath(), d.requests().snapshot()))
                .toList();
    }

    /** Stops and removes the context at {@code contextPath}, if any. */
    public void undeploy(String contextPath) {
        Deployed d = contexts.remove(contextPath);
        if (d != null) {
            d.publishing().ifPresent(JspPublishingValve::publish);
            removeQuietly(d.context());
            VirtualThreadBeanInfoCache.flush();
            d.registered().forEach(NamingScopes::unregister);
            d.registered().clear();
        }
    }

    private void removeQuietly(Context ctx) {
        try {
            tomcat.getHost().removeChild(ctx);
        } catch (RuntimeException e) {
            TOMCAT_LOGGER.log(Level.WARNING, "removing context " + ctx.getPath() + ": " + e);
        }
        try {
            ctx.destroy();
        } catch (LifecycleException | RuntimeException ignored) {
            // already destroyed by removeChild
        }
    }

    @Override
    public void close() {
        contexts.keySet().forEach(this::undeploy);
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            TOMCAT_LOGGER.log(Level.WARNING, "stopping the web sub-server: " + e);
        }
    }

    /** The file names of the server's own JARs, as a Tomcat scan-filter pattern list; JSTL stays scannable for TLDs unless {@code all}. */
    private static String serverJars(boolean all) {
        String cp = System.getProperty("java.class.path", "");
        return Arrays.stream(cp.split(File.pathSeparator)).filter(s -> s.endsWith(".jar"))
                .map(s -> Path.of(s).getFileName().toString())
                .filter(n -> all || !n.contains("jstl"))
                .distinct().collect(Collectors.joining(","));
    }
}

package dev.isola.admin.rest;

import dev.isola.admin.auth.PasswordCheck;
import dev.isola.admin.console.Console;
import dev.isola.admin.metrics.PrometheusMetrics;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.apache.tomcat.util.modeler.Registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The admin port: an embedded Tomcat with the REST API under {@code /api}, Prometheus metrics
 * at {@code /metrics}, both behind HTTP Basic authentication (or a console session), and the
 * web console under {@code /console/} ({@link Console}, with its own login). A servlet
 * container rather than a bare HTTP server, so that the console gets sessions.
 */
public final class AdminServer implements AutoCloseable {

    private static final Logger TOMCAT_LOGGER = Logger.getLogger("org.apache");

    private final Tomcat tomcat;
    private final Wrapper api;
    private final Path uploadsDirectory;
    private int port;

    /** Takes multipart uploads (deploy, restore) up to {@code bytes} from the next request on: Tomcat reads the limit at each. */
    public void maxUploadBytes(long bytes) {
        api.setMultipartConfigElement(new MultipartConfigElement(uploadsDirectory.toString(), bytes, bytes, 1 << 20));
    }

    /**
     * @param host       the listen address (loopback unless the operator says otherwise)
     * @param baseDir    Tomcat's working directory (multipart spooling)
     * @param authHint   where users find the password, for 401 answers
     * @param console    the web console, installed on the same context
     */
    public AdminServer(String host, int port, Path baseDir, List<Route> routes, PrometheusMetrics metrics, PasswordCheck passwords,
                       String authHint, long maxUploadBytes, Console console) throws IOException {
        TOMCAT_LOGGER.setLevel(Level.WARNING);
        Files.createDirectories(baseDir.resolve("webapps"));
        // No JMX MBeans for Tomcat's components: the admin's figures are its own (PrometheusMetrics), and building them
        // costs start-up time.
        Registry.disableRegistry();
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", host);
        // Read a refused upload to its end instead of resetting the connection, so clients see the answer,
        // and send "100 Continue" only once the request is accepted (clients that wait for it send nothing in vain).
        connector.setProperty("maxSwallowSize", "-1");
        connector.setProperty("continueResponseTiming", "onRead");
        connector.setMaxPostSize(-1);
        // A JMS destination's name may hold '/', sent as %2F inside one path segment: let it through undecoded (the
        // routes decode their parameters), where Tomcat would refuse the request.
        connector.setEncodedSolidusHandling("passthrough");
        tomcat.setConnector(connector);
        tomcat.getHost().setAutoDeploy(false);

        Context context = tomcat.addContext("", baseDir.toString());
        if (context instanceof StandardContext standard) {
            // There is no application here to leak anything, and these checks need --add-opens into the JDK.
            standard.setClearReferencesRmiTargets(false);
            standard.setClearReferencesThreadLocals(false);
        }
        FilterDef auth = new FilterDef();
        auth.setFilterName("basic-auth");
        auth.setFilter(new BasicAuthFilter(passwords, authHint));
        context.addFilterDef(auth);
        FilterMap protectedPaths = new FilterMap();
        protectedPaths.setFilterName("basic-auth");
        protectedPaths.addURLPattern("/api");
        protectedPaths.addURLPattern("/api/*");
        protectedPaths.addURLPattern("/metrics");
        protectedPaths.addServletName("not-found");
        context.addFilterMap(protectedPaths);

        Wrapper api = Tomcat.addServlet(context, "api", new ApiServlet(routes));
        this.api = api;
        this.uploadsDirectory = baseDir.resolve("uploads");
        maxUploadBytes(maxUploadBytes);
        Files.createDirectories(baseDir.resolve("uploads"));
        context.addServletMappingDecoded("/api", "api");
        context.addServletMappingDecoded("/api/*", "api");

        Tomcat.addServlet(context, "metrics", new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                response.setContentType(PrometheusMetrics.CONTENT_TYPE);
                ClassLoader previous = ApiServlet.useServerLoader();
                try {
                    metrics.write(response.getOutputStream());
                } finally {
                    Thread.currentThread().setContextClassLoader(previous);
                }
            }
        });
        context.addServletMappingDecoded("/metrics", "metrics");

        Tomcat.addServlet(context, "not-found", new ApiServlet(List.of()));
        context.addServletMappingDecoded("/", "not-found");
        console.install(context);
    }

    /**
     * Starts listening.
     *
     * @throws IllegalStateException saying that the port is taken, or why Tomcat did not start
     */
    public void start() {
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            throw new IllegalStateException("the admin port could not start: " + e.getMessage(), e);
        }
        port = tomcat.getConnector().getLocalPort();
        if (port <= 0) {
            throw new IllegalStateException("the admin port " + tomcat.getConnector().getPort() + " could not be bound: is another admin isolate"
                    + " or another program using it? (choose another with --port)");
        }
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            Logger.getLogger(AdminServer.class.getName()).warning("stopping the admin port: " + e.getMessage());
        }
    }
}

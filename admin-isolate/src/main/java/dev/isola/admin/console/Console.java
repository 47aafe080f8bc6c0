package dev.isola.admin.console;

import dev.isola.admin.LiveAdminSettings;
import dev.isola.admin.auth.PasswordCheck;
import dev.isola.admin.supervise.Supervisor;
import org.apache.catalina.Context;
import org.apache.catalina.Session;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.apache.tomcat.util.http.Rfc6265CookieProcessor;

import java.time.Duration;

/**
 * The web console, served under {@code /console/} by the admin port's Tomcat: a login with the
 * admin password, sessions that end after {@code idleTimeout} without a request, pages rendered
 * on the server from the supervisor's views, and a little JavaScript that keeps their live
 * parts fresh and acts by calling the REST API with the session (and its CSRF token). The
 * console has no operation of its own: what it does, the API does.
 *
 * <p>The session cookie is HttpOnly and SameSite=Strict; sessions are not kept across restarts
 * of the admin isolate.
 */
public final class Console {

    /** The default idle timeout of a console session. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(30);

    private final Supervisor supervisor;
    private final PasswordCheck passwords;
    private volatile Duration idleTimeout;
    private final LiveAdminSettings settings;
    private volatile Context context;

    /** @param idleTimeout how long a session lives without a request, at least a minute (Tomcat counts in minutes) */
    public Console(Supervisor supervisor, PasswordCheck passwords, Duration idleTimeout, LiveAdminSettings settings) {
        this.settings = settings;
        requireAtLeastAMinute(idleTimeout);
        this.supervisor = supervisor;
        this.passwords = passwords;
        this.idleTimeout = idleTimeout;
    }

    private static void requireAtLeastAMinute(Duration idleTimeout) {
        if (idleTimeout.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException("the console's session idle timeout must be at least 1 minute, not " + idleTimeout.toSeconds() + " s");
        }
    }

    /** Sessions made from now on end after {@code idleTimeout} without a request; those open keep the time they were given. */
    public void idleTimeout(Duration idleTimeout) {
        requireAtLeastAMinute(idleTimeout);
        this.idleTimeout = idleTimeout;
        Context installed = context;
        if (installed != null) {
            installed.setSessionTimeout((int) idleTimeout.toMinutes());
        }
    }

    /** Registers the console's session settings, filter and servlets with the admin port's context. */
    public void install(Context context) {
        this.context = context;
        context.setSessionTimeout((int) idleTimeout.toMinutes());
        context.setUseHttpOnly(true);
        Rfc6265CookieProcessor cookies = new Rfc6265CookieProcessor();
        cookies.setSameSiteCookies("strict");
        context.setCookieProcessor(cookies);
        StandardManager sessions = new StandardManager();
        sessions.setPathname(null);
        context.setManager(sessions);
        // Whoever knew the old password is logged in no longer: each session, the one that made the change too, logs in again.
        passwords.onChange(() -> {
            for (Session session : sessions.findSessions()) {
                session.expire();
            }
        });

        FilterDef filter = new FilterDef();
        filter.setFilterName("console");
        filter.setFilter(new ConsoleFilter());
        context.addFilterDef(filter);
        FilterMap console = new FilterMap();
        console.setFilterName("console");
        console.addURLPattern("/console");
        console.addURLPattern("/console/*");
        console.addServletName("console-root");
        context.addFilterMap(console);

        Tomcat.addServlet(context, "console-root", new RedirectServlet("/console/"));
        context.addServletMappingDecoded("", "console-root");
        context.addServletMappingDecoded("/console", "console-root");
        Tomcat.addServlet(context, "console-static", new StaticServlet());
        context.addServletMappingDecoded("/console/static/*", "console-static");
        Tomcat.addServlet(context, "console-login", new LoginServlet(passwords));
        context.addServletMappingDecoded(LoginServlet.PATH, "console-login");
        context.addServletMappingDecoded(LoginServlet.LOGOUT_PATH, "console-login");
        Tomcat.addServlet(context, "console-pages", new PagesServlet(supervisor, settings));
        context.addServletMappingDecoded("/console/*", "console-pages");
    }
}

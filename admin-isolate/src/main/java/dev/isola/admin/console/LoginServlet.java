package dev.isola.admin.console;

import dev.isola.admin.auth.PasswordCheck;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Optional;

/**
 * {@code /console/login}: the login form (with the CSRF token of a new session) and its post,
 * checked with the REST API's {@link PasswordCheck}; {@code /console/logout} ends the session
 * (a post, so it needs the token too; {@link ConsoleFilter} checks it).
 */
final class LoginServlet extends HttpServlet {

    static final String PATH = "/console/login";
    static final String LOGOUT_PATH = "/console/logout";
    private static final System.Logger LOG = System.getLogger("dev.isola.admin.console");

    private final PasswordCheck passwords;

    LoginServlet(PasswordCheck passwords) {
        this.passwords = passwords;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getServletPath().equals(LOGOUT_PATH)) {
            Pages.redirect(response, PATH);
            return;
        }
        if (ConsoleSession.loggedIn(request).isPresent()) {
            Pages.redirect(response, "/console/");
            return;
        }
        String notice = request.getParameter("bye") != null ? "You have logged out." : null;
        page(response, 200, ConsoleSession.anonymous(request), notice, null);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.setCharacterEncoding("UTF-8");
        if (request.getServletPath().equals(LOGOUT_PATH)) {
            ConsoleSession.loggedIn(request).ifPresent(ConsoleSession::invalidate);
            Pages.redirect(response, PATH + "?bye");
            return;
        }
        Optional<ConsoleSession> session = ConsoleSession.existing(request);
        if (session.isEmpty() || !session.get().accepts(request.getParameter(ConsoleSession.CSRF_FIELD))) {
            LOG.log(System.Logger.Level.WARNING, "refused a login from " + request.getRemoteAddr() + ": no valid CSRF token");
            page(response, 403, ConsoleSession.anonymous(request), null,
                    "Refused: the login form carried no valid CSRF token (it may have expired). Try again with this form.");
            return;
        }
        String user = Optional.ofNullable(request.getParameter("user")).orElse("").strip();
        String password = Optional.ofNullable(request.getParameter("password")).orElse("");
        if (!passwords.matches(user, password)) {
            LOG.log(System.Logger.Level.WARNING, "console login failed from " + request.getRemoteAddr() + " as user '" + user + "'");
            page(response, 401, session.get(), null, "Wrong user name or password (the user is " + PasswordCheck.USER + ").");
            return;
        }
        ConsoleSession.logIn(request, user);
        LOG.log(System.Logger.Level.INFO, "console login from " + request.getRemoteAddr());
        Pages.redirect(response, "/console/");
    }

    private static void page(HttpServletResponse response, int status, ConsoleSession session, String notice, String error) throws IOException {
        Html.Raw body = Html.t("""
                <main class="login">
                <h1>Isola admin</h1>
                {}{}
                <form method="post" action="{}" id="login">
                <input type="hidden" name="{}" value="{}">
                <label>User <input name="user" id="user" value="{}" autocomplete="username" required></label>
                <label>Password <input type="password" name="password" id="password" autocomplete="current-password" required autofocus></label>
                <button type="submit">Log in</button>
                </form>
                <p class="hint">The admin password: set with <code>ISOLA_ADMIN_PASSWORD</code> or <code>--password-file</code> at start,
                or the one generated at the first start (<code>var/domains/.admin/admin-password</code>),
                until changed with <code>deploy-tool change-admin-password</code>.</p>
                </main>""",
                notice == null ? Html.raw("") : Html.t("<p class=\"notice\" role=\"status\">{}</p>", notice),
                error == null ? Html.raw("") : Html.t("<p class=\"alert\" role=\"alert\" id=\"login-error\">{}</p>", error),
                PATH, ConsoleSession.CSRF_FIELD, session.csrfToken(), PasswordCheck.USER);
        Pages.write(response, status, Pages.document("Log in", "login", null, null, body));
    }
}

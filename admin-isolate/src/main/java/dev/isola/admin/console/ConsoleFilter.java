package dev.isola.admin.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Optional;

/**
 * In front of every console request: sets the security headers (a Content-Security-Policy that
 * allows the console's own scripts, styles and calls only, and no framing), sends a browser
 * without a session to the login page, and refuses with 403 any state-changing request of a
 * session that does not carry the session's CSRF token. The login page and the static files
 * are open: the login form checks its own token.
 */
final class ConsoleFilter extends HttpFilter {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self';"
            + " object-src 'none'";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain) throws IOException, ServletException {
        securityHeaders(response);
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (path.startsWith("/console/static/") || path.equals(LoginServlet.PATH) || path.equals("/") || path.equals("/console")) {
            chain.doFilter(request, response);
            return;
        }
        Optional<ConsoleSession> session = ConsoleSession.loggedIn(request);
        if (session.isEmpty()) {
            if (ConsoleSession.changesState(request.getMethod())) {
                Pages.refuse(response, 403, "Not logged in, or the session has expired: log in again.");
            } else {
                Pages.redirect(response, LoginServlet.PATH);
            }
            return;
        }
        if (ConsoleSession.changesState(request.getMethod())) {
            String token = Optional.ofNullable(request.getHeader(ConsoleSession.CSRF_HEADER)).orElse(request.getParameter(ConsoleSession.CSRF_FIELD));
            if (!session.get().accepts(token)) {
                System.getLogger("dev.isola.admin.console").log(System.Logger.Level.WARNING, "refused " + request.getMethod() + " "
                        + request.getRequestURI() + " from " + request.getRemoteAddr() + ": " + (token == null ? "no" : "a wrong") + " CSRF token");
                Pages.refuse(response, 403, "Refused: this request carries " + (token == null ? "no" : "a wrong") + " CSRF token. "
                        + "Reload the page and try again.");
                return;
            }
        }
        response.setHeader("Cache-Control", "no-store");
        chain.doFilter(request, response);
    }

    /** The headers of every console response. */
    static void securityHeaders(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "same-origin");
    }
}

package dev.isola.admin.rest;

import dev.isola.admin.auth.PasswordCheck;
import dev.isola.admin.console.ConsoleSession;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Every request to the admin port needs the admin's credentials, sent with HTTP Basic
 * authentication (the port listens on loopback unless told otherwise; put TLS in front of it
 * before exposing it). A request without them, or with wrong ones, is answered 401 with a JSON
 * body saying where the credentials are, and logged as one line.
 *
 * <p>A request without credentials that belongs to a logged-in console session is let through
 * as well (the console's pages read and act through the API), if, when it changes anything, it
 * carries the session's CSRF token in the {@value ConsoleSession#CSRF_HEADER} header: a forged
 * cross-site request has the cookie but not the token, and is refused with 403.
 */
final class BasicAuthFilter extends HttpFilter {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin.rest");
    static final String REALM = "isola admin";

    private final PasswordCheck passwords;
    private final String hint;

    /** @param hint where a user finds the password, for the 401 message */
    BasicAuthFilter(PasswordCheck passwords, String hint) {
        this.passwords = passwords;
        this.hint = hint;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain) throws IOException, ServletException {
        String header = request.getHeader("Authorization");
        String problem;
        Optional<ConsoleSession> session = header == null ? ConsoleSession.loggedIn(request) : Optional.empty();
        if (session.isPresent()) {
            if (ConsoleSession.changesState(request.getMethod()) && !session.get().accepts(request.getHeader(ConsoleSession.CSRF_HEADER))) {
                String token = request.getHeader(ConsoleSession.CSRF_HEADER) == null ? "no" : "a wrong";
                LOG.log(System.Logger.Level.WARNING, "refused " + request.getMethod() + " " + request.getRequestURI() + " from "
                        + request.getRemoteAddr() + ": a console session with " + token + " CSRF token");
                response.setStatus(403);
                response.setContentType("application/json;charset=UTF-8");
                response.getOutputStream().write((ApiServlet.JSON.writeValueAsString(ErrorBody.of(403, "refused: a request made with the console's"
                        + " session that changes anything must carry the session's token in the " + ConsoleSession.CSRF_HEADER + " header; this one"
                        + " has " + token + " token")) + "\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            chain.doFilter(request, response);
            return;
        }
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            problem = "authentication required: send the admin's user name and password with HTTP Basic authentication (" + hint + ")";
        } else {
            String[] credentials = decode(header.substring(6).strip());
            if (credentials != null && passwords.matches(credentials[0], credentials[1])) {
                chain.doFilter(request, response);
                return;
            }
            problem = "wrong user name or password (the user is " + PasswordCheck.USER + "; " + hint + ")";
            LOG.log(System.Logger.Level.WARNING, "authentication failed for " + request.getMethod() + " " + request.getRequestURI()
                    + " from " + request.getRemoteAddr() + (credentials == null ? " (malformed header)" : " as user '" + credentials[0] + "'"));
        }
        response.setStatus(401);
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
        response.setContentType("application/json;charset=UTF-8");
        response.getOutputStream().write((ApiServlet.JSON.writeValueAsString(ErrorBody.of(401, problem)) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static String[] decode(String encoded) {
        try {
            String text = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
            int colon = text.indexOf(':');
            return colon < 0 ? null : new String[]{text.substring(0, colon), text.substring(colon + 1)};
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}

package dev.isola.admin.rest;

import dev.isola.admin.auth.PasswordCheck;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Every request to the admin port needs the admin's credentials, sent with HTTP Basic
 * authentication (the port listens on loopback unless told otherwise; put TLS in front of it
 * before exposing it). A request without them, or with wrong ones, is answered 401 with a JSON
 * body saying where the credentials are, and logged as one line.
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

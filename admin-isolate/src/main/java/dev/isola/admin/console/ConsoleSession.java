package dev.isola.admin.console;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * What the console keeps in an HTTP session: the token that every state-changing request of
 * the session must carry (a form field {@value #CSRF_FIELD}, or the header {@value #CSRF_HEADER}
 * for the page's own calls to the REST API), and, once the administrator has logged in, who
 * did. A session is created by the login page, before the login, so that the login form
 * itself carries a token; logging in replaces the session's id and token.
 */
public final class ConsoleSession {

    /** The form field that carries the token. */
    public static final String CSRF_FIELD = "csrf";
    /** The header that carries the token on the page's calls to the API. */
    public static final String CSRF_HEADER = "X-CSRF-Token";

    private static final String TOKEN = "isola.console.csrf";
    private static final String USER = "isola.console.user";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final HttpSession session;

    private ConsoleSession(HttpSession session) {
        this.session = session;
    }

    /** The session of a logged-in administrator, if the request belongs to one. */
    public static Optional<ConsoleSession> loggedIn(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session == null) {
            return Optional.empty();
        }
        try {
            return session.getAttribute(USER) == null ? Optional.empty() : Optional.of(new ConsoleSession(session));
        } catch (IllegalStateException invalidated) {
            return Optional.empty();
        }
    }

    /** The request's session, created with a token if it has none (the login page). */
    static ConsoleSession anonymous(HttpServletRequest request) {
        HttpSession session = request.getSession(true);
        if (session.getAttribute(TOKEN) == null) {
            session.setAttribute(TOKEN, newToken());
        }
        return new ConsoleSession(session);
    }

    /** The request's session if it has one with a token (the login form's post). */
    static Optional<ConsoleSession> existing(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null || session.getAttribute(TOKEN) == null ? Optional.empty() : Optional.of(new ConsoleSession(session));
    }

    /** Marks the session as the administrator's, under a new id and a new token (no session fixation). */
    static ConsoleSession logIn(HttpServletRequest request, String user) {
        request.changeSessionId();
        HttpSession session = request.getSession(false);
        session.setAttribute(TOKEN, newToken());
        session.setAttribute(USER, user);
        return new ConsoleSession(session);
    }

    public String csrfToken() {
        return (String) session.getAttribute(TOKEN);
    }

    public String user() {
        return (String) session.getAttribute(USER);
    }

    /** Whether {@code token} is this session's, compared in constant time. */
    public boolean accepts(String token) {
        String expected = csrfToken();
        return token != null && expected != null
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), token.getBytes(StandardCharsets.US_ASCII));
    }

    /** Whether {@code method} changes anything, and so needs the token. */
    public static boolean changesState(String method) {
        return !("GET".equals(method) || "HEAD".equals(method) || "OPTIONS".equals(method));
    }

    void invalidate() {
        try {
            session.invalidate();
        } catch (IllegalStateException alreadyInvalid) {
            // logged out twice: nothing left to end
        }
    }

    private static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}

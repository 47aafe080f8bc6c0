package dev.isola.petstore.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Sends visitors who are not signed on from the customer-only pages to the sign-on page, which
 * brings them back afterwards ({@code next}).
 */
@WebFilter(filterName = "signOn", urlPatterns = {"/checkout", "/orders", "/order", "/account"})
public class SignOnFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (SignedOnUser.current(request) != null) {
            chain.doFilter(request, response);
            return;
        }
        // After sign-on a GET of the same page is right; a POST (a submitted form) restarts at its page.
        String next = request.getServletPath();
        if ("GET".equals(request.getMethod()) && request.getQueryString() != null) {
            next += "?" + request.getQueryString();
        }
        Pages.redirect(request, response, "/signon?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8));
    }

    /**
     * Whether {@code next} is a path inside this application, so sign-on cannot be used to
     * redirect anyone to another site.
     */
    static boolean isLocalPath(String next) {
        return next.startsWith("/") && !next.startsWith("//") && !next.contains("\\")
                && next.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    }
}

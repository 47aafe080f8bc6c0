package dev.isola.admin.rest;

import jakarta.servlet.http.HttpServletRequest;

import java.util.Map;
import java.util.Optional;

/**
 * A request as a route handler sees it: the servlet request and the path parameters the
 * route's template captured ({@code {domain}}, {@code {application}}).
 */
public record ApiRequest(HttpServletRequest http, Map<String, String> pathParameters) {

    public String path(String name) {
        String value = pathParameters.get(name);
        if (value == null) {
            throw new IllegalStateException("route has no path parameter {" + name + "}");
        }
        return value;
    }

    public Optional<String> query(String name) {
        return Optional.ofNullable(http.getParameter(name)).filter(v -> !v.isEmpty());
    }

    /** A boolean query parameter: {@code true}/{@code false}, absent means {@code fallback}. */
    public boolean flag(String name, boolean fallback) {
        Optional<String> value = query(name);
        if (value.isEmpty()) {
            return fallback;
        }
        return switch (value.get()) {
            case "true", "1", "yes" -> true;
            case "false", "0", "no" -> false;
            default -> throw new ApiException(400, "query parameter " + name + "=" + value.get() + " must be true or false");
        };
    }

    /** A positive whole-number query parameter up to {@code max}. */
    public int number(String name, int fallback, int max) {
        Optional<String> value = query(name);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.get());
            if (n < 1 || n > max) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new ApiException(400, "query parameter " + name + "=" + value.get() + " must be a whole number from 1 to " + max);
        }
    }
}

package dev.isola.admin.rest;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operation of the API: an HTTP method, a path template with {@code {parameters}} (each
 * matching one path segment), and its handler. The list of routes is what the OpenAPI
 * document must describe, which a test checks.
 */
public record Route(String method, String template, Handler handler) {

    @FunctionalInterface
    public interface Handler {
        ApiResponse handle(ApiRequest request) throws Exception;
    }

    /** The path parameters if {@code path} matches this route's template. */
    Optional<Map<String, String>> match(String path) {
        List<String> expected = segments(template);
        List<String> actual = segments(path);
        if (expected.size() != actual.size()) {
            return Optional.empty();
        }
        Map<String, String> parameters = new HashMap<>();
        for (int i = 0; i < expected.size(); i++) {
            String e = expected.get(i);
            String a = actual.get(i);
            if (e.startsWith("{") && e.endsWith("}")) {
                if (a.isEmpty()) {
                    return Optional.empty();
                }
                parameters.put(e.substring(1, e.length() - 1), decode(a));
            } else if (!e.equals(a)) {
                return Optional.empty();
            }
        }
        return Optional.of(parameters);
    }

    /** A path segment's percent-escapes decoded ({@code %2F} is '/', '+' stays '+'); a malformed one is taken as it is. */
    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return segment;
        }
    }

    private static List<String> segments(String path) {
        List<String> segments = new ArrayList<>(List.of(path.split("/", -1)));
        if (!segments.isEmpty() && segments.getFirst().isEmpty()) {
            segments.removeFirst();
        }
        if (segments.size() > 1 && segments.getLast().isEmpty()) {
            segments.removeLast();
        }
        return segments;
    }
}

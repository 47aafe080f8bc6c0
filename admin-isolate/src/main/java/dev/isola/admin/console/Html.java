package dev.isola.admin.console;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The console's templating: {@link #t} fills the {@code {}} placeholders of a template with
 * values, escaping each for HTML text and attributes, unless it is already {@link Raw} markup
 * (a fragment built the same way). Names, messages and log lines can hold anything, markup
 * included, so nothing reaches a page unescaped by accident.
 *
 * <pre>{@code
 * Html.t("<td><a href=\"/console/domains/{}\">{}</a></td>", Html.path(name), name)
 * }</pre>
 */
final class Html {

    /** Markup that is written as it is. */
    record Raw(String html) {
        @Override
        public String toString() {
            return html;
        }
    }

    private Html() {
    }

    static Raw raw(String html) {
        return new Raw(html);
    }

    /** {@code template} with each {@code {}} replaced by the next value, escaped unless it is {@link Raw}. */
    static Raw t(String template, Object... values) {
        StringBuilder out = new StringBuilder(template.length() + 64);
        int next = 0;
        int from = 0;
        int at;
        while ((at = template.indexOf("{}", from)) >= 0) {
            if (next >= values.length) {
                throw new IllegalArgumentException("template has more {} than the " + values.length + " values given: " + template);
            }
            out.append(template, from, at);
            Object value = values[next++];
            out.append(value instanceof Raw raw ? raw.html() : escape(String.valueOf(value)));
            from = at + 2;
        }
        if (next != values.length) {
            throw new IllegalArgumentException("template has " + next + " {} for " + values.length + " values: " + template);
        }
        return new Raw(out.append(template, from, template.length()).toString());
    }

    /** Fragments one after the other. */
    static Raw join(Iterable<Raw> fragments) {
        StringBuilder out = new StringBuilder();
        fragments.forEach(f -> out.append(f.html()));
        return new Raw(out.toString());
    }

    /** {@code text} safe in HTML text and in quoted attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code segment} encoded for one segment of a URL path. */
    static String path(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}

package dev.isola.petstore.catalog;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A keyword search as typed by a user, reduced to at most {@link #MAX_TERMS} lower-case terms of
 * at most {@link #MAX_TERM_LENGTH} characters each. A product matches when every term occurs in
 * its name or description or in the name or description of one of its items.
 */
public record SearchQuery(List<String> terms) {
    public static final int MAX_TERMS = 5;
    public static final int MAX_TERM_LENGTH = 40;

    public SearchQuery {
        terms = List.copyOf(terms);
    }

    /** Splits {@code text} on white space; extra terms and characters are dropped, not rejected. */
    public static SearchQuery parse(String text) {
        if (text == null) {
            return new SearchQuery(List.of());
        }
        List<String> terms = Arrays.stream(text.strip().toLowerCase(Locale.ROOT).split("\\s+"))
                .filter(term -> !term.isEmpty())
                .map(term -> term.length() > MAX_TERM_LENGTH ? term.substring(0, MAX_TERM_LENGTH) : term)
                .distinct()
                .limit(MAX_TERMS)
                .toList();
        return new SearchQuery(terms);
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }

    /** The term as a SQL LIKE pattern with {@code %}, {@code _} and the escape character escaped. */
    static String likePattern(String term) {
        StringBuilder pattern = new StringBuilder("%");
        for (char c : term.toCharArray()) {
            if (c == '%' || c == '_' || c == '\\') {
                pattern.append('\\');
            }
            pattern.append(c);
        }
        return pattern.append('%').toString();
    }
}

package dev.isola.appserver.jms.selector;

import java.util.regex.Pattern;

/**
 * The pattern of a LIKE: {@code _} is any one character, {@code %} any sequence (also empty),
 * every other character itself; the escape character makes the next {@code _}, {@code %} or
 * escape character literal.
 */
final class LikePattern {

    private final Pattern regex;

    private LikePattern(Pattern regex) {
        this.regex = regex;
    }

    /**
     * @param patternPosition where the pattern literal starts, for error positions
     * @throws SelectorSyntaxException if the escape character is not followed by {@code _}, {@code %} or itself
     */
    static LikePattern compile(String selector, String pattern, Character escape, int patternPosition) throws SelectorSyntaxException {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (escape != null && c == escape) {
                if (i + 1 >= pattern.length()) {
                    throw new SelectorSyntaxException(selector, patternPosition, "LIKE pattern '" + pattern + "' ends with its escape character");
                }
                char escaped = pattern.charAt(++i);
                if (escaped != '_' && escaped != '%' && escaped != escape) {
                    throw new SelectorSyntaxException(selector, patternPosition, "in LIKE pattern '" + pattern + "' the escape character '"
                            + escape + "' must be followed by '_', '%' or itself, not '" + escaped + "'");
                }
                literal.append(escaped);
            } else if (c == '_' || c == '%') {
                flush(regex, literal);
                regex.append(c == '_' ? "." : ".*");
            } else {
                literal.append(c);
            }
        }
        flush(regex, literal);
        return new LikePattern(Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    private static void flush(StringBuilder regex, StringBuilder literal) {
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
            literal.setLength(0);
        }
    }

    boolean matches(String value) {
        return regex.matcher(value).matches();
    }
}

package dev.isola.appserver.jms.selector;

import jakarta.jms.InvalidSelectorException;

/**
 * A selector that does not follow the grammar or mixes types in a way the grammar forbids.
 * The message names the selector, what was wrong, and the 1-based position of the offending
 * character.
 */
public final class SelectorSyntaxException extends InvalidSelectorException {

    private final String selector;
    private final int position;

    SelectorSyntaxException(String selector, int index, String problem) {
        super("invalid message selector \"" + selector + "\": " + problem + " at position " + (index + 1)
                + describeNear(selector, index), "INVALID_SELECTOR");
        this.selector = selector;
        this.position = index + 1;
    }

    private static String describeNear(String selector, int index) {
        if (index >= selector.length()) {
            return " (end of selector)";
        }
        String rest = selector.substring(index);
        return " (at \"" + (rest.length() > 20 ? rest.substring(0, 20) + "..." : rest) + "\")";
    }

    /** The selector as given. */
    public String selector() {
        return selector;
    }

    /** The 1-based position of the character where the problem was found (length + 1 for the end). */
    public int position() {
        return position;
    }
}

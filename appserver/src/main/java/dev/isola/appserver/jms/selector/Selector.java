package dev.isola.appserver.jms.selector;

import java.util.Objects;

/**
 * A compiled message selector: the SQL-92 subset of Jakarta Messaging 3.1, evaluated with
 * SQL's three-valued logic. A message is selected only if the selector is TRUE for it;
 * FALSE and unknown (anything involving a missing value) both reject it.
 *
 * <pre>{@code
 * Selector s = Selector.compile("JMSType = 'car' AND color IN ('blue', 'green') AND weight > 2500");
 * boolean wanted = s.matches(identifier -> message.valueOf(identifier));
 * }</pre>
 *
 * <p>Instances are immutable and can be shared between threads.
 */
public final class Selector {

    private final String text;
    private final Expression expression;

    private Selector(String text, Expression expression) {
        this.text = text;
        this.expression = expression;
    }

    /**
     * @param text a selector; null or blank means "select everything" and gives null
     * @return the compiled selector, or null if {@code text} selects everything
     * @throws SelectorSyntaxException naming the problem and its position
     */
    public static Selector compile(String text) throws SelectorSyntaxException {
        if (text == null || text.isBlank()) {
            return null;
        }
        return new Selector(text, SelectorParser.parse(text));
    }

    /** True if {@code selector} (possibly null, meaning none) selects the message behind {@code context}. */
    public static boolean selects(Selector selector, SelectorContext context) {
        return selector == null || selector.matches(context);
    }

    public boolean matches(SelectorContext context) {
        Objects.requireNonNull(context, "context");
        return Boolean.TRUE.equals(Values.truth(expression.evaluate(context)));
    }

    /**
     * The three-valued result: {@code Boolean.TRUE}, {@code Boolean.FALSE}, or null for unknown.
     * Only TRUE selects; this is for tools and tests that want to see the difference.
     */
    public Boolean evaluate(SelectorContext context) {
        return Values.truth(expression.evaluate(context));
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}

package dev.isola.appserver.jms.selector;

/**
 * The value rules of selectors: numeric promotion as in Java, SQL NULL semantics (anything
 * with NULL is unknown, represented as null), and "non-like types compare false".
 */
final class Values {

    /** The result of arithmetic on a value that is not a number: comparisons with it are false. */
    static final Object MISMATCH = new Object() {
        @Override
        public String toString() {
            return "MISMATCH";
        }
    };

    private Values() {
    }

    /** Integral properties become {@code Long}, floating ones {@code Double}; others stay as they are. */
    static Object normalize(Object value) {
        return switch (value) {
            case Byte b -> (long) b;
            case Short s -> (long) s;
            case Integer i -> (long) i;
            case Float f -> (double) f;
            case null, default -> value;
        };
    }

    /** A value in a condition: TRUE, FALSE, or null for unknown; anything not boolean is false. */
    static Boolean truth(Object value) {
        if (value == null) {
            return null;
        }
        return value instanceof Boolean b ? b : Boolean.FALSE;
    }

    static Object negate(Object value) {
        return switch (value) {
            case null -> null;
            case Long l -> -l;
            case Double d -> -d;
            default -> MISMATCH;
        };
    }

    static Object arithmetic(char operator, Object left, Object right) {
        if (left == null || right == null) {
            return null;
        }
        if (!(left instanceof Number) || !(right instanceof Number)) {
            return MISMATCH;
        }
        if (left instanceof Long a && right instanceof Long b) {
            return switch (operator) {
                case '+' -> a + b;
                case '-' -> a - b;
                case '*' -> a * b;
                // SQL: division by zero has no value; Java would throw.
                default -> b == 0 ? null : a / b;
            };
        }
        double a = ((Number) left).doubleValue();
        double b = ((Number) right).doubleValue();
        return switch (operator) {
            case '+' -> a + b;
            case '-' -> a - b;
            case '*' -> a * b;
            default -> a / b;
        };
    }

    static Boolean compare(Token.Kind operator, Object left, Object right) {
        if (left == null || right == null) {
            return null;
        }
        if (left instanceof Number l && right instanceof Number r) {
            if (l instanceof Long a && r instanceof Long b) {
                return holds(operator, Long.compare(a, b));
            }
            double a = l.doubleValue();
            double b = r.doubleValue();
            return switch (operator) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                default -> a >= b;
            };
        }
        boolean likeTypes = (left instanceof String && right instanceof String) || (left instanceof Boolean && right instanceof Boolean);
        if (!likeTypes || (operator != Token.Kind.EQ && operator != Token.Kind.NE)) {
            return Boolean.FALSE;
        }
        return left.equals(right) == (operator == Token.Kind.EQ);
    }

    private static boolean holds(Token.Kind operator, int comparison) {
        return switch (operator) {
            case EQ -> comparison == 0;
            case NE -> comparison != 0;
            case LT -> comparison < 0;
            case LE -> comparison <= 0;
            case GT -> comparison > 0;
            default -> comparison >= 0;
        };
    }
}

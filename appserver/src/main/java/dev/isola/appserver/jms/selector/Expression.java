package dev.isola.appserver.jms.selector;

import java.util.Set;

/**
 * The syntax tree of a selector. {@link #evaluate} gives a {@code Long} or {@code Double}
 * for numbers, a {@code String}, a {@code Boolean}, null for NULL / unknown, or
 * {@link Values#MISMATCH} for arithmetic on something that is not a number.
 */
sealed interface Expression {

    /** 0-based index in the selector where this expression starts (for error messages). */
    int position();

    Object evaluate(SelectorContext context);

    /** What the grammar knows about the value's type before any message is seen. */
    enum StaticType { BOOLEAN, NUMERIC, STRING, UNKNOWN }

    StaticType staticType();

    record Literal(Object value, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            return value;
        }

        @Override
        public StaticType staticType() {
            return switch (value) {
                case Boolean b -> StaticType.BOOLEAN;
                case String s -> StaticType.STRING;
                default -> StaticType.NUMERIC;
            };
        }
    }

    record Identifier(String name, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            return Values.normalize(context.valueOf(name));
        }

        @Override
        public StaticType staticType() {
            return StaticType.UNKNOWN;
        }
    }

    record Negate(Expression operand, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            return Values.negate(operand.evaluate(context));
        }

        @Override
        public StaticType staticType() {
            return StaticType.NUMERIC;
        }
    }

    record Arithmetic(char operator, Expression left, Expression right, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            return Values.arithmetic(operator, left.evaluate(context), right.evaluate(context));
        }

        @Override
        public StaticType staticType() {
            return StaticType.NUMERIC;
        }
    }

    /** {@code =}, {@code <>}, {@code <}, {@code <=}, {@code >}, {@code >=}. */
    record Comparison(Token.Kind operator, Expression left, Expression right, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            return Values.compare(operator, left.evaluate(context), right.evaluate(context));
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    record And(Expression left, Expression right, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            Boolean l = Values.truth(left.evaluate(context));
            if (Boolean.FALSE.equals(l)) {
                return Boolean.FALSE;
            }
            Boolean r = Values.truth(right.evaluate(context));
            if (Boolean.FALSE.equals(r)) {
                return Boolean.FALSE;
            }
            return l == null || r == null ? null : Boolean.TRUE;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    record Or(Expression left, Expression right, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            Boolean l = Values.truth(left.evaluate(context));
            if (Boolean.TRUE.equals(l)) {
                return Boolean.TRUE;
            }
            Boolean r = Values.truth(right.evaluate(context));
            if (Boolean.TRUE.equals(r)) {
                return Boolean.TRUE;
            }
            return l == null || r == null ? null : Boolean.FALSE;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    record Not(Expression operand, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            Boolean value = Values.truth(operand.evaluate(context));
            return value == null ? null : !value;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    /**
     * {@code value [NOT] BETWEEN low AND high}: {@code value >= low AND value <= high}, negated
     * with NOT. A value that is not a number makes both forms false (a type mismatch never selects).
     */
    record Between(Expression value, Expression low, Expression high, boolean negated, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            Object v = value.evaluate(context);
            Object lo = low.evaluate(context);
            Object hi = high.evaluate(context);
            if (v == null || lo == null || hi == null) {
                return null;
            }
            if (!(v instanceof Number) || !(lo instanceof Number) || !(hi instanceof Number)) {
                return Boolean.FALSE;
            }
            boolean inside = Boolean.TRUE.equals(Values.compare(Token.Kind.GE, v, lo))
                    && Boolean.TRUE.equals(Values.compare(Token.Kind.LE, v, hi));
            return inside != negated;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    /** {@code identifier [NOT] IN ('a', 'b', ...)}; NULL gives unknown, a non-string false. */
    record In(Identifier identifier, Set<String> values, boolean negated, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            Object v = identifier.evaluate(context);
            if (v == null) {
                return null;
            }
            if (!(v instanceof String s)) {
                return Boolean.FALSE;
            }
            return values.contains(s) != negated;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    /** {@code identifier [NOT] LIKE 'pattern' [ESCAPE 'c']}; NULL gives unknown, a non-string false. */
    record Like(Identifier identifier, LikePattern pattern, boolean negated, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            Object v = identifier.evaluate(context);
            if (v == null) {
                return null;
            }
            if (!(v instanceof String s)) {
                return Boolean.FALSE;
            }
            return pattern.matches(s) != negated;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }

    /** {@code identifier IS [NOT] NULL}: never unknown. */
    record IsNull(Identifier identifier, boolean negated, int position) implements Expression {
        @Override
        public Object evaluate(SelectorContext context) {
            return (identifier.evaluate(context) == null) != negated;
        }

        @Override
        public StaticType staticType() {
            return StaticType.BOOLEAN;
        }
    }
}

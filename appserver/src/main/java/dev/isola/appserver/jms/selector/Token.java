package dev.isola.appserver.jms.selector;

import java.math.BigInteger;

/**
 * One lexical unit of a selector.
 *
 * @param kind     what it is
 * @param text     the characters as written
 * @param position 0-based index of its first character
 * @param value    for literals: the string, the {@link BigInteger} of an exact number, or the
 *                 {@code Double} of an approximate one
 */
record Token(Kind kind, String text, int position, Object value) {

    enum Kind {
        IDENTIFIER, STRING, EXACT_NUMBER, APPROXIMATE_NUMBER,
        AND, OR, NOT, BETWEEN, LIKE, IN, IS, ESCAPE, NULL, TRUE, FALSE,
        EQ, NE, LT, LE, GT, GE, PLUS, MINUS, TIMES, DIVIDE, LPAREN, RPAREN, COMMA,
        END
    }

    String describe() {
        return kind == Kind.END ? "the end of the selector" : "'" + text + "'";
    }
}

package dev.isola.appserver.jms.selector;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits a selector into tokens: string, exact and approximate numeric literals in Java
 * literal syntax, identifiers in Java identifier syntax, keywords (case-insensitive) and
 * operators. White space is Java's: space, tab, form feed and line terminators.
 */
final class SelectorLexer {

    private static final Map<String, Token.Kind> KEYWORDS = Map.ofEntries(
            Map.entry("AND", Token.Kind.AND), Map.entry("OR", Token.Kind.OR), Map.entry("NOT", Token.Kind.NOT),
            Map.entry("BETWEEN", Token.Kind.BETWEEN), Map.entry("LIKE", Token.Kind.LIKE), Map.entry("IN", Token.Kind.IN),
            Map.entry("IS", Token.Kind.IS), Map.entry("ESCAPE", Token.Kind.ESCAPE), Map.entry("NULL", Token.Kind.NULL),
            Map.entry("TRUE", Token.Kind.TRUE), Map.entry("FALSE", Token.Kind.FALSE));

    private final String text;
    private int index;

    private SelectorLexer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String selector) throws SelectorSyntaxException {
        return new SelectorLexer(selector).all();
    }

    private List<Token> all() throws SelectorSyntaxException {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipWhitespace();
            if (index >= text.length()) {
                tokens.add(new Token(Token.Kind.END, "", index, null));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private void skipWhitespace() {
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') {
                index++;
            } else {
                return;
            }
        }
    }

    private Token next() throws SelectorSyntaxException {
        int start = index;
        char c = text.charAt(index);
        if (c == '\'') {
            return string(start);
        }
        if (Character.isDigit(c) || (c == '.' && index + 1 < text.length() && Character.isDigit(text.charAt(index + 1)))) {
            return number(start);
        }
        if (Character.isJavaIdentifierStart(c)) {
            while (index < text.length() && Character.isJavaIdentifierPart(text.charAt(index))) {
                index++;
            }
            String word = text.substring(start, index);
            Token.Kind keyword = KEYWORDS.get(word.toUpperCase(Locale.ROOT));
            return new Token(keyword != null ? keyword : Token.Kind.IDENTIFIER, word, start, word);
        }
        index++;
        return switch (c) {
            case '=' -> new Token(Token.Kind.EQ, "=", start, null);
            case '<' -> {
                if (peek('>')) {
                    yield new Token(Token.Kind.NE, "<>", start, null);
                }
                yield peek('=') ? new Token(Token.Kind.LE, "<=", start, null) : new Token(Token.Kind.LT, "<", start, null);
            }
            case '>' -> peek('=') ? new Token(Token.Kind.GE, ">=", start, null) : new Token(Token.Kind.GT, ">", start, null);
            case '+' -> new Token(Token.Kind.PLUS, "+", start, null);
            case '-' -> new Token(Token.Kind.MINUS, "-", start, null);
            case '*' -> new Token(Token.Kind.TIMES, "*", start, null);
            case '/' -> new Token(Token.Kind.DIVIDE, "/", start, null);
            case '(' -> new Token(Token.Kind.LPAREN, "(", start, null);
            case ')' -> new Token(Token.Kind.RPAREN, ")", start, null);
            case ',' -> new Token(Token.Kind.COMMA, ",", start, null);
            case '"' -> throw new SelectorSyntaxException(text, start, "string literals use single quotes, not '\"'");
            case '!' -> throw new SelectorSyntaxException(text, start, "unexpected '!' (use <> for not equal and NOT for negation)");
            default -> throw new SelectorSyntaxException(text, start, "unexpected character '" + c + "'");
        };
    }

    private boolean peek(char expected) {
        if (index < text.length() && text.charAt(index) == expected) {
            index++;
            return true;
        }
        return false;
    }

    private Token string(int start) throws SelectorSyntaxException {
        StringBuilder value = new StringBuilder();
        index++;
        while (true) {
            if (index >= text.length()) {
                throw new SelectorSyntaxException(text, start, "string literal is not closed with a single quote");
            }
            char c = text.charAt(index++);
            if (c == '\'') {
                if (index < text.length() && text.charAt(index) == '\'') {
                    value.append('\'');
                    index++;
                } else {
                    return new Token(Token.Kind.STRING, text.substring(start, index), start, value.toString());
                }
            } else {
                value.append(c);
            }
        }
    }

    private Token number(int start) throws SelectorSyntaxException {
        if (text.startsWith("0x", index) || text.startsWith("0X", index)) {
            return radixNumber(start, 16, "0123456789abcdefABCDEF");
        }
        if (text.startsWith("0b", index) || text.startsWith("0B", index)) {
            return radixNumber(start, 2, "01");
        }
        boolean approximate = false;
        scanDigits();
        if (index < text.length() && text.charAt(index) == '.') {
            approximate = true;
            index++;
            scanDigits();
        }
        if (index < text.length() && (text.charAt(index) == 'e' || text.charAt(index) == 'E')) {
            approximate = true;
            index++;
            if (index < text.length() && (text.charAt(index) == '+' || text.charAt(index) == '-')) {
                index++;
            }
            int exponentStart = index;
            scanDigits();
            if (index == exponentStart) {
                throw new SelectorSyntaxException(text, start, "number '" + text.substring(start, index) + "' has an exponent without digits");
            }
        }
        char suffix = index < text.length() ? text.charAt(index) : ' ';
        boolean floatSuffix = suffix == 'f' || suffix == 'F';
        boolean doubleSuffix = suffix == 'd' || suffix == 'D';
        boolean longSuffix = suffix == 'l' || suffix == 'L';
        if (floatSuffix || doubleSuffix || (longSuffix && !approximate)) {
            index++;
        }
        requireEndOfNumber(start);
        String written = text.substring(start, index);
        String digits = written.replace("_", "");
        if (floatSuffix || doubleSuffix || approximate) {
            String plain = floatSuffix || doubleSuffix ? digits.substring(0, digits.length() - 1) : digits;
            double value = floatSuffix ? Float.parseFloat(plain) : Double.parseDouble(plain);
            if (Double.isInfinite(value)) {
                throw new SelectorSyntaxException(text, start, "number '" + written + "' is outside the range of double");
            }
            return new Token(Token.Kind.APPROXIMATE_NUMBER, written, start, value);
        }
        String integer = longSuffix ? digits.substring(0, digits.length() - 1) : digits;
        BigInteger value;
        if (integer.length() > 1 && integer.charAt(0) == '0') {
            for (int i = 1; i < integer.length(); i++) {
                if (integer.charAt(i) > '7') {
                    throw new SelectorSyntaxException(text, start + i, "octal number '" + written + "' has a digit above 7");
                }
            }
            value = new BigInteger(integer.substring(1), 8);
            value = fitUnsigned(value, written, start);
        } else {
            value = new BigInteger(integer);
        }
        return new Token(Token.Kind.EXACT_NUMBER, written, start, value);
    }

    private Token radixNumber(int start, int radix, String allowed) throws SelectorSyntaxException {
        index += 2;
        int digitsStart = index;
        while (index < text.length() && (allowed.indexOf(text.charAt(index)) >= 0 || text.charAt(index) == '_')) {
            index++;
        }
        String digits = text.substring(digitsStart, index).replace("_", "");
        if (digits.isEmpty()) {
            throw new SelectorSyntaxException(text, start, "number '" + text.substring(start, index) + "' has no digits");
        }
        if (index < text.length() && (text.charAt(index) == 'l' || text.charAt(index) == 'L')) {
            index++;
        }
        requireEndOfNumber(start);
        String written = text.substring(start, index);
        return new Token(Token.Kind.EXACT_NUMBER, written, start, fitUnsigned(new BigInteger(digits, radix), written, start));
    }

    /** Hex, octal and binary literals may spell any 64-bit pattern, as in Java ({@code 0xFFFFFFFFFFFFFFFFL} is -1). */
    private BigInteger fitUnsigned(BigInteger value, String written, int start) throws SelectorSyntaxException {
        if (value.bitLength() > 64) {
            throw new SelectorSyntaxException(text, start, "number '" + written + "' is outside the range of long");
        }
        return BigInteger.valueOf(value.longValue());
    }

    private void scanDigits() {
        while (index < text.length() && (Character.isDigit(text.charAt(index)) || text.charAt(index) == '_')) {
            index++;
        }
    }

    private void requireEndOfNumber(int start) throws SelectorSyntaxException {
        if (index < text.length() && (Character.isJavaIdentifierPart(text.charAt(index)) || text.charAt(index) == '.')) {
            throw new SelectorSyntaxException(text, index, "malformed number '" + text.substring(start, index + 1) + "'");
        }
    }
}

package dev.isola.appserver.jms.selector;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A recursive-descent parser over the selector grammar of Jakarta Messaging 3.1 (section
 * 3.8.1.1), one method per precedence level:
 *
 * <pre>
 * selector       := or-expr END
 * or-expr        := and-expr ( OR and-expr )*
 * and-expr       := not-expr ( AND not-expr )*
 * not-expr       := NOT not-expr | comparison
 * comparison     := additive [ ( = | &lt;&gt; | &lt; | &lt;= | &gt; | &gt;= ) additive
 *                            | [NOT] BETWEEN additive AND additive
 *                            | [NOT] IN ( string-literal ( , string-literal )* )
 *                            | [NOT] LIKE string-literal [ ESCAPE string-literal ]
 *                            | IS [NOT] NULL ]
 * additive       := multiplicative ( ( + | - ) multiplicative )*
 * multiplicative := unary ( ( * | / ) unary )*
 * unary          := ( + | - ) unary | primary
 * primary        := literal | identifier | ( or-expr )
 * </pre>
 *
 * <p>Besides the grammar it checks what types make sense where they are known from the text:
 * arithmetic takes numbers, {@code <} and friends compare numbers, AND/OR/NOT and the whole
 * selector take conditions; IN, LIKE and IS NULL apply to an identifier. Identifiers may hold
 * anything, so those checks happen when a message is evaluated.
 */
final class SelectorParser {

    private final String selector;
    private final List<Token> tokens;
    private int next;

    private SelectorParser(String selector, List<Token> tokens) {
        this.selector = selector;
        this.tokens = tokens;
    }

    static Expression parse(String selector) throws SelectorSyntaxException {
        SelectorParser parser = new SelectorParser(selector, SelectorLexer.tokenize(selector));
        Expression expression = parser.orExpression();
        Token end = parser.peek();
        if (end.kind() != Token.Kind.END) {
            throw parser.error(end, "expected AND, OR or the end of the selector but found " + end.describe());
        }
        parser.requireCondition(expression, "a selector");
        return expression;
    }

    private Expression orExpression() throws SelectorSyntaxException {
        Expression left = andExpression();
        while (peek().kind() == Token.Kind.OR) {
            Token or = take();
            Expression right = andExpression();
            requireCondition(left, "OR");
            requireCondition(right, "OR");
            left = new Expression.Or(left, right, or.position());
        }
        return left;
    }

    private Expression andExpression() throws SelectorSyntaxException {
        Expression left = notExpression();
        while (peek().kind() == Token.Kind.AND) {
            Token and = take();
            Expression right = notExpression();
            requireCondition(left, "AND");
            requireCondition(right, "AND");
            left = new Expression.And(left, right, and.position());
        }
        return left;
    }

    private Expression notExpression() throws SelectorSyntaxException {
        if (peek().kind() == Token.Kind.NOT) {
            Token not = take();
            Expression operand = notExpression();
            requireCondition(operand, "NOT");
            return new Expression.Not(operand, not.position());
        }
        return comparison();
    }

    private Expression comparison() throws SelectorSyntaxException {
        Expression left = additive();
        Token operator = peek();
        switch (operator.kind()) {
            case EQ, NE, LT, LE, GT, GE -> {
                take();
                Expression right = additive();
                boolean ordering = operator.kind() != Token.Kind.EQ && operator.kind() != Token.Kind.NE;
                if (ordering) {
                    requireNumeric(left, "'" + operator.text() + "'");
                    requireNumeric(right, "'" + operator.text() + "'");
                }
                return new Expression.Comparison(operator.kind(), left, right, operator.position());
            }
            case NOT -> {
                take();
                Token what = peek();
                return switch (what.kind()) {
                    case BETWEEN -> between(left, true, operator);
                    case IN -> in(left, true, operator);
                    case LIKE -> like(left, true, operator);
                    default -> throw error(what, "expected BETWEEN, IN or LIKE after NOT but found " + what.describe());
                };
            }
            case BETWEEN -> {
                return between(left, false, operator);
            }
            case IN -> {
                return in(left, false, operator);
            }
            case LIKE -> {
                return like(left, false, operator);
            }
            case IS -> {
                take();
                boolean negated = false;
                if (peek().kind() == Token.Kind.NOT) {
                    take();
                    negated = true;
                }
                expect(Token.Kind.NULL, "NULL after IS" + (negated ? " NOT" : ""));
                return new Expression.IsNull(requireIdentifier(left, "IS NULL"), negated, operator.position());
            }
            default -> {
                return left;
            }
        }
    }

    private Expression between(Expression value, boolean negated, Token start) throws SelectorSyntaxException {
        take();
        Expression low = additive();
        expect(Token.Kind.AND, "AND between the bounds of BETWEEN");
        Expression high = additive();
        requireNumeric(value, "BETWEEN");
        requireNumeric(low, "BETWEEN");
        requireNumeric(high, "BETWEEN");
        return new Expression.Between(value, low, high, negated, start.position());
    }

    private Expression in(Expression value, boolean negated, Token start) throws SelectorSyntaxException {
        take();
        Expression.Identifier identifier = requireIdentifier(value, "IN");
        expect(Token.Kind.LPAREN, "'(' after IN");
        Set<String> values = new LinkedHashSet<>();
        do {
            Token literal = take();
            if (literal.kind() != Token.Kind.STRING) {
                throw error(literal, "IN lists string literals only, found " + literal.describe());
            }
            values.add((String) literal.value());
        } while (accept(Token.Kind.COMMA));
        expect(Token.Kind.RPAREN, "',' or ')' in the IN list");
        return new Expression.In(identifier, Set.copyOf(values), negated, start.position());
    }

    private Expression like(Expression value, boolean negated, Token start) throws SelectorSyntaxException {
        take();
        Expression.Identifier identifier = requireIdentifier(value, "LIKE");
        Token pattern = take();
        if (pattern.kind() != Token.Kind.STRING) {
            throw error(pattern, "LIKE takes a string literal pattern, found " + pattern.describe());
        }
        Character escape = null;
        if (accept(Token.Kind.ESCAPE)) {
            Token escapeLiteral = take();
            if (escapeLiteral.kind() != Token.Kind.STRING || ((String) escapeLiteral.value()).length() != 1) {
                throw error(escapeLiteral, "ESCAPE takes a string literal of exactly one character, found " + escapeLiteral.describe());
            }
            escape = ((String) escapeLiteral.value()).charAt(0);
        }
        LikePattern compiled = LikePattern.compile(selector, (String) pattern.value(), escape, pattern.position());
        return new Expression.Like(identifier, compiled, negated, start.position());
    }

    private Expression additive() throws SelectorSyntaxException {
        Expression left = multiplicative();
        while (peek().kind() == Token.Kind.PLUS || peek().kind() == Token.Kind.MINUS) {
            Token operator = take();
            Expression right = multiplicative();
            requireNumeric(left, "'" + operator.text() + "'");
            requireNumeric(right, "'" + operator.text() + "'");
            left = new Expression.Arithmetic(operator.text().charAt(0), left, right, operator.position());
        }
        return left;
    }

    private Expression multiplicative() throws SelectorSyntaxException {
        Expression left = unary();
        while (peek().kind() == Token.Kind.TIMES || peek().kind() == Token.Kind.DIVIDE) {
            Token operator = take();
            Expression right = unary();
            requireNumeric(left, "'" + operator.text() + "'");
            requireNumeric(right, "'" + operator.text() + "'");
            left = new Expression.Arithmetic(operator.text().charAt(0), left, right, operator.position());
        }
        return left;
    }

    private Expression unary() throws SelectorSyntaxException {
        Token sign = peek();
        if (sign.kind() == Token.Kind.PLUS || sign.kind() == Token.Kind.MINUS) {
            take();
            boolean minus = sign.kind() == Token.Kind.MINUS;
            Token literal = peek();
            // A sign directly on a literal is part of it, so -9223372036854775808 is a long.
            if (literal.kind() == Token.Kind.EXACT_NUMBER) {
                take();
                BigInteger value = (BigInteger) literal.value();
                return new Expression.Literal(exactValue(minus ? value.negate() : value, literal), sign.position());
            }
            if (literal.kind() == Token.Kind.APPROXIMATE_NUMBER) {
                take();
                double value = (Double) literal.value();
                return new Expression.Literal(minus ? -value : value, sign.position());
            }
            Expression operand = unary();
            requireNumeric(operand, "unary '" + sign.text() + "'");
            return minus ? new Expression.Negate(operand, sign.position()) : operand;
        }
        return primary();
    }

    private Expression primary() throws SelectorSyntaxException {
        Token token = take();
        return switch (token.kind()) {
            case STRING -> new Expression.Literal(token.value(), token.position());
            case EXACT_NUMBER -> new Expression.Literal(exactValue((BigInteger) token.value(), token), token.position());
            case APPROXIMATE_NUMBER -> new Expression.Literal(token.value(), token.position());
            case TRUE -> new Expression.Literal(Boolean.TRUE, token.position());
            case FALSE -> new Expression.Literal(Boolean.FALSE, token.position());
            case IDENTIFIER -> new Expression.Identifier(token.text(), token.position());
            case LPAREN -> {
                Expression inner = orExpression();
                expect(Token.Kind.RPAREN, "')' to close the '(' at position " + (token.position() + 1));
                yield inner;
            }
            case NULL -> throw error(token, "NULL can only be tested with IS NULL or IS NOT NULL");
            case END -> throw error(token, "expected an expression but the selector ends");
            default -> throw error(token, "expected a literal, an identifier or '(' but found " + token.describe()
                    + (isKeyword(token) ? " (a reserved word, which cannot be an identifier)" : ""));
        };
    }

    private long exactValue(BigInteger value, Token literal) throws SelectorSyntaxException {
        if (value.bitLength() > 63) {
            throw error(literal, "number " + value + " is outside the range of long");
        }
        return value.longValue();
    }

    private static boolean isKeyword(Token token) {
        return switch (token.kind()) {
            case AND, OR, NOT, BETWEEN, LIKE, IN, IS, ESCAPE -> true;
            default -> false;
        };
    }

    private void requireCondition(Expression e, String context) throws SelectorSyntaxException {
        Expression.StaticType type = e.staticType();
        if (type != Expression.StaticType.BOOLEAN && type != Expression.StaticType.UNKNOWN) {
            throw new SelectorSyntaxException(selector, e.position(),
                    context + " needs a condition, but this is a " + type.name().toLowerCase() + " expression");
        }
    }

    private void requireNumeric(Expression e, String context) throws SelectorSyntaxException {
        Expression.StaticType type = e.staticType();
        if (type != Expression.StaticType.NUMERIC && type != Expression.StaticType.UNKNOWN) {
            throw new SelectorSyntaxException(selector, e.position(),
                    context + " needs a number, but this is a " + type.name().toLowerCase() + " expression");
        }
    }

    private Expression.Identifier requireIdentifier(Expression e, String context) throws SelectorSyntaxException {
        if (e instanceof Expression.Identifier identifier) {
            return identifier;
        }
        throw new SelectorSyntaxException(selector, e.position(), context + " applies to an identifier only");
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token token = tokens.get(next);
        if (token.kind() != Token.Kind.END) {
            next++;
        }
        return token;
    }

    private boolean accept(Token.Kind kind) {
        if (peek().kind() == kind) {
            take();
            return true;
        }
        return false;
    }

    private void expect(Token.Kind kind, String what) throws SelectorSyntaxException {
        Token token = peek();
        if (token.kind() != kind) {
            throw error(token, "expected " + what + " but found " + token.describe());
        }
        take();
    }

    private SelectorSyntaxException error(Token at, String problem) {
        return new SelectorSyntaxException(selector, at.position(), problem);
    }
}

package dev.isola.appserver.jms.message;

import jakarta.jms.MessageFormatException;

/**
 * The conversions Jakarta Messaging allows when a value written as one type is read as
 * another: the tables for properties (section 3.5.4) and for map and stream messages
 * (section 3.11.3) are the same table, properties just never hold {@code char} or
 * {@code byte[]}.
 *
 * <pre>
 *  written as │ boolean byte short char int long float double String byte[]
 *  ───────────┼───────────────────────────────────────────────────────────
 *  boolean    │    X                                           X
 *  byte       │          X     X        X    X                 X
 *  short      │                X        X    X                 X
 *  char       │                    X                           X
 *  int        │                         X    X                 X
 *  long       │                              X                 X
 *  float      │                                   X     X      X
 *  double     │                                         X      X
 *  String     │    X     X     X        X    X    X     X      X
 *  byte[]     │                                                       X
 * </pre>
 *
 * <p>A missing or null value reads as {@code Type.valueOf(null)} would: false for boolean,
 * null for String, {@code NumberFormatException} for the integral types and
 * {@code NullPointerException} for float, double and char. A String that does not parse
 * throws the {@code NumberFormatException} of {@code valueOf}. Anything else the table does
 * not allow is a {@link MessageFormatException} naming both types.
 */
final class TypeConversions {

    private TypeConversions() {
    }

    static boolean toBoolean(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Boolean.valueOf((String) null);
            case Boolean b -> b;
            case String s -> Boolean.valueOf(s);
            default -> throw mismatch(value, "boolean", name);
        };
    }

    static byte toByte(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Byte.valueOf((String) null);
            case Byte b -> b;
            case String s -> Byte.valueOf(s);
            default -> throw mismatch(value, "byte", name);
        };
    }

    static short toShort(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Short.valueOf((String) null);
            case Byte b -> b;
            case Short s -> s;
            case String s -> Short.valueOf(s);
            default -> throw mismatch(value, "short", name);
        };
    }

    static char toChar(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> throw new NullPointerException("value '" + name + "' is null and cannot be read as a char");
            case Character c -> c;
            default -> throw mismatch(value, "char", name);
        };
    }

    static int toInt(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Integer.valueOf((String) null);
            case Byte b -> b;
            case Short s -> s;
            case Integer i -> i;
            case String s -> Integer.valueOf(s);
            default -> throw mismatch(value, "int", name);
        };
    }

    static long toLong(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Long.valueOf((String) null);
            case Byte b -> b;
            case Short s -> s;
            case Integer i -> i;
            case Long l -> l;
            case String s -> Long.valueOf(s);
            default -> throw mismatch(value, "long", name);
        };
    }

    static float toFloat(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Float.valueOf((String) null);
            case Float f -> f;
            case String s -> Float.valueOf(s);
            default -> throw mismatch(value, "float", name);
        };
    }

    static double toDouble(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> Double.valueOf((String) null);
            case Float f -> f;
            case Double d -> d;
            case String s -> Double.valueOf(s);
            default -> throw mismatch(value, "double", name);
        };
    }

    static String toStringValue(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> null;
            case byte[] b -> throw mismatch(value, "String", name);
            default -> value.toString();
        };
    }

    static byte[] toBytes(Object value, String name) throws MessageFormatException {
        return switch (value) {
            case null -> null;
            case byte[] b -> b.clone();
            default -> throw mismatch(value, "byte[]", name);
        };
    }

    static String typeName(Object value) {
        return switch (value) {
            case null -> "null";
            case Boolean b -> "boolean";
            case Byte b -> "byte";
            case Short s -> "short";
            case Character c -> "char";
            case Integer i -> "int";
            case Long l -> "long";
            case Float f -> "float";
            case Double d -> "double";
            case String s -> "String";
            case byte[] b -> "byte[]";
            default -> value.getClass().getName();
        };
    }

    private static MessageFormatException mismatch(Object value, String wanted, String name) {
        return new MessageFormatException("value " + name + " is a " + typeName(value) + " and cannot be read as a " + wanted);
    }
}

package dev.isola.appserver.jms.message;

import java.util.Locale;
import java.util.Set;

/** The rule for property names: selector identifiers, so every property can be selected on. */
final class PropertyNames {

    private static final Set<String> RESERVED = Set.of("NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "IS", "ESCAPE");

    private PropertyNames() {
    }

    /** @throws IllegalArgumentException naming the problem, as the API asks for a null or empty name */
    static void check(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("property name must not be " + (name == null ? "null" : "empty"));
        }
        if (!Character.isJavaIdentifierStart(name.charAt(0))) {
            throw new IllegalArgumentException("property name '" + name + "' must start with a letter, '_' or '$'");
        }
        for (int i = 1; i < name.length(); i++) {
            if (!Character.isJavaIdentifierPart(name.charAt(i))) {
                throw new IllegalArgumentException("property name '" + name + "' has '" + name.charAt(i) + "' at position " + (i + 1)
                        + "; names are identifiers (letters, digits, '_', '$')");
            }
        }
        if (RESERVED.contains(name.toUpperCase(Locale.ROOT))) {
            throw new IllegalArgumentException("property name '" + name + "' is a reserved word of the selector language");
        }
    }
}

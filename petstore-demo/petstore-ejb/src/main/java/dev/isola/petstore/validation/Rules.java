package dev.isola.petstore.validation;

import java.util.regex.Pattern;

/**
 * Field checks shared by the validators. Each check records at most one message on the field
 * and returns whether the value passed, so callers can stop checking a field that already failed.
 */
public final class Rules {
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    private Rules() {
    }

    /** A present value of at most {@code maxLength} characters (after trimming). */
    public static boolean required(FieldErrors errors, String field, String value, String label, int maxLength) {
        if (value == null || value.isBlank()) {
            errors.add(field, label + " is required.");
            return false;
        }
        return maxLength(errors, field, value, label, maxLength);
    }

    /** An absent value, or one of at most {@code maxLength} characters. */
    public static boolean optional(FieldErrors errors, String field, String value, String label, int maxLength) {
        return value == null || value.isBlank() || maxLength(errors, field, value, label, maxLength);
    }

    public static boolean maxLength(FieldErrors errors, String field, String value, String label, int maxLength) {
        if (value.strip().length() > maxLength) {
            errors.add(field, label + " must be at most " + maxLength + " characters long.");
            return false;
        }
        return true;
    }

    /** A value matching {@code pattern} entirely; {@code hint} tells the user what is accepted. */
    public static boolean matches(FieldErrors errors, String field, String value, Pattern pattern, String hint) {
        if (value == null || !pattern.matcher(value.strip()).matches()) {
            errors.add(field, hint);
            return false;
        }
        return true;
    }

    public static boolean email(FieldErrors errors, String field, String value) {
        return required(errors, field, value, "E-mail address", 100)
                && matches(errors, field, value, EMAIL, "Enter an e-mail address such as name@example.com.");
    }

    /** Trims a form value; a missing value becomes the empty string. */
    public static String clean(String value) {
        return value == null ? "" : value.strip();
    }
}

package dev.isola.petstore.validation;

import java.io.Serial;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The messages a form earned, one per field name, in the order the fields were checked.
 *
 * <p>Only the first message of a field is kept: a user fixes one problem at a time, and the
 * first rule checked is the most basic one (a missing value before a malformed one).
 */
public final class FieldErrors implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, String> messages = new LinkedHashMap<>();

    /** Records {@code message} for {@code field} unless the field already has one. */
    public FieldErrors add(String field, String message) {
        messages.putIfAbsent(field, message);
        return this;
    }

    /** Adds every message of {@code other} whose field has none here yet. */
    public FieldErrors addAll(FieldErrors other) {
        other.messages.forEach(this::add);
        return this;
    }

    public boolean isEmpty() {
        return messages.isEmpty();
    }

    public boolean has(String field) {
        return messages.containsKey(field);
    }

    /** The message of {@code field}, or {@code null} when the field is fine. */
    public String message(String field) {
        return messages.get(field);
    }

    /** Field name to message, in check order; pages look messages up by field name. */
    public Map<String, String> asMap() {
        return Collections.unmodifiableMap(messages);
    }

    @Override
    public String toString() {
        return messages.toString();
    }
}

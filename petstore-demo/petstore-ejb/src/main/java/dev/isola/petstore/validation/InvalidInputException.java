package dev.isola.petstore.validation;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/**
 * A form was rejected; {@link #errors()} says which fields and why, so the page can show the
 * form again with a message beside each offending field. Rolls back the caller's transaction.
 */
@ApplicationException(rollback = true)
public class InvalidInputException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    private final FieldErrors errors;

    public InvalidInputException(FieldErrors errors) {
        super("invalid input: " + errors);
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("an InvalidInputException needs at least one field error");
        }
        this.errors = errors;
    }

    public FieldErrors errors() {
        return errors;
    }
}

package dev.isola.petstore.account;

import jakarta.ejb.ApplicationException;
import java.io.Serial;

/**
 * The user id and password did not match an account. Deliberately does not say which of the two
 * was wrong, so sign-on cannot be used to find out which user ids exist.
 */
@ApplicationException(rollback = false)
public class SignOnFailedException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    public SignOnFailedException() {
        super("The user id or the password is wrong.");
    }
}

package dev.isola.petstore.account;

import dev.isola.petstore.validation.InvalidInputException;
import jakarta.ejb.Local;

/** Creating accounts and signing on. */
@Local
public interface AccountService {

    /**
     * Validates and stores a new account; the password is stored only as a salted hash.
     *
     * @throws InvalidInputException with a message per offending field, including a taken user id
     */
    Account create(Registration registration) throws InvalidInputException;

    /** The account of {@code userId} if {@code password} is its password. */
    Account signOn(String userId, String password) throws SignOnFailedException;

    /** The account of a signed-on user. */
    Account find(String userId) throws SignOnFailedException;
}

package dev.isola.petstore.account;

import dev.isola.petstore.Resources;
import dev.isola.petstore.catalog.Category;
import dev.isola.petstore.catalog.CatalogRepository;
import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.InvalidInputException;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/** Accounts in the default data source, with PBKDF2-hashed passwords. */
@Stateless
public class AccountBean implements AccountService {
    /**
     * PBKDF2 cost of new password hashes: about 60 ms of one core on the development machines,
     * a compromise between resisting offline guessing and sign-on throughput under load tests.
     */
    static final int HASH_ITERATIONS = 100_000;

    private static final PasswordHasher HASHER = new PasswordHasher(HASH_ITERATIONS);

    /**
     * Verified against unknown user ids, so a wrong user id costs as much time as a wrong password
     * and response times do not reveal which user ids exist.
     */
    private static final String DECOY_HASH = HASHER.hash("decoy password for unknown user ids");

    /** SQL state of a unique or primary key violation. */
    private static final String DUPLICATE_KEY = "23505";

    @Resource(lookup = Resources.DATA_SOURCE)
    private DataSource dataSource;

    @Override
    public Account create(Registration registration) throws InvalidInputException {
        try (Connection connection = dataSource.getConnection()) {
            Set<String> categoryIds = new CatalogRepository(connection).categories().stream()
                    .map(Category::id).collect(Collectors.toSet());
            FieldErrors errors = registration.validate(categoryIds);
            AccountRepository accounts = new AccountRepository(connection);
            if (!errors.has("userId") && accounts.exists(registration.userId())) {
                errors.add("userId", "The user id '" + registration.userId() + "' is taken; choose another.");
            }
            if (!errors.isEmpty()) {
                throw new InvalidInputException(errors);
            }
            try {
                accounts.insert(registration, HASHER.hash(registration.password()), Instant.now());
            } catch (SQLException e) {
                if (DUPLICATE_KEY.equals(e.getSQLState())) {
                    // Another registration took the id between the check above and this insert.
                    throw new InvalidInputException(new FieldErrors().add("userId",
                            "The user id '" + registration.userId() + "' is taken; choose another."));
                }
                throw e;
            }
            return accounts.find(registration.userId()).orElseThrow();
        } catch (SQLException e) {
            throw new EJBException("could not create account '" + registration.userId() + "': " + e.getMessage(), e);
        }
    }

    @Override
    public Account signOn(String userId, String password) throws SignOnFailedException {
        String id = userId == null ? "" : userId.strip();
        String given = password == null ? "" : password;
        try (Connection connection = dataSource.getConnection()) {
            AccountRepository accounts = new AccountRepository(connection);
            Optional<String> stored = accounts.passwordHash(id);
            boolean matches = HASHER.verify(given, stored.orElse(DECOY_HASH));
            if (stored.isEmpty() || !matches) {
                throw new SignOnFailedException();
            }
            return accounts.find(id).orElseThrow(SignOnFailedException::new);
        } catch (SQLException e) {
            throw new EJBException("sign-on of '" + id + "' failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Account find(String userId) throws SignOnFailedException {
        try (Connection connection = dataSource.getConnection()) {
            return new AccountRepository(connection).find(userId).orElseThrow(SignOnFailedException::new);
        } catch (SQLException e) {
            throw new EJBException("could not read account '" + userId + "': " + e.getMessage(), e);
        }
    }
}

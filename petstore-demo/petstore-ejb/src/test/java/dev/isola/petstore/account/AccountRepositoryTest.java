package dev.isola.petstore.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AccountRepositoryTest {
    private static TestDatabase database;

    @BeforeAll
    static void install() throws SQLException {
        database = TestDatabase.installed();
    }

    @AfterAll
    static void drop() {
        database.close();
    }

    @Test
    void storesAnAccountWithBothAddressesAndReadsItBack() throws SQLException {
        Registration registration = RegistrationTest.valid();
        PasswordHasher hasher = new PasswordHasher(1_000);
        try (Connection connection = database.connect()) {
            AccountRepository accounts = new AccountRepository(connection);
            assertFalse(accounts.exists("ada.l"));
            accounts.insert(registration, hasher.hash(registration.password()), Instant.now());
            connection.commit();
            assertTrue(accounts.exists("ada.l"));
            Account account = accounts.find("ada.l").orElseThrow();
            assertEquals("ada@example.org", account.email());
            assertEquals(registration.billing(), account.billing());
            assertEquals(registration.billing(), account.shipping(), "shipped to the billing address");
            assertEquals(new Profile("CATS", "en", true), account.profile());
            String stored = accounts.passwordHash("ada.l").orElseThrow();
            assertFalse(stored.contains(registration.password()));
            assertTrue(hasher.verify(registration.password(), stored));
            connection.rollback();
        }
    }

    @Test
    void aSecondAccountWithTheSameIdViolatesTheKey() throws SQLException {
        Registration registration = RegistrationTest.valid();
        Registration twin = new Registration("twin", registration.password(), registration.password(),
                registration.email(), "T", "W", "", registration.billing(), true, null, new Profile("", "de", false));
        try (Connection connection = database.connect()) {
            AccountRepository accounts = new AccountRepository(connection);
            accounts.insert(twin, "pbkdf2-sha256$1000$AAAA$AAAA", Instant.now());
            SQLException duplicate = assertThrows(SQLException.class,
                    () -> accounts.insert(twin, "pbkdf2-sha256$1000$AAAA$AAAA", Instant.now()));
            assertEquals("23505", duplicate.getSQLState(), "the account bean maps this state to a field message");
            connection.rollback();
        }
    }

    @Test
    void theSeededDemoAccountIsComplete() throws SQLException {
        try (Connection connection = database.connect()) {
            Account demo = new AccountRepository(connection).find("demo").orElseThrow();
            assertEquals("Dana", demo.firstName());
            assertEquals("Palo Alto", demo.shipping().city());
            assertTrue(new AccountRepository(connection).find("nobody").isEmpty());
            connection.rollback();
        }
    }
}

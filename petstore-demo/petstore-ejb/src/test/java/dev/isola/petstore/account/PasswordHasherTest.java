package dev.isola.petstore.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class PasswordHasherTest {
    // A low cost keeps the test fast; the production cost is exercised by verifyingTheSeededDemoAccount.
    private final PasswordHasher hasher = new PasswordHasher(1_000);

    @Test
    void verifiesTheRightPasswordAndRejectsOthers() {
        String stored = hasher.hash("correct horse");
        assertTrue(hasher.verify("correct horse", stored));
        assertFalse(hasher.verify("correct hors", stored));
        assertFalse(hasher.verify("Correct horse", stored));
        assertFalse(hasher.verify("", stored));
    }

    @Test
    void storesASaltedSelfDescribingHashAndNeverThePassword() {
        String first = hasher.hash("same password");
        String second = hasher.hash("same password");
        assertNotEquals(first, second, "each hash has its own salt");
        assertFalse(first.contains("same password"));
        String[] parts = first.split("\\$");
        assertEquals(PasswordHasher.SCHEME, parts[0]);
        assertEquals("1000", parts[1]);
        assertEquals(16, Base64.getDecoder().decode(parts[2]).length, "128-bit salt");
        assertEquals(32, Base64.getDecoder().decode(parts[3]).length, "256-bit hash");
    }

    @Test
    void verifiesWithTheIterationCountStoredInTheHash() {
        String stored = new PasswordHasher(2_000).hash("secret pass");
        assertTrue(hasher.verify("secret pass", stored));
    }

    @Test
    void verifyingTheSeededDemoAccount() {
        String seeded = "pbkdf2-sha256$100000$WceVGu0EYFyU1isJGR2sOw$Ktkpgu7ZP11h+4dZOo2VOaGnprzaL51TaT9f+PpS9ik";
        assertTrue(new PasswordHasher(AccountBean.HASH_ITERATIONS).verify("pets4ever", seeded));
    }

    @Test
    void rejectsMalformedStoredHashesWithAClearMessage() {
        IllegalArgumentException wrongScheme = assertThrows(IllegalArgumentException.class,
                () -> hasher.verify("x", "md5$abc"));
        assertTrue(wrongScheme.getMessage().contains("format"), wrongScheme.getMessage());
        IllegalArgumentException badNumber = assertThrows(IllegalArgumentException.class,
                () -> hasher.verify("x", "pbkdf2-sha256$many$AAAA$AAAA"));
        assertTrue(badNumber.getMessage().contains("malformed"), badNumber.getMessage());
    }

    @Test
    void refusesATrivialCost() {
        assertThrows(IllegalArgumentException.class, () -> new PasswordHasher(10));
    }
}

package dev.isola.petstore.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.validation.FieldErrors;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RegistrationTest {
    private static final Set<String> CATEGORIES = Set.of("FISH", "DOGS", "REPTILES", "CATS", "BIRDS");

    static Address address() {
        return new Address("Ada", "Lovelace", "12 Analytical Row", "", "London", "", "NW1 2AB", "United Kingdom");
    }

    static Registration valid() {
        return new Registration("ada.l", "engine-notes-1843", "engine-notes-1843", "ada@example.org",
                "Ada", "Lovelace", "+44 20 7946 0000", address(), true, null, new Profile("CATS", "en", true));
    }

    private static Registration with(String userId, String password, String repeat, String email) {
        Registration r = valid();
        return new Registration(userId, password, repeat, email, r.firstName(), r.lastName(), r.phone(), r.billing(),
                true, null, r.profile());
    }

    @Test
    void acceptsACompleteRegistration() {
        FieldErrors errors = valid().validate(CATEGORIES);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(valid().billing(), valid().effectiveShipping());
    }

    @Test
    void neverPrintsThePasswords() {
        String text = valid().toString();
        assertFalse(text.contains("engine-notes-1843"), text);
        assertTrue(text.contains("ada.l"), text);
    }

    @Test
    void reportsEachMissingFieldByName() {
        Address blank = new Address(null, null, null, null, null, null, null, null);
        Registration empty = new Registration(null, null, null, null, null, null, null, blank, false, blank,
                new Profile("", "en", false));
        FieldErrors errors = empty.validate(CATEGORIES);
        for (String field : new String[] {"userId", "password", "email", "firstName", "lastName", "billing.firstName",
                "billing.street1", "billing.city", "billing.zip", "billing.country", "shipping.street1"}) {
            assertTrue(errors.has(field), field + " should be reported in " + errors);
        }
        assertEquals("User id is required.", errors.message("userId"));
        assertFalse(errors.has("phone"), "phone is optional");
        assertFalse(errors.has("billing.street2"), "second address line is optional");
        assertFalse(errors.has("favouriteCategory"), "no favourite is fine");
    }

    @Test
    void checksTheShapeOfUserIdEmailAndZip() {
        assertTrue(with("1abc", "engine-notes-1843", "engine-notes-1843", "ada@example.org")
                .validate(CATEGORIES).message("userId").startsWith("User id: 3 to 20"));
        assertTrue(with("a b", "engine-notes-1843", "engine-notes-1843", "ada@example.org")
                .validate(CATEGORIES).has("userId"));
        assertTrue(with("ada", "engine-notes-1843", "engine-notes-1843", "ada.example.org")
                .validate(CATEGORIES).has("email"));
        Registration badZip = new Registration("ada", "engine-notes-1843", "engine-notes-1843", "ada@example.org",
                "Ada", "L", "", new Address("A", "L", "1 Road", "", "Town", "", "<script>", "UK"), true, null,
                new Profile("", "en", false));
        assertTrue(badZip.validate(CATEGORIES).has("billing.zip"));
    }

    @Test
    void passwordsMustBeLongEnoughDifferFromTheUserIdAndBeTypedTwice() {
        assertEquals("Password must be at least 8 characters long.",
                with("ada", "short", "short", "ada@example.org").validate(CATEGORIES).message("password"));
        assertTrue(with("adalovelace", "ADALOVELACE", "ADALOVELACE", "ada@example.org")
                .validate(CATEGORIES).has("password"));
        FieldErrors mismatch = with("ada", "engine-notes-1843", "engine-notes-1844", "ada@example.org")
                .validate(CATEGORIES);
        assertFalse(mismatch.has("password"));
        assertTrue(mismatch.has("repeatPassword"));
        assertTrue(with("ada", "p".repeat(129), "p".repeat(129), "ada@example.org").validate(CATEGORIES).has("password"));
    }

    @Test
    void profileChoicesMustComeFromTheLists() {
        Registration r = valid();
        Registration bad = new Registration(r.userId(), r.password(), r.repeatPassword(), r.email(), r.firstName(),
                r.lastName(), r.phone(), r.billing(), true, null, new Profile("UNICORNS", "xx", true));
        FieldErrors errors = bad.validate(CATEGORIES);
        assertTrue(errors.has("favouriteCategory"));
        assertTrue(errors.has("language"));
    }

    @Test
    void aSeparateShippingAddressIsValidatedWhenNotShippingToBilling() {
        Registration r = valid();
        Address shipping = new Address("Charles", "Babbage", "", "", "London", "", "W1", "UK");
        Registration separate = new Registration(r.userId(), r.password(), r.repeatPassword(), r.email(),
                r.firstName(), r.lastName(), r.phone(), r.billing(), false, shipping, r.profile());
        FieldErrors errors = separate.validate(CATEGORIES);
        assertEquals("Street address is required.", errors.message("shipping.street1"));
        assertEquals(shipping, separate.effectiveShipping());
    }

    @Test
    void overlongValuesAreReported() {
        Registration r = valid();
        Registration longName = new Registration(r.userId(), r.password(), r.repeatPassword(), r.email(),
                "x".repeat(41), r.lastName(), r.phone(), r.billing(), true, null, r.profile());
        assertEquals("First name must be at most 40 characters long.",
                longName.validate(CATEGORIES).message("firstName"));
    }
}

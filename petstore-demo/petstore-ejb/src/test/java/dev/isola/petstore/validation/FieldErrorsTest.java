package dev.isola.petstore.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class FieldErrorsTest {

    @Test
    void keepsTheFirstMessagePerFieldInCheckOrder() {
        FieldErrors errors = new FieldErrors().add("b", "first b").add("a", "first a").add("b", "second b");
        assertEquals("first b", errors.message("b"));
        assertEquals(List.of("b", "a"), List.copyOf(errors.asMap().keySet()));
    }

    @Test
    void anInvalidInputExceptionNeedsAMessage() {
        assertThrows(IllegalArgumentException.class, () -> new InvalidInputException(new FieldErrors()));
        InvalidInputException e = new InvalidInputException(new FieldErrors().add("zip", "Postal code is required."));
        assertEquals("Postal code is required.", e.errors().message("zip"));
    }

    @Test
    void rulesTrimAndMeasure() {
        FieldErrors errors = new FieldErrors();
        Rules.required(errors, "name", "   ", "Name", 5);
        Rules.optional(errors, "nick", "toolong", "Nickname", 5);
        Rules.email(errors, "email", "a@b");
        assertEquals("Name is required.", errors.message("name"));
        assertEquals("Nickname must be at most 5 characters long.", errors.message("nick"));
        assertEquals("Enter an e-mail address such as name@example.com.", errors.message("email"));
        assertEquals("", Rules.clean(null));
    }
}

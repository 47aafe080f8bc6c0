package dev.isola.petstore.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.isola.petstore.validation.FieldErrors;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;

class PaymentCardTest {
    private static final YearMonth NOW = YearMonth.of(2026, 5);

    private static FieldErrors check(PaymentCard card) {
        FieldErrors errors = new FieldErrors();
        card.validate(errors, NOW);
        return errors;
    }

    @Test
    void acceptsAWellFormedCardWithSpacesAndDashes() {
        PaymentCard card = new PaymentCard("Visa", "4111 1111-1111 1111", "05/26");
        assertTrue(check(card).isEmpty(), check(card).toString());
        assertEquals("4111111111111111", card.digits());
        assertEquals("1111", card.lastFour());
    }

    @Test
    void neverPrintsTheFullNumber() {
        String text = new PaymentCard("Visa", "4111 1111 1111 1234", "05/26").toString();
        assertFalse(text.contains("4111"), text);
        assertTrue(text.contains("****1234"), text);
    }

    @Test
    void luhnCheckCatchesATypo() {
        assertTrue(PaymentCard.luhnValid("4111111111111111"));
        assertTrue(PaymentCard.luhnValid("378282246310005"));
        assertFalse(PaymentCard.luhnValid("4111111111111112"));
        assertTrue(check(new PaymentCard("Visa", "4111111111111112", "12/30")).message("card.number")
                .contains("check digit"));
    }

    @Test
    void reportsMissingAndMalformedParts() {
        FieldErrors errors = check(new PaymentCard("Diners", "", ""));
        assertEquals("Choose a card type from the list.", errors.message("card.type"));
        assertEquals("Card number is required.", errors.message("card.number"));
        assertEquals("Expiry date is required.", errors.message("card.expiry"));
        assertTrue(check(new PaymentCard("Visa", "4111abcd11111111", "13/30")).has("card.number"));
        assertTrue(check(new PaymentCard("Visa", "411111111111", "5/30")).has("card.number"), "12 digits is too short");
        assertTrue(check(new PaymentCard("Visa", "4111111111111111", "13/30")).message("card.expiry").contains("MM/YY"));
    }

    @Test
    void anExpiredCardIsRejectedButTheCurrentMonthIsFine() {
        assertTrue(check(new PaymentCard("MasterCard", "5555555555554444", "04/26")).message("card.expiry")
                .contains("expired"));
        assertFalse(check(new PaymentCard("MasterCard", "5555555555554444", "05/26")).has("card.expiry"));
    }
}

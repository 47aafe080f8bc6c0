package dev.isola.petstore.order;

import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.Rules;
import java.io.Serializable;
import java.time.YearMonth;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A payment card as typed into the checkout form. Only the type, the last four digits and the
 * expiry are ever stored; the full number lives no longer than the request.
 */
public record PaymentCard(String type, String number, String expiry) implements Serializable {
    /** The card types the form offers. */
    public static final List<String> TYPES = List.of("Visa", "MasterCard", "American Express");
    private static final Pattern EXPIRY = Pattern.compile("(0[1-9]|1[0-2])/(\\d{2})");

    public PaymentCard {
        type = Rules.clean(type);
        number = Rules.clean(number);
        expiry = Rules.clean(expiry);
    }

    /** Like the generated form, but with the number masked to its last four digits. */
    @Override
    public String toString() {
        return "PaymentCard[type=" + type + ", number=****" + lastFour() + ", expiry=" + expiry + "]";
    }

    /** The number without the spaces and dashes people type between digit groups. */
    public String digits() {
        return number.replace(" ", "").replace("-", "");
    }

    /** The last four digits, for the confirmation page and the order record. */
    public String lastFour() {
        String digits = digits();
        return digits.length() < 4 ? digits : digits.substring(digits.length() - 4);
    }

    /** Checks type, number (length and Luhn check digit) and expiry against {@code thisMonth}. */
    public void validate(FieldErrors errors, YearMonth thisMonth) {
        if (!TYPES.contains(type)) {
            errors.add("card.type", "Choose a card type from the list.");
        }
        String digits = digits();
        if (digits.isEmpty()) {
            errors.add("card.number", "Card number is required.");
        } else if (!digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.length() < 13 || digits.length() > 19) {
            errors.add("card.number", "Card number: 13 to 19 digits (spaces and dashes are fine).");
        } else if (!luhnValid(digits)) {
            errors.add("card.number", "This card number has a typing mistake (its check digit is wrong).");
        }
        Matcher matcher = EXPIRY.matcher(expiry);
        if (expiry.isEmpty()) {
            errors.add("card.expiry", "Expiry date is required.");
        } else if (!matcher.matches()) {
            errors.add("card.expiry", "Expiry date: month and year as MM/YY, for example 09/29.");
        } else {
            YearMonth expires = YearMonth.of(2000 + Integer.parseInt(matcher.group(2)), Integer.parseInt(matcher.group(1)));
            if (expires.isBefore(thisMonth)) {
                errors.add("card.expiry", "This card expired in " + expiry + "; use a card that is still valid.");
            }
        }
    }

    /** The Luhn (mod 10) check that every payment card number satisfies. */
    static boolean luhnValid(String digits) {
        int sum = 0;
        boolean doubleIt = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int digit = digits.charAt(i) - '0';
            if (doubleIt) {
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
            doubleIt = !doubleIt;
        }
        return sum % 10 == 0;
    }
}

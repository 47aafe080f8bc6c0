package dev.isola.petstore.account;

import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.Rules;
import java.io.Serializable;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The "create an account" form as submitted. {@link #validate(Set)} is the single set of rules,
 * run by the web tier for quick feedback and again by the account bean before anything is stored.
 *
 * @param shipToBilling when true the shipping address is the billing address and {@code shipping}
 *                      is ignored
 */
public record Registration(String userId, String password, String repeatPassword, String email,
                           String firstName, String lastName, String phone, Address billing,
                           boolean shipToBilling, Address shipping, Profile profile) implements Serializable {

    public static final int MIN_PASSWORD_LENGTH = 8;
    public static final int MAX_PASSWORD_LENGTH = 128;
    private static final Pattern USER_ID = Pattern.compile("[A-Za-z][A-Za-z0-9._-]{2,19}");
    private static final Pattern PHONE = Pattern.compile("[0-9+() .-]{5,20}");

    public Registration {
        userId = Rules.clean(userId);
        password = password == null ? "" : password;
        repeatPassword = repeatPassword == null ? "" : repeatPassword;
        email = Rules.clean(email);
        firstName = Rules.clean(firstName);
        lastName = Rules.clean(lastName);
        phone = Rules.clean(phone);
    }

    /** Like the generated form, but with both passwords masked, so a log line never shows one. */
    @Override
    public String toString() {
        return "Registration[userId=" + userId + ", password=***, repeatPassword=***, email=" + email
                + ", firstName=" + firstName + ", lastName=" + lastName + ", phone=" + phone + ", billing=" + billing
                + ", shipToBilling=" + shipToBilling + ", shipping=" + shipping + ", profile=" + profile + "]";
    }

    /** The address to ship to: the billing address when the customer ticked "ship to billing". */
    public Address effectiveShipping() {
        return shipToBilling ? billing : shipping;
    }

    /**
     * Checks every field; {@code categoryIds} are the ids a favourite category may take.
     *
     * @return the messages per field, empty when the registration is acceptable
     */
    public FieldErrors validate(Set<String> categoryIds) {
        FieldErrors errors = new FieldErrors();
        if (Rules.required(errors, "userId", userId, "User id", 20)) {
            Rules.matches(errors, "userId", userId, USER_ID,
                    "User id: 3 to 20 letters, digits, '.', '_' or '-', starting with a letter.");
        }
        if (password.isEmpty()) {
            errors.add("password", "Password is required.");
        } else if (password.length() < MIN_PASSWORD_LENGTH) {
            errors.add("password", "Password must be at least " + MIN_PASSWORD_LENGTH + " characters long.");
        } else if (password.length() > MAX_PASSWORD_LENGTH) {
            errors.add("password", "Password must be at most " + MAX_PASSWORD_LENGTH + " characters long.");
        } else if (password.equalsIgnoreCase(userId)) {
            errors.add("password", "Password must differ from the user id.");
        }
        if (!password.equals(repeatPassword)) {
            errors.add("repeatPassword", "The two passwords differ; type the same password twice.");
        }
        Rules.email(errors, "email", email);
        Rules.required(errors, "firstName", firstName, "First name", 40);
        Rules.required(errors, "lastName", lastName, "Last name", 40);
        if (!phone.isEmpty()) {
            Rules.matches(errors, "phone", phone, PHONE,
                    "Phone: 5 to 20 digits, spaces and + ( ) . - only.");
        }
        billing.validate(errors, "billing");
        if (!shipToBilling) {
            shipping.validate(errors, "shipping");
        }
        String favourite = profile.favouriteCategory();
        if (favourite != null && !favourite.isEmpty() && !categoryIds.contains(favourite)) {
            errors.add("favouriteCategory", "Choose a favourite category from the list.");
        }
        if (!Profile.isLanguage(profile.language())) {
            errors.add("language", "Choose a language from the list.");
        }
        return errors;
    }
}

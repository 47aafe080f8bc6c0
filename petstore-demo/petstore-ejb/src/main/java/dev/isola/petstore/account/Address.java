package dev.isola.petstore.account;

import dev.isola.petstore.validation.FieldErrors;
import dev.isola.petstore.validation.Rules;
import java.io.Serializable;
import java.util.regex.Pattern;

/** A postal address with the name of the person at it; used for billing and shipping. */
public record Address(String firstName, String lastName, String street1, String street2, String city,
                      String state, String zip, String country) implements Serializable {
    private static final Pattern ZIP = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 -]{1,9}");

    /** Trims every part; absent parts become empty strings. */
    public Address {
        firstName = Rules.clean(firstName);
        lastName = Rules.clean(lastName);
        street1 = Rules.clean(street1);
        street2 = Rules.clean(street2);
        city = Rules.clean(city);
        state = Rules.clean(state);
        zip = Rules.clean(zip);
        country = Rules.clean(country);
    }

    /**
     * Checks every part and records messages under {@code prefix + "." + part}, for example
     * {@code billing.zip}, so a page can put each message beside its field.
     */
    public void validate(FieldErrors errors, String prefix) {
        Rules.required(errors, prefix + ".firstName", firstName, "First name", 40);
        Rules.required(errors, prefix + ".lastName", lastName, "Last name", 40);
        Rules.required(errors, prefix + ".street1", street1, "Street address", 80);
        Rules.optional(errors, prefix + ".street2", street2, "Second address line", 80);
        Rules.required(errors, prefix + ".city", city, "City", 40);
        Rules.optional(errors, prefix + ".state", state, "State or region", 40);
        if (Rules.required(errors, prefix + ".zip", zip, "Postal code", 10)) {
            Rules.matches(errors, prefix + ".zip", zip, ZIP,
                    "Postal code: 2 to 10 letters, digits, spaces or '-'.");
        }
        Rules.required(errors, prefix + ".country", country, "Country", 40);
    }
}

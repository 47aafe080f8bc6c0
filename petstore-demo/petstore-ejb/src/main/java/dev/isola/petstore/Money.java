package dev.isola.petstore;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.Locale;

/** Amounts as the store shows them: US dollars with cents, e.g. {@code $1,234.50}. */
public final class Money {
    private Money() {
    }

    public static String format(BigDecimal amount) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(amount.setScale(2, RoundingMode.HALF_UP));
    }
}

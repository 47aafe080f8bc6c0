package dev.isola.petstore.web;

import dev.isola.petstore.Money;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** EL functions of the {@code ps} tag library ({@code /WEB-INF/petstore.tld}). */
public final class Functions {
    private static final DateTimeFormatter DATE_TIME =
            DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.US).withZone(ZoneOffset.UTC);

    private Functions() {
    }

    /** {@code ${ps:money(amount)}}: US dollars, e.g. {@code $1,234.50}. */
    public static String money(BigDecimal amount) {
        return amount == null ? "" : Money.format(amount);
    }

    /** {@code ${ps:dateTime(instant)}}: e.g. {@code 3 May 2026, 14:05 UTC}. */
    public static String dateTime(Instant instant) {
        return instant == null ? "" : DATE_TIME.format(instant);
    }
}

package dev.isola.appserver.support;

import java.util.Locale;

/**
 * The JVM's default locale set for the length of a test, and put back as it was (with its
 * display and format categories) on {@link #close()}:
 *
 * <pre>
 *   try (DefaultLocale en = DefaultLocale.set(Locale.of("en"))) { ... }
 * </pre>
 */
public final class DefaultLocale implements AutoCloseable {

    private final Locale previous = Locale.getDefault();
    private final Locale previousDisplay = Locale.getDefault(Locale.Category.DISPLAY);
    private final Locale previousFormat = Locale.getDefault(Locale.Category.FORMAT);

    private DefaultLocale(Locale locale) {
        Locale.setDefault(locale);
    }

    public static DefaultLocale set(Locale locale) {
        return new DefaultLocale(locale);
    }

    @Override
    public void close() {
        Locale.setDefault(previous);
        Locale.setDefault(Locale.Category.DISPLAY, previousDisplay);
        Locale.setDefault(Locale.Category.FORMAT, previousFormat);
    }
}

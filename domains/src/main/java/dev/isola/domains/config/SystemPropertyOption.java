package dev.isola.domains.config;

import java.util.Optional;

/**
 * A {@code -Dname=value} among a domain isolate's JVM options, as application-server users
 * write them (GlassFish's jvm-options, a {@code JAVA_OPTS}). The isolate runtime keeps system
 * properties apart from other JVM options (they are part of what a spare's process must match),
 * so a domain passes these on as system properties of its isolate's spec.
 *
 * @param name  the property's name, never blank
 * @param value its value; {@code -Dname} alone sets it to the empty string, as {@code java} does
 */
public record SystemPropertyOption(String name, String value) {

    private static final String PREFIX = "-D";

    /**
     * @return the property {@code option} sets, or empty if it is another kind of option
     * @throws IllegalArgumentException if it is a {@code -D} that names no property ({@code -D=x}, {@code -D})
     */
    public static Optional<SystemPropertyOption> parse(String option) {
        if (!option.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String setting = option.substring(PREFIX.length());
        int equals = setting.indexOf('=');
        String name = equals < 0 ? setting : setting.substring(0, equals);
        if (name.isBlank()) {
            throw new IllegalArgumentException("'" + option + "' names no system property (write -Dname=value)");
        }
        return Optional.of(new SystemPropertyOption(name, equals < 0 ? "" : setting.substring(equals + 1)));
    }
}

package dev.isola.domains.config;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a domain places its sub-servers: all in one isolate, or each in its own.
 *
 * <pre>
 *   COMBINED    shop              one isolate: web + EJB + JMS, local calls
 *   SEPARATED   crm-web ──link──▶ crm-ejb ──link──▶ crm-jms
 *                  └──────────────link──────────────▶┘
 * </pre>
 *
 * The same EAR deploys unmodified in both modes.
 */
public enum DomainMode {
    COMBINED,
    SEPARATED;

    /** How configuration files and the API spell it: {@code combined}, {@code separated}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws IllegalArgumentException naming the known modes
     */
    public static DomainMode of(String key) {
        return Arrays.stream(values()).filter(m -> m.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + key + "' is not a mode (expected combined or separated)"));
    }
}

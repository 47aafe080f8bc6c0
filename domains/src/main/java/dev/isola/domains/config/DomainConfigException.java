package dev.isola.domains.config;

/**
 * A domain configuration that cannot be used. The message starts with the field at fault,
 * as a path into the configuration ({@code isolates.ejb.heap}, {@code jmsDestinations[1].name}),
 * and says what is expected.
 */
public class DomainConfigException extends RuntimeException {

    private final String field;

    public DomainConfigException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    /** The path of the offending field. */
    public String field() {
        return field;
    }
}

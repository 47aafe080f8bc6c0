package dev.isola.appserver.ejb;

/**
 * A business view of a bean: how clients see it.
 *
 * @param type the business interface, or the bean class for the no-interface view
 */
public record View(Kind kind, Class<?> type) {

    public enum Kind {
        /** The bean class itself, through a generated subclass. */
        NO_INTERFACE,
        /** A local business interface: arguments and results by reference. */
        LOCAL,
        /** A remote business interface: arguments and results by value, even in one isolate. */
        REMOTE
    }

    public boolean byValue() {
        return kind == Kind.REMOTE;
    }
}

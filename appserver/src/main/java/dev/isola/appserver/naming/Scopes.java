package dev.isola.appserver.naming;

import java.util.Objects;

/**
 * The four {@code java:} scopes as one component sees them. In a web module the component
 * scope is the module scope (the specification makes {@code java:comp} and
 * {@code java:module} the same there); each enterprise bean has a {@code java:comp} of its own.
 */
public record Scopes(Namespace global, Namespace app, Namespace module, Namespace comp) {

    public Scopes {
        Objects.requireNonNull(global, "global");
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(module, "module");
        Objects.requireNonNull(comp, "comp");
    }

    /** The namespace a {@code java:} name's first segment selects, or null if none does. */
    Namespace select(String scopeName) {
        return switch (scopeName) {
            case "global" -> global;
            case "app" -> app;
            case "module" -> module;
            case "comp" -> comp;
            default -> null;
        };
    }
}

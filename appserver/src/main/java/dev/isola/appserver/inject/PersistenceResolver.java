package dev.isola.appserver.inject;

import dev.isola.appserver.naming.Binding;

/**
 * Resolves a {@code @PersistenceContext} or {@code @PersistenceUnit} reference of a module to
 * what its {@code java:comp/env} entry is bound to, starting the unit if it has not started.
 */
public interface PersistenceResolver {

    /**
     * @param module   the referring module's name
     * @param jndiName the name it is bound at ({@code java:comp/env/<name>}), which a passivated stateful bean restores it by
     * @throws IllegalArgumentException saying why the reference cannot be satisfied (no such
     *         unit, more than one unit and no name, a container-managed entity manager of a unit that is not JTA's)
     */
    Binding resolve(Reference reference, String module, String jndiName);
}

package dev.isola.appserver.naming;

import java.util.function.Supplier;

/**
 * What a name in a {@link Namespace} is bound to.
 */
public sealed interface Binding {

    /** A fixed object: a datasource, a stateless bean's reference, an environment entry. */
    record Value(Object value) implements Binding { }

    /**
     * An object made at each lookup: a stateful session bean's reference, where the
     * specification wants a new session per lookup and per injection.
     */
    record Factory(Supplier<?> factory, String describe) implements Binding { }

    /**
     * Another name, looked up in the caller's scopes when this one is: {@code @EJB(lookup=…)},
     * {@code @Resource(lookup=…)}, and every {@code java:comp/env} entry that stands for a
     * portable name.
     */
    record Link(String target) implements Binding { }
}

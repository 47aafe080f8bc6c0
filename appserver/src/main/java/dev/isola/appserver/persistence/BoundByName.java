package dev.isola.appserver.persistence;

/**
 * A container object of persistence bound in a component's {@code java:comp/env}: a stateful
 * bean that holds one is passivated with the name, and gets the object back by looking it up.
 */
interface BoundByName {

    /** {@code java:comp/env/<name>}; null when the object was not injected or looked up (one a factory handed out). */
    String jndiName();
}

package dev.isola.appserver.ejb;

/**
 * Copies values for by-value (remote) calls, so that a remote view behaves the same inside one
 * isolate as across isolates: the callee never shares an object with the caller. The seam
 * exists so that the link codec can replace JDK serialization later.
 */
public interface ValueCopier {

    /**
     * A deep copy of {@code value} whose classes are resolved in {@code target} (the loader of
     * the side that receives it).
     *
     * @throws jakarta.ejb.EJBException if the value cannot be copied (not serializable)
     */
    Object copy(Object value, ClassLoader target);
}

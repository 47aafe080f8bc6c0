package dev.isola.mvm.link.codec;

import dev.isola.mvm.link.LinkException;

/**
 * A message named a class the receiving end does not allow, so it was refused before any
 * instance of that class was made. The link stays usable. To accept the class, add it to the
 * receiving link's {@link ClassAllowList}.
 */
public class ClassNotAllowedException extends LinkException {

    private final String className;

    public ClassNotAllowedException(String className, String message) {
        super(message);
        this.className = className;
    }

    /** The refused class, as the sender named it. */
    public String className() {
        return className;
    }
}

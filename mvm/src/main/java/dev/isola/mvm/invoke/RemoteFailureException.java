package dev.isola.mvm.invoke;

import java.io.Serializable;

/**
 * Stands in for a remote exception that could not be copied (its class or a field of it is not
 * serializable, or the caller does not allow its class): it keeps the class name, the message
 * and the remote stack trace, which is this exception's stack trace.
 */
public final class RemoteFailureException extends RuntimeException {

    private final String remoteClass;

    public RemoteFailureException(String remoteClass, String message, StackTraceElement[] remoteStack) {
        super(remoteClass + (message == null ? "" : ": " + message));
        this.remoteClass = remoteClass;
        setStackTrace(remoteStack);
    }

    /** The class of the exception thrown in the remote isolate. */
    public String remoteClass() {
        return remoteClass;
    }

    /** How a server describes an exception it cannot send as itself. */
    record Description(String className, String message, StackTraceElement[] stack) implements Serializable {
        static Description of(Throwable t) {
            return new Description(t.getClass().getName(), t.getMessage(), t.getStackTrace());
        }
    }
}

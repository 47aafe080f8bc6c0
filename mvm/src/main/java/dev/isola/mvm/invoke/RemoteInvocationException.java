package dev.isola.mvm.invoke;

/**
 * A call through a proxy did not complete normally for a reason other than an exception the
 * interface declares: the remote method threw an unchecked exception (the cause, carrying the
 * remote stack), its result or exception could not be copied, or the links failed. Thrown in
 * the caller's thread, so its own stack shows the call site.
 */
public class RemoteInvocationException extends RuntimeException {

    public RemoteInvocationException(String message, Throwable cause) {
        super(message, cause);
    }
}

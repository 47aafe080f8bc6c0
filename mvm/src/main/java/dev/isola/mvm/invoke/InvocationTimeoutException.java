package dev.isola.mvm.invoke;

/**
 * No reply came within the call's timeout. The call may still run (or have run) in the server:
 * only the caller stopped waiting; a late reply is dropped.
 */
public class InvocationTimeoutException extends RemoteInvocationException {

    public InvocationTimeoutException(String message) {
        super(message, null);
    }
}

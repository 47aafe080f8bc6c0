package dev.isola.mvm.isolate;

/**
 * An {@link IsolateSpec} was refused before any process started. The message names the
 * field and the value at fault.
 */
public final class InvalidIsolateSpecException extends IllegalArgumentException {
    public InvalidIsolateSpecException(String message) {
        super(message);
    }
}

package dev.isola.mvm.isolate;

/**
 * An isolate did not reach {@link IsolateStatus.Started}: its process could not be
 * spawned, its JVM refused the flags, its main class was missing, or it died or hung
 * during startup. The message carries the tail of the isolate's own error output, so the
 * reason is visible where {@link Isolate#start} was called.
 */
public final class IsolateStartException extends RuntimeException {
    private final String childErrorOutput;

    public IsolateStartException(String message, String childErrorOutput, Throwable cause) {
        super(childErrorOutput.isBlank() ? message : message + "\n--- isolate output (tail) ---\n" + childErrorOutput, cause);
        this.childErrorOutput = childErrorOutput;
    }

    /** The last lines the isolate wrote to its standard error (and, before its main method, what the JVM wrote to stdout), possibly empty. */
    public String childErrorOutput() {
        return childErrorOutput;
    }
}

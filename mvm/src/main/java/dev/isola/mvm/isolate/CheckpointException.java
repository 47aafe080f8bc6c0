package dev.isola.mvm.isolate;

/**
 * An isolate could not be frozen to disk or thawed from it ({@link Isolate#freeze},
 * {@link FrozenSpare}): CRIU is missing or too old, not root, or it failed, in which case the
 * message carries its own error lines.
 */
public final class CheckpointException extends RuntimeException {

    private final boolean openConnection;

    public CheckpointException(String message) {
        this(message, false);
    }

    CheckpointException(String message, boolean openConnection) {
        super(message);
        this.openConnection = openConnection;
    }

    /**
     * Whether CRIU refused because the process holds an open TCP connection (the message then
     * lists them): worth trying again once a closing connection is gone, unlike other refusals.
     */
    public boolean refusedForOpenConnection() {
        return openConnection;
    }
}

package dev.isola.mvm.isolate;

/**
 * An isolate could not be frozen to disk or thawed from it ({@link Isolate#freeze},
 * {@link FrozenSpare}): CRIU is missing or too old, not root, or it failed, in which case the
 * message carries its own error lines.
 */
public final class CheckpointException extends RuntimeException {

    public CheckpointException(String message) {
        super(message);
    }
}

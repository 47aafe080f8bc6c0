package dev.isola.domains.backup;

/**
 * A running domain's backup refused because a database under its {@code data/} is open in one
 * of its isolates without the server knowing it (an application booted it itself), so that no
 * isolate could copy it whole; the message names it and says to stop the domain.
 */
public final class DatabaseInUseException extends IllegalStateException {

    public DatabaseInUseException(String message) {
        super(message);
    }
}

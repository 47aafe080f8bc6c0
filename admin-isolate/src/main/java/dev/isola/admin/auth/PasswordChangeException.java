package dev.isola.admin.auth;

/** A change of the admin password that was refused, and why, so that the API can answer with the matching status. */
public final class PasswordChangeException extends RuntimeException {

    public enum Reason {
        /** The new password cannot be used (too short, too long, a line break, the same as the current one). */
        UNACCEPTABLE,
        /** The current password given is not the admin's. */
        WRONG_CURRENT_PASSWORD,
        /** The password was given to this start in the environment or a file, which the next start would give again. */
        NOT_STORED
    }

    private final Reason reason;

    public PasswordChangeException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}

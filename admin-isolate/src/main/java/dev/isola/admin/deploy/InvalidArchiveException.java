package dev.isola.admin.deploy;

/** An upload refused before it reaches a domain; the message names the archive, the entry and the rule. */
public class InvalidArchiveException extends RuntimeException {

    private final boolean tooLarge;

    public InvalidArchiveException(String message) {
        this(message, false);
    }

    public InvalidArchiveException(String message, boolean tooLarge) {
        super(message);
        this.tooLarge = tooLarge;
    }

    /** Whether it was refused for its size (HTTP 413) rather than its content (HTTP 400). */
    public boolean tooLarge() {
        return tooLarge;
    }
}

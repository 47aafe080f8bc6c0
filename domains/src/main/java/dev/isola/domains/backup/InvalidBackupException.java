package dev.isola.domains.backup;

/** A file given to restore a domain from that is not a backup this server can restore, with what is wrong with it. */
public final class InvalidBackupException extends RuntimeException {

    public InvalidBackupException(String message) {
        super(message);
    }

    public InvalidBackupException(String message, Throwable cause) {
        super(message, cause);
    }
}

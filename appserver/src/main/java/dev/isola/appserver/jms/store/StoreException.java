package dev.isola.appserver.jms.store;

/** The message store failed; the message says what it was doing and where. */
public final class StoreException extends RuntimeException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.isola.mvm.link;

/**
 * The link can carry no more messages: this end was closed, the other end was closed, or the
 * isolate at the other end died. Final: retrying on the same link will not help; a new link is
 * needed.
 */
public class LinkClosedException extends LinkException {

    public LinkClosedException(String message) {
        super(message);
    }

    public LinkClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.isola.mvm.link;

/**
 * A {@code send} found the link full, or a {@code receive} found it empty, for the whole
 * timeout. Nothing was sent or taken: the link is intact and the call may be retried.
 */
public class LinkTimeoutException extends LinkException {

    public LinkTimeoutException(String message) {
        super(message);
    }
}

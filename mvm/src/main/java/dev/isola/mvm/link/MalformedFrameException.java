package dev.isola.mvm.link;

/**
 * A frame arrived that cannot be a message: unknown kind, truncated or inconsistent payload, or
 * ring bookkeeping that a correct sender never writes. The receiver refuses the frame instead of
 * failing in an unrelated way; a corrupted ring also closes the link, since nothing after the
 * bad frame can be trusted.
 */
public class MalformedFrameException extends LinkException {

    public MalformedFrameException(String message) {
        super(message);
    }

    public MalformedFrameException(String message, Throwable cause) {
        super(message, cause);
    }
}

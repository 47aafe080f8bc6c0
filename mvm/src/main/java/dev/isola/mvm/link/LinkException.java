package dev.isola.mvm.link;

/** Something went wrong on a link; the subclasses say what a caller can do about it. */
public class LinkException extends RuntimeException {

    public LinkException(String message) {
        super(message);
    }

    public LinkException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.isola.mvm.link;

/**
 * Refused at the sender: the encoded message does not fit in one frame of the link. Nothing was
 * sent. Use a link with a larger capacity, or send the bytes as a migrated {@link BulkBuffer}.
 */
public class MessageTooLargeException extends LinkException {

    private final long size;
    private final long limit;

    public MessageTooLargeException(String message, long size, long limit) {
        super(message);
        this.size = size;
        this.limit = limit;
    }

    /** The encoded size of the refused message, in bytes. */
    public long size() {
        return size;
    }

    /** The largest payload the link takes, in bytes. */
    public long limit() {
        return limit;
    }
}

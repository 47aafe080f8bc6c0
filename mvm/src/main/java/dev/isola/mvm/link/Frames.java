package dev.isola.mvm.link;

/**
 * The frame format shared by all transports: an 8-byte header (payload length as an int, then
 * the message kind as an int) followed by the payload. In a ring, frames start on 8-byte
 * boundaries so that a header never wraps.
 */
final class Frames {

    static final int HEADER_BYTES = 8;

    private Frames() {
    }

    /** Bytes a frame with this payload takes in a ring, header and alignment included. */
    static long ringBytes(int payloadLength) {
        return (HEADER_BYTES + (long) payloadLength + 7) & ~7L;
    }
}

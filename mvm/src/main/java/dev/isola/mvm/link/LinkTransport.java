package dev.isola.mvm.link;

/**
 * How a link moves frames from its sending process to its receiving process: the seam where a
 * transport that does not share memory (a Unix domain socket here, TCP to another host later)
 * stands in for the shared-memory ring. {@link Link} builds messages into frames and back, and
 * holds the semantics every transport must keep (checked by the same contract tests):
 *
 * <ul>
 *   <li>a frame is delivered whole or not at all, in the order sent;</li>
 *   <li>a full link makes {@code send} wait, up to its deadline; nothing is dropped;</li>
 *   <li>when the other end closes or its process dies, waiting and later calls end with
 *       {@link LinkClosedException} within 200 ms (the receiver first gets the frames that
 *       were complete);</li>
 *   <li>bytes that cannot be a frame end in {@link MalformedFrameException}, never in another
 *       failure.</li>
 * </ul>
 *
 * <p>Deadlines are {@link System#nanoTime()} values; {@link #NO_DEADLINE} waits for ever.
 * Each end is used by one thread at a time ({@link Link} serialises them).
 */
interface LinkTransport {

    long NO_DEADLINE = Long.MAX_VALUE;

    /** One frame as received. */
    record Frame(int kind, byte[] payload) {
    }

    /** The end of a link in the sending process. */
    interface SendingEnd extends AutoCloseable {

        /** The largest payload one frame can carry. */
        int maxPayload();

        /**
         * Delivers {@code payload[0, length)} as one frame of {@code kind}.
         *
         * @throws LinkTimeoutException if the link stayed full until the deadline
         * @throws LinkClosedException  if either end was closed or the receiver died
         */
        void send(int kind, byte[] payload, int length, long deadline);

        /** The last value the receiving end posted with {@link ReceivingEnd#postFeedback}; 0 at first. */
        long feedback();

        /** Closes this end; the receiver still gets the frames already sent. */
        @Override
        void close();
    }

    /** The end of a link in the receiving process. */
    interface ReceivingEnd extends AutoCloseable {

        /**
         * Takes the next frame.
         *
         * @throws LinkTimeoutException    if none arrived before the deadline
         * @throws LinkClosedException     if the sender closed or died and every complete frame
         *                                 has been taken, or this end was closed
         * @throws MalformedFrameException if the bytes in the link cannot be a frame
         */
        Frame receive(long deadline);

        /** Posts a value the sender reads with {@link SendingEnd#feedback} (used to resynchronise codecs). */
        void postFeedback(long value);

        @Override
        void close();
    }
}

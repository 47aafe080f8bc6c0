package dev.isola.loadtests.evaluation;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * N servers of one {@link Setup}, started one after another: standalone JVMs, or domains of
 * one admin isolate. Closing it stops every process it started.
 */
sealed interface Fleet extends AutoCloseable permits StandaloneFleet, AdminFleet {

    /**
     * Starts the next server and returns the time from the request to start it (spawning its JVM,
     * or the admin's {@code start} call) to its first answer: HTTP 200 of the Pet Store when the
     * servers have it, any HTTP answer otherwise.
     */
    Duration startNext() throws IOException, InterruptedException;

    /** The HTTP port of server {@code n} (1-based). */
    int port(int n);

    /**
     * Waits until nothing the server does on its own is under way (an admin's spare isolate
     * warming up), so that memory is read, and the next server started, on a quiet server.
     */
    default void awaitQuiet() throws IOException, InterruptedException {
    }

    /** The processes to count: every server's, the admin isolate's and its spare isolates' when there is one. */
    List<Long> pids() throws IOException, InterruptedException;

    /** The processes of server {@code n} alone (1-based). */
    List<Long> pidsOf(int n) throws IOException, InterruptedException;

    @Override
    void close() throws IOException, InterruptedException;
}

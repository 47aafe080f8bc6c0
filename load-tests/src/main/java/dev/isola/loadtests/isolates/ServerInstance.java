package dev.isola.loadtests.isolates;

import dev.isola.mvm.isolate.Isolate;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One running server of a sweep, whichever way it was started. */
sealed interface ServerInstance {

    long pid();

    int port();

    boolean alive();

    /** Stops it in an orderly way, forcibly after {@code grace}. */
    void stop(Duration grace) throws InterruptedException;

    /** A server in a JVM of its own, started by {@link ProcessBuilder}. */
    record PlainJvm(Process process, int port) implements ServerInstance {
        public long pid() {
            return process.pid();
        }

        public boolean alive() {
            return process.isAlive();
        }

        public void stop(Duration grace) throws InterruptedException {
            process.destroy();
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** A server in an isolate of the workload's image. */
    record InIsolate(Isolate isolate, int port) implements ServerInstance {
        public long pid() {
            return isolate.pid();
        }

        public boolean alive() {
            return !isolate.onExit().isDone();
        }

        public void stop(Duration grace) {
            try {
                isolate.exit(0).get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | java.util.concurrent.ExecutionException | InterruptedException e) {
                isolate.halt(1).join();
            }
        }
    }
}

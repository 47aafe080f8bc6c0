package dev.isola.mvm.isolate;

import java.nio.file.Files;
import java.util.OptionalInt;

/**
 * Works out why an isolate ended from what it left behind: the exit status (known only to
 * the process that spawned it), its own state file, the halt marker and its output.
 *
 * <p>The order of the checks matters. A halt is the creator's own doing and wins. An
 * exit status the isolate recorded itself (captured from {@code Runtime.exit}) is exact
 * and beats guessing from the process status, which is how {@code System.exit(137)} is
 * told apart from a {@code kill -9}.
 */
final class TerminationAnalysis {

    /** What HotSpot prints when {@code -XX:+ExitOnOutOfMemoryError} ends the process. */
    static final String OUT_OF_MEMORY_MARKER = "Terminating due to java.lang.OutOfMemoryError";
    private static final int LOG_TAIL_BYTES = 4096;

    private TerminationAnalysis() {
    }

    /**
     * @param directory  the isolate's run directory
     * @param exitStatus the process's exit status, empty when it was not our child
     */
    static TerminationCause analyse(IsolateDirectory directory, OptionalInt exitStatus) {
        if (Files.exists(directory.haltRequest())) {
            return new TerminationCause.Halted(readHaltCode(directory));
        }
        ChildState state = ChildState.readFrom(directory.state());
        String stderr = IsolateDirectory.tail(directory.stderr(), LOG_TAIL_BYTES);
        if (state.failedWithReason()) {
            return new TerminationCause.FailedToStart(state.note(), stderr);
        }
        if (state.exitCode().isPresent()) {
            return new TerminationCause.Exited(state.exitCode().getAsInt());
        }
        String stdout = IsolateDirectory.tail(directory.stdout(), LOG_TAIL_BYTES);
        String withMarker = stdout.contains(OUT_OF_MEMORY_MARKER) ? stdout : stderr;
        int marker = withMarker.lastIndexOf(OUT_OF_MEMORY_MARKER);
        if (marker >= 0) {
            String line = withMarker.substring(marker).lines().findFirst().orElse("");
            int colon = line.indexOf(": ");
            return new TerminationCause.OutOfMemory(colon >= 0 ? line.substring(colon + 2) : "java.lang.OutOfMemoryError");
        }
        if (!state.reachedMain()) {
            String reason = exitStatus.isPresent()
                    ? "the JVM exited with status " + exitStatus.getAsInt() + " before the main method was called"
                    : "the process ended before the main method was called";
            // The java launcher writes some of its refusals to stdout ("The Java thread stack size specified is
            // too small"), and stderr then holds only "Could not create the Java Virtual Machine". Before main,
            // nothing else can have written to stdout.
            return new TerminationCause.FailedToStart(reason, stdout.isEmpty() ? stderr : stdout + "\n" + stderr);
        }
        if (exitStatus.isEmpty()) {
            return new TerminationCause.Vanished();
        }
        int status = exitStatus.getAsInt();
        // No orderly exit was recorded, so a status above 128 is the shell convention for
        // "killed by signal (status - 128)".
        if (status > 128 && state.phase() != ChildState.Phase.EXITING) {
            return new TerminationCause.KilledBySignal(status - 128);
        }
        return new TerminationCause.Exited(status);
    }

    private static int readHaltCode(IsolateDirectory directory) {
        try {
            return Integer.parseInt(Files.readString(directory.haltRequest()).strip());
        } catch (Exception e) {
            return -1;
        }
    }
}

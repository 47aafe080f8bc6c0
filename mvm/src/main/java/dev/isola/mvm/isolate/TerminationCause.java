package dev.isola.mvm.isolate;

/**
 * Why an isolate's process ended, as precisely as the runtime could tell.
 */
public sealed interface TerminationCause {

    /** A one-line description for logs and listings. */
    String describe();

    /**
     * The isolate exited in an orderly way: its main method and all its non-daemon threads
     * ended, or it called {@code System.exit}, or {@link Isolate#exit} asked it to.
     */
    record Exited(int code) implements TerminationCause {
        public String describe() { return "exited with code " + code; }
    }

    /** {@link Isolate#halt} ended it at once: no shutdown hook ran. */
    record Halted(int code) implements TerminationCause {
        public String describe() { return "halted (code " + code + ")"; }
    }

    /** A signal that nobody in the runtime sent killed it (an outside {@code kill -9}, a JVM crash). */
    record KilledBySignal(int signal) implements TerminationCause {
        public String describe() { return "killed by signal " + signal + signalName(signal); }

        private static String signalName(int signal) {
            return switch (signal) {
                case 6 -> " (SIGABRT: JVM crash)";
                case 9 -> " (SIGKILL)";
                case 11 -> " (SIGSEGV)";
                case 15 -> " (SIGTERM)";
                default -> "";
            };
        }
    }

    /** The Java heap ran out; the JVM terminated it rather than let it limp on. */
    record OutOfMemory(String detail) implements TerminationCause {
        public String describe() { return "out of memory: " + detail; }
    }

    /**
     * It ended before its main method was called; {@code errorOutput} is the tail of its stderr, after the tail
     * of its stdout if the JVM wrote there (the java launcher prints some of its refusals to stdout).
     */
    record FailedToStart(String reason, String errorOutput) implements TerminationCause {
        public String describe() { return "failed to start: " + reason; }
    }

    /**
     * {@link Isolate#freeze} wrote the spare to {@code snapshot} and ended its process; a
     * {@link FrozenSpare} recreates it.
     */
    record Frozen(String snapshot) implements TerminationCause {
        public String describe() { return "frozen to " + snapshot; }
    }

    /**
     * It ended, but it was not this process's child and left no record of its exit, so the
     * exit code is unknown (an adopted isolate killed from outside).
     */
    record Vanished() implements TerminationCause {
        public String describe() { return "ended without a record of its exit status"; }
    }
}

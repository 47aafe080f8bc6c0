package dev.isola.mvm.isolate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * A process named by its pid and its start time together, because a pid alone can be reused
 * by an unrelated process after the isolate has ended.
 */
record ProcessIdentity(long pid, Instant start) {

    static ProcessIdentity of(ProcessHandle handle) {
        return new ProcessIdentity(handle.pid(), handle.info().startInstant().orElse(Instant.EPOCH));
    }

    static ProcessIdentity current() {
        return of(ProcessHandle.current());
    }

    /**
     * The live process with this identity, empty if it ended (or its pid now names another
     * process). A process that has ended but not been reaped yet (a zombie, as an orphan killed
     * while its new parent is slow to reap it) has ended.
     */
    Optional<ProcessHandle> live() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(h -> !zombie(pid))
                .filter(h -> h.info().startInstant().map(s -> s.equals(start) || start.equals(Instant.EPOCH)).orElse(true));
    }

    /** Whether Linux reports the process as ended and waiting to be reaped (state Z or X in /proc/<pid>/stat). */
    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int afterName = stat.lastIndexOf(')');
            char state = afterName >= 0 && afterName + 2 < stat.length() ? stat.charAt(afterName + 2) : '?';
            return state == 'Z' || state == 'X';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}

package dev.isola.mvm.isolate;

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

    /** The live process with this identity, empty if it ended (or its pid now names another process). */
    Optional<ProcessHandle> live() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().startInstant().map(s -> s.equals(start) || start.equals(Instant.EPOCH)).orElse(true));
    }
}

package dev.isola.mvm.link;

import java.time.Instant;

/**
 * The process at one end of a link, as recorded in the ring header: pid and start time
 * together, because a pid alone may be reused by an unrelated process once the peer is gone.
 */
record PeerProcess(long pid, long startMillis) {

    private static final PeerProcess CURRENT = of(ProcessHandle.current());

    static PeerProcess current() {
        return CURRENT;
    }

    static PeerProcess of(ProcessHandle handle) {
        return new PeerProcess(handle.pid(), handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
    }

    /** Whether the process still runs (and its pid has not passed to another process). */
    boolean alive() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .map(h -> startMillis == 0 || h.info().startInstant().map(s -> s.toEpochMilli() == startMillis).orElse(true))
                .orElse(false);
    }

    @Override
    public String toString() {
        return "process " + pid;
    }
}

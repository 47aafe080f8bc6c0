package dev.isola.mvm.link;

import dev.isola.mvm.isolate.ProcessCommandLine;

/**
 * The process at one end of a link, as recorded in the ring header: its pid and a fingerprint
 * of its command line together, because a pid alone may be reused by an unrelated process once
 * the peer is gone. Not its start time: a spare isolate thawed from a snapshot reads every start
 * time shifted by the time it was frozen ({@link ProcessCommandLine}), and it and its peers must
 * agree on who is who.
 *
 * @param fingerprint {@link ProcessCommandLine#fingerprint}, 0 when unknown (then the pid alone counts)
 */
record PeerProcess(long pid, long fingerprint) {

    private static final PeerProcess CURRENT = of(ProcessHandle.current());

    static PeerProcess current() {
        return CURRENT;
    }

    static PeerProcess of(ProcessHandle handle) {
        return new PeerProcess(handle.pid(), ProcessCommandLine.fingerprint(handle.pid()));
    }

    /** Whether the process still runs (and its pid has not passed to another process). */
    boolean alive() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .map(h -> fingerprint == 0 || ProcessCommandLine.fingerprint(pid) == fingerprint)
                .orElse(false);
    }

    @Override
    public String toString() {
        return "process " + pid;
    }
}

package dev.isola.appserver.tx;

import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * What lets a backup copy an isolate's databases between transactions rather than through one:
 * every commit passes the gate (its resources' commits, steps 2 and 3 of {@link LocalTransaction},
 * share it), and a backup closes it, which waits for the commits in progress to end and holds the
 * next ones until the copies are made. A transaction that wrote to a database and sent a message
 * is then in the copies of both or of neither.
 *
 * <p>Commits share the gate without waiting for one another; only a closed gate makes them wait.
 * Work outside container or user transactions (auto-commit statements, messages sent without a
 * transaction) does not pass it: each such change is in one database, whose own copy is whole.
 */
public final class CommitGate {

    /** Not fair: commits pass freely, but one waiting to close the gate is not overtaken by new ones (the lock's rule for a queued writer). */
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    void enter() {
        lock.readLock().lock();
    }

    void leave() {
        lock.readLock().unlock();
    }

    /**
     * Runs {@code work} with the gate closed: after the commits in progress ended, before any other begins.
     * Must not be called within a commit (it would wait for itself).
     */
    public <T> T whileClosed(Callable<T> work) throws Exception {
        if (lock.getReadHoldCount() > 0) {
            throw new IllegalStateException("the commit gate cannot be closed from within a commit");
        }
        lock.writeLock().lock();
        try {
            return work.call();
        } finally {
            lock.writeLock().unlock();
        }
    }
}

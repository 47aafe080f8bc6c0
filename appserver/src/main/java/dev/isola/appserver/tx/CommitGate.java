package dev.isola.appserver.tx;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * What lets a backup copy an isolate's databases between transactions rather than through one:
 * every commit passes the gate (its resources' commits, steps 2 and 3 of {@link LocalTransaction},
 * share it), and a backup closes it, which waits for the commits in progress to end and holds the
 * next ones until the copies are made. A transaction that wrote to a database and sent a message
 * is then in the copies of both or of neither.
 *
 * <p>Two ways to close it: {@link #whileClosed} around the copies of this isolate's own
 * databases, and {@link #hold} for a backup that copies databases in other isolates too (a
 * separated domain, whose JMS store lives in the JMS isolate): the gate stays closed, on a thread
 * of its own, until {@link #release} or until the lease runs out, so that an admin isolate that
 * dies in the middle cannot leave the domain unable to commit.
 *
 * <p>Commits share the gate without waiting for one another; only a closed gate makes them wait.
 * Work outside container or user transactions (auto-commit statements, messages sent without a
 * transaction) does not pass it: each such change is in one database, whose own copy is whole.
 */
public final class CommitGate {

    /** Not fair: commits pass freely, but one waiting to close the gate is not overtaken by new ones (the lock's rule for a queued writer). */
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** The hold in force, if any; guarded by {@code this}. */
    private Hold hold;

    private record Hold(String token, CountDownLatch released) {
    }

    void enter() {
        lock.readLock().lock();
    }

    void leave() {
        lock.readLock().unlock();
    }

    /**
     * Runs {@code work} with the gate closed: after the commits in progress ended, before any other begins. Under a
     * {@link #hold} the gate is closed already and {@code work} runs at once. Must not be called within a commit (it
     * would wait for itself).
     */
    public <T> T whileClosed(Callable<T> work) throws Exception {
        if (lock.getReadHoldCount() > 0) {
            throw new IllegalStateException("the commit gate cannot be closed from within a commit");
        }
        if (held().isPresent()) {
            return work.call();
        }
        lock.writeLock().lock();
        try {
            return work.call();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Closes the gate until {@link #release} with the token returned, or until {@code lease} has passed; returns once it
     * is closed (the commits in progress ended).
     *
     * @throws IllegalStateException if a hold is in force already (one backup at a time)
     */
    public synchronized String hold(Duration lease) throws InterruptedException {
        if (hold != null) {
            throw new IllegalStateException("commits are held already, by another backup");
        }
        Hold taken = new Hold(UUID.randomUUID().toString(), new CountDownLatch(1));
        CountDownLatch closed = new CountDownLatch(1);
        Thread.ofPlatform().name("commit-gate-hold").daemon().start(() -> {
            lock.writeLock().lock();
            try {
                closed.countDown();
                if (!taken.released().await(lease.toMillis(), TimeUnit.MILLISECONDS)) {
                    System.getLogger(CommitGate.class.getName()).log(System.Logger.Level.WARNING, "commits were held for a backup longer than "
                            + lease.toSeconds() + " s without being released; they go on (the backup that held them is not whole)");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                synchronized (this) {
                    if (hold == taken) {
                        hold = null;
                    }
                }
                lock.writeLock().unlock();
            }
        });
        hold = taken;
        try {
            closed.await();
        } catch (InterruptedException e) {
            taken.released().countDown();
            throw e;
        }
        return taken.token();
    }

    /**
     * Opens the gate {@link #hold} closed with {@code token}; nothing if that hold ended already (its lease ran out).
     *
     * @return whether the hold was still in force
     */
    public boolean release(String token) {
        Hold current;
        synchronized (this) {
            current = hold;
            if (current == null || !current.token().equals(token)) {
                return false;
            }
            hold = null;
        }
        current.released().countDown();
        return true;
    }

    private synchronized Optional<Hold> held() {
        return Optional.ofNullable(hold);
    }
}

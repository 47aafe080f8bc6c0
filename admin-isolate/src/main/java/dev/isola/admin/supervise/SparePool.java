package dev.isola.admin.supervise;

import dev.isola.domains.DomainsRoot;
import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.mvm.isolate.CheckpointException;
import dev.isola.mvm.isolate.FrozenSpare;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.IsolateStartException;
import dev.isola.mvm.isolate.IsolateStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The spare domain isolates the admin keeps ready ({@link Isolate#startSpare}, warmed up by
 * {@link dev.isola.domains.isolate.DomainSpare}): a combined domain that starts takes one over
 * instead of starting a JVM, and is ready in a fraction of the time. Each spare costs about what
 * a running domain costs, so there are few ({@code --spare-isolates}, default 1; 0 turns them off).
 *
 * <pre>
 *   fill()       at admin start, after the domains that should run have started: spares warm up, one at a time
 *   take(spec)   a ready spare whose JVM fits the spec, handed over (not started); empty if none
 *   replenish()  after that start: the next spare warms up, not competing with the start for the CPU
 * </pre>
 *
 * A spare that cannot warm up (its error output is logged) is retried a minute later, three times
 * in a row at most; after that domains start in new JVMs until the admin restarts.
 *
 * <p>With {@code freeze}, each spare is written to disk once warm ({@link Isolate#freeze}, with
 * CRIU) and its process ends: a waiting spare then costs disk, not memory, and a domain's start
 * thaws it, which adds a restore of a few hundred milliseconds. A thaw that fails (the spare's pid
 * was given to another process meanwhile, say) is a failed take-over: the domain starts in a new
 * JVM. A spare that cannot be frozen waits as it is.
 */
public final class SparePool implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin");
    /** A warm-up boots a domain twice; on a busy two-core machine that can take a minute. */
    private static final Duration WARM_UP_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration RETRY_DELAY = Duration.ofMinutes(1);
    private static final int FAILURES_BEFORE_GIVING_UP = 3;
    /** Longer than the JDK's HTTP keep-alive cache keeps an idle connection (5 s), should it be one. */
    private static final Duration CONNECTION_WAIT = Duration.ofSeconds(6);
    private static final int FREEZE_ATTEMPTS = 3;

    private final IsolateSpec spareSpec;
    private final Path mvmHome;
    private final DomainsRoot root;
    private final int size;
    private final boolean freeze;
    private final ExecutorService warmer = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("spare-warmer").factory());
    private final List<Isolate> ready = new ArrayList<>();
    private final List<FrozenSpare> frozen = new ArrayList<>();
    private final List<Isolate> warmingUp = new ArrayList<>();
    private int warming;
    private int failuresInARow;
    private boolean closed;

    /**
     * @param size   how many spares to keep ready, 0 for none
     * @param freeze whether ready spares are frozen to disk ({@link FrozenSpare#requireSupport} should hold)
     */
    public SparePool(IsolateSpec spareSpec, Path mvmHome, DomainsRoot root, int size, boolean freeze) {
        if (size < 0) {
            throw new IllegalArgumentException("spare isolates must be 0 or more, not " + size);
        }
        this.spareSpec = spareSpec;
        this.mvmHome = mvmHome;
        this.root = root;
        this.size = size;
        this.freeze = freeze;
    }

    /** Removes what spares of earlier admin isolates left (they exit with their admin), then warms the spares up. */
    public void fill() {
        removeLeftovers();
        replenish();
    }

    /**
     * A ready spare taken over for {@code spec}, not started yet: start it with the links as a new
     * isolate. Empty when no spare is ready or the spec needs a JVM started otherwise (other heap,
     * collector, JVM options...).
     */
    public synchronized Optional<Isolate> take(IsolateSpec spec) {
        if (!frozen.isEmpty()) {
            try {
                Isolate thawed = frozen.getFirst().thaw(spec);
                frozen.removeFirst();
                return Optional.of(thawed);
            } catch (IllegalArgumentException otherJvm) {
                LOG.log(System.Logger.Level.DEBUG, "no spare for " + spec.name() + ": " + otherJvm.getMessage());
                return Optional.empty();
            }
        }
        while (!ready.isEmpty()) {
            Isolate spare = ready.getFirst();
            try {
                Isolate taken = spare.takeOver(spec);
                ready.removeFirst();
                return Optional.of(taken);
            } catch (IllegalArgumentException otherJvm) {
                LOG.log(System.Logger.Level.DEBUG, "no spare for " + spec.name() + ": " + otherJvm.getMessage());
                return Optional.empty();
            } catch (IllegalStateException ended) {
                // It died while waiting (killed by hand, out of memory): the next one, or none.
                ready.removeFirst();
                LOG.log(System.Logger.Level.WARNING, "spare isolate " + spare.id() + " cannot be taken over: " + ended.getMessage());
            }
        }
        return Optional.empty();
    }

    /** Warms spares up in the background until there are as many as configured. */
    public void replenish() {
        synchronized (this) {
            if (closed || size == 0 || failuresInARow >= FAILURES_BEFORE_GIVING_UP) {
                return;
            }
            int missing = size - ready.size() - frozen.size() - warming;
            for (int i = 0; i < missing; i++) {
                warming++;
                warmer.execute(this::warmOne);
            }
        }
    }

    /** How many spares are ready (frozen ones among them), and how many warming up; the processes of those that have one. */
    public record Counts(int ready, int warming, int frozen, List<Long> pids) {
    }

    public synchronized Counts counts() {
        // A spare that died while waiting leaves the list through its exit listener (which also replaces it); until then it is not counted.
        List<Long> pids = new ArrayList<>();
        for (Isolate spare : ready) {
            if (!spare.onExit().isDone()) {
                pids.add(spare.pid());
            }
        }
        int readyCount = pids.size() + frozen.size();
        for (Isolate spare : warmingUp) {
            if (!spare.onExit().isDone() && !(spare.status() instanceof IsolateStatus.Starting)) {
                pids.add(spare.pid());
            }
        }
        return new Counts(readyCount, warming, frozen.size(), pids);
    }

    private void warmOne() {
        Isolate spare = new Isolate(spareSpec, mvmHome);
        synchronized (this) {
            warmingUp.add(spare);
        }
        long begin = System.nanoTime();
        try {
            spare.startSpare();
            spare.spareReady().get(WARM_UP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IsolateStartException | ExecutionException | TimeoutException e) {
            warmedUp(spare, Optional.of(e instanceof ExecutionException ? e.getCause().getMessage() : e.getMessage()), begin);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            warmedUp(spare, Optional.of("interrupted"), begin);
            return;
        }
        Optional<FrozenSpare> written = freeze ? tryToFreeze(spare) : Optional.empty();
        if (written.isPresent()) {
            frozen(spare, written.get());
            return;
        }
        warmedUp(spare, Optional.empty(), begin);
    }

    private void frozen(Isolate spare, FrozenSpare written) {
        boolean discard;
        synchronized (this) {
            warming--;
            warmingUp.remove(spare);
            failuresInARow = 0;
            discard = closed;
            if (!discard) {
                frozen.add(written);
            }
        }
        if (discard) {
            discard(written);
        }
    }

    /**
     * Writes a spare that just became ready to disk, in place of keeping it waiting. Empty if it
     * cannot be frozen: it then waits as it is (the reason is logged).
     */
    private Optional<FrozenSpare> tryToFreeze(Isolate spare) {
        for (int attempt = 1; ; attempt++) {
            long begin = System.nanoTime();
            try {
                FrozenSpare written = spare.freeze(root.spares().resolve(spare.id() + ".frozen"));
                LOG.log(System.Logger.Level.INFO, "spare isolate " + spare.id() + " (pid " + written.pid() + ") warmed up and frozen to "
                        + written.snapshot() + " (" + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin) + " ms to write); its process ended");
                return Optional.of(written);
            } catch (CheckpointException | IllegalStateException e) {
                // CRIU cannot write out an open TCP connection. Seen once, after an admin restart, from a connection we could not
                // name then (the warm-up's HTTP client leaves none open: each is read to its end and disconnected, checked with ss);
                // the message, logged either way, now lists the process's connections with their ends and states. A connection is
                // worth waiting for, as it may be closing, other reasons are not.
                boolean connection = e instanceof CheckpointException c && c.refusedForOpenConnection();
                if (!connection || attempt == FREEZE_ATTEMPTS || closed() || !pause(spare, attempt, e.getMessage())) {
                    LOG.log(System.Logger.Level.WARNING, "spare isolate " + spare.id() + " could not be frozen, so it waits in memory: " + e.getMessage());
                    return Optional.empty();
                }
            }
        }
    }

    /** Waits for a spare's open connection to close before freezing it again; false if interrupted. */
    private static boolean pause(Isolate spare, int attempt, String why) {
        LOG.log(System.Logger.Level.INFO, "spare isolate " + spare.id() + " still has a TCP connection open; freezing it again in "
                + CONNECTION_WAIT.toSeconds() + " s (attempt " + (attempt + 1) + " of " + FREEZE_ATTEMPTS + "): " + why);
        try {
            Thread.sleep(CONNECTION_WAIT);
            return true;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private synchronized boolean closed() {
        return closed;
    }

    private void warmedUp(Isolate spare, Optional<String> failure, long begin) {
        boolean keep;
        synchronized (this) {
            warming--;
            warmingUp.remove(spare);
            keep = failure.isEmpty() && !closed;
            if (keep) {
                ready.add(spare);
                failuresInARow = 0;
            } else if (failure.isPresent() && !closed) {
                failuresInARow++;
            }
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
        if (keep) {
            LOG.log(System.Logger.Level.INFO, "spare isolate " + spare.id() + " (pid " + spare.pid() + ") ready after " + millis + " ms of warm-up");
            spare.onExit().thenAccept(end -> {
                boolean wasWaiting;
                synchronized (this) {
                    wasWaiting = ready.remove(spare);
                }
                if (wasWaiting) {
                    // Killed by hand, say: another one takes its place.
                    LOG.log(System.Logger.Level.WARNING, "spare isolate " + spare.id() + " ended while waiting: " + end.cause().describe());
                    replenish();
                }
            });
            return;
        }
        if (spare.status() instanceof IsolateStatus.Started) {
            spare.halt(1).join();
        }
        // A warm-up cut short by the admin's own exit is no failure.
        if (failure.isPresent() && !isClosed()) {
            boolean givingUp = failuresInARow >= FAILURES_BEFORE_GIVING_UP;
            LOG.log(System.Logger.Level.WARNING, "spare isolate " + spare.id() + " did not warm up (" + failure.get() + "); "
                    + (givingUp ? "no more spares until the admin restarts: domains start in new JVMs"
                    : "trying again in " + RETRY_DELAY.toSeconds() + " s"));
            if (!givingUp) {
                Thread.ofVirtual().name("spare-retry").start(() -> {
                    try {
                        Thread.sleep(RETRY_DELAY);
                        replenish();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
        }
    }

    private static void discard(FrozenSpare spare) {
        try {
            spare.discard();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot remove frozen spare " + spare.id() + ": " + e.getMessage());
        }
    }

    /** Scratch directories of spares that no longer run (an admin killed mid-warm-up leaves one). */
    private void removeLeftovers() {
        if (!Files.isDirectory(root.spares())) {
            return;
        }
        try (Stream<Path> scratch = Files.list(root.spares())) {
            for (Path leftover : scratch.toList()) {
                DirectoryTrees.delete(leftover);
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot remove what earlier spare isolates left in " + root.spares() + ": " + e.getMessage());
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** Ends the spares: they have no use without this admin isolate. */
    @Override
    public void close() {
        List<Isolate> ending;
        List<FrozenSpare> unused;
        synchronized (this) {
            closed = true;
            ending = List.copyOf(ready);
            ready.clear();
            unused = List.copyOf(frozen);
            frozen.clear();
        }
        warmer.shutdownNow();
        for (Isolate spare : ending) {
            spare.exit(0);
        }
        // A frozen spare thawed by the next admin would take its creator, this one, for gone and end.
        unused.forEach(SparePool::discard);
    }
}

package dev.isola.mvm.isolate;

import dev.isola.mvm.io.DirectoryTrees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.Optional;

/**
 * A warmed-up spare isolate written to disk by {@link Isolate#freeze}: its process is gone, so
 * it costs no memory while it waits, and {@link #thaw} recreates it, warm as it was, for a new
 * purpose in a fraction of a second.
 *
 * <pre>{@code
 * FrozenSpare frozen = spare.freeze(snapshotDirectory);       // after spare.spareReady()
 * Isolate shop = frozen.thaw(shopSpec);                       // not started yet
 * shop.start(controlLinks);                                   // restored, then taken over as by Isolate#takeOver
 * }</pre>
 *
 * A snapshot is thawed once: the restored process takes the frozen one's pid and thread ids
 * back, and two could not. When one of those ids has been given to another process meanwhile,
 * or a file the process had open has changed, the thaw fails with a {@link IsolateStartException}
 * naming the reason and the caller starts a new JVM instead.
 */
public final class FrozenSpare {

    private final IsolateSpec spareSpec;
    private final String id;
    private final Path mvmHome;
    private final IsolateDirectory directory;
    private final Path snapshot;
    private final long pid;
    private final Optional<Path> perfData;
    private boolean thawed;

    FrozenSpare(IsolateSpec spareSpec, String id, Path mvmHome, IsolateDirectory directory, Path snapshot, long pid, Optional<Path> perfData) {
        this.spareSpec = spareSpec;
        this.id = id;
        this.mvmHome = mvmHome;
        this.directory = directory;
        this.snapshot = snapshot;
        this.pid = pid;
        this.perfData = perfData;
    }

    /**
     * Checks that spares can be frozen on this machine, before anyone relies on it.
     *
     * @throws CheckpointException saying what is missing (CRIU 4 or later, root) and how to get it
     */
    public static void requireSupport() {
        Criu.locate();
    }

    public String id() {
        return id;
    }

    /** The directory CRIU wrote the process to. */
    public Path snapshot() {
        return snapshot;
    }

    /** The pid the process had, and gets back when thawed. */
    public long pid() {
        return pid;
    }

    /**
     * A handle on this spare for {@code spec}, not started: {@link Isolate#start} restores the
     * process and hands it its new purpose, as {@link Isolate#takeOver} does for a waiting spare,
     * and the snapshot is then removed.
     *
     * @throws IllegalArgumentException if {@code spec} needs a JVM started otherwise ({@link IsolateSpec#processDifference})
     * @throws IllegalStateException    if it was thawed or discarded already
     */
    public synchronized Isolate thaw(IsolateSpec spec) {
        Objects.requireNonNull(spec, "spec");
        if (thawed) {
            throw new IllegalStateException("frozen spare " + id + " was thawed or discarded already");
        }
        Optional<String> difference = spareSpec.processDifference(spec);
        if (difference.isPresent()) {
            throw new IllegalArgumentException("frozen spare " + id + " cannot become '" + spec.name() + "': its " + difference.get());
        }
        thawed = true;
        return Isolate.thawed(id, mvmHome, directory, spec, (takingSpec, runDirectory, home) -> restore(takingSpec, runDirectory));
    }

    /** Removes the snapshot and the run directory; for a spare that will not be thawed. */
    public synchronized void discard() throws IOException {
        thawed = true;
        DirectoryTrees.delete(snapshot);
        if (Files.isDirectory(directory.path())) {
            DirectoryTrees.delete(directory.path());
        }
    }

    /**
     * Recreates the process, then asks it to take over: the request must come after the restore,
     * because the spare notices it by a file-system event, and events of the time it was frozen are lost.
     */
    private Process restore(IsolateSpec spec, IsolateDirectory runDirectory) throws IOException {
        try {
            // The JVM maps its performance counters from a file named after its pid, which other JVMs remove as a dead
            // process's once it was frozen; CRIU maps it again by name, so it must be back first.
            if (perfData.isPresent()) {
                Path live = perfDataFile(pid);
                Files.createDirectories(live.getParent());
                Files.copy(perfData.get(), live, StandardCopyOption.REPLACE_EXISTING);
            }
            long restored = Criu.locate().restore(snapshot);
            RestoredProcess process = new RestoredProcess(restored);
            AtomicFiles.writeString(runDirectory.takeOverRequest(), spec.mainClass());
            return process;
        } catch (CheckpointException e) {
            throw new IOException("cannot thaw frozen spare " + id + " from " + snapshot + ": " + e.getMessage(), e);
        } finally {
            try {
                DirectoryTrees.delete(snapshot);
            } catch (IOException e) {
                System.getLogger(FrozenSpare.class.getName()).log(System.Logger.Level.WARNING,
                        "cannot remove the snapshot of thawed spare " + id + ": " + e.getMessage());
            }
        }
    }

    /** Where HotSpot keeps the performance counters of process {@code pid} ({@code -XX:+UsePerfData}, the default). */
    static Path perfDataFile(long pid) {
        return Path.of(System.getProperty("java.io.tmpdir"), "hsperfdata_" + System.getProperty("user.name"), Long.toString(pid));
    }

    @Override
    public String toString() {
        return "FrozenSpare[" + id + " pid " + pid + " in " + snapshot + "]";
    }
}

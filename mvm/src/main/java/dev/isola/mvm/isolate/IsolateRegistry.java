package dev.isola.mvm.isolate;

import dev.isola.mvm.io.DirectoryTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The isolates of one mvm home, whoever created them. Every isolate leaves its run
 * directory under {@code <home>/isolates/}; the registry reads those directories, so it
 * sees isolates created by other processes, including ones whose creator has died, and
 * can hand out a handle on them with {@link #adopt}.
 */
public final class IsolateRegistry {

    private final Path home;

    private IsolateRegistry(Path home) {
        this.home = home;
    }

    /** The registry of the mvm home this process uses ({@link MvmHome#resolve()}). */
    public static IsolateRegistry open() {
        return new IsolateRegistry(MvmHome.resolve());
    }

    public static IsolateRegistry open(Path home) {
        return new IsolateRegistry(home.toAbsolutePath());
    }

    public Path home() {
        return home;
    }

    /** Every isolate with a run directory, running or not, oldest first. */
    public List<IsolateRecord> all() {
        Path root = MvmHome.isolatesDirectory(home);
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<IsolateRecord> records = new ArrayList<>();
        try (Stream<Path> directories = Files.list(root)) {
            for (Path dir : directories.filter(Files::isDirectory).toList()) {
                read(new IsolateDirectory(dir)).ifPresent(records::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list isolates in " + root, e);
        }
        records.sort(Comparator.comparing(IsolateRecord::createdAt));
        return records;
    }

    /** The isolates whose process is still there. */
    public List<IsolateRecord> running() {
        return all().stream().filter(IsolateRecord::alive).toList();
    }

    public Optional<IsolateRecord> find(String id) {
        Path dir = MvmHome.isolatesDirectory(home).resolve(id);
        return Files.isDirectory(dir) ? read(new IsolateDirectory(dir)) : Optional.empty();
    }

    /**
     * A handle on a running isolate some other process created, with the same status events
     * and {@code exit}/{@code halt} as the creator's handle. Its exit status is known only if
     * the isolate recorded it itself (orderly exits do); otherwise the cause is
     * {@link TerminationCause.Vanished}.
     *
     * @throws IllegalArgumentException if no isolate has that id
     */
    public Isolate adopt(String id) {
        IsolateRecord record = find(id).orElseThrow(() -> new IllegalArgumentException("no isolate '" + id + "' in " + home));
        return Isolate.adopt(record, home);
    }

    /**
     * Deletes the run directories (descriptor, state, standard output and error) of isolates whose
     * end was recorded more than {@code olderThan} ago, so that a long-running installation's
     * home does not collect one per start for ever, and listing it stays quick. An isolate counts
     * as ended only when an observer recorded its end ({@code termination.properties}): a frozen
     * spare's process is gone too, but its run directory is the one its thaw continues in, and it
     * has no such record.
     *
     * @return how many were removed
     */
    public int prune(Duration olderThan) {
        int removed = 0;
        Instant limit = Instant.now().minus(olderThan);
        for (IsolateRecord record : all()) {
            Optional<Instant> ended = new IsolateDirectory(record.runDirectory()).readTerminationTime();
            if (!record.alive() && ended.isPresent() && ended.get().isBefore(limit)) {
                deleteTree(record.runDirectory());
                removed++;
            }
        }
        return removed;
    }

    private static Optional<IsolateRecord> read(IsolateDirectory dir) {
        IsolateDescriptor descriptor;
        try {
            descriptor = IsolateDescriptor.readFrom(dir.descriptor());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        ProcessIdentity identity = dir.readProcess();
        ChildState childState = ChildState.readFrom(dir.state());
        String recordedEnd = dir.readTerminationDescription();
        boolean alive = identity != null && identity.live().isPresent();
        String state;
        if (!alive) {
            state = "TERMINATED";
        } else if (childState.phase() == ChildState.Phase.EXITING) {
            state = "EXITING";
        } else if (childState.phase() == ChildState.Phase.SPARE) {
            state = "SPARE";
        } else if (childState.reachedMain()) {
            state = "RUNNING";
        } else {
            state = "STARTING";
        }
        Optional<String> termination = alive ? Optional.empty()
                : Optional.of(recordedEnd != null ? recordedEnd : TerminationAnalysis.analyse(dir, java.util.OptionalInt.empty()).describe());
        return Optional.of(new IsolateRecord(
                descriptor.id(), descriptor.name(),
                identity == null ? -1 : identity.pid(), identity == null ? descriptor.createdAt() : identity.start(),
                descriptor.mainClass(), descriptor.arguments(), descriptor.imageName(), descriptor.classPath(),
                descriptor.maxHeap(), descriptor.youngGeneration(), descriptor.collector(), descriptor.orphanPolicy(),
                descriptor.creatorPid(), descriptor.createdAt(), state, termination, dir.path(), descriptor.imageBuild()));
    }

    private static void deleteTree(Path root) {
        try {
            DirectoryTrees.delete(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}

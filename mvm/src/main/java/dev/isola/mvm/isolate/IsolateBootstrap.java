package dev.isola.mvm.isolate;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first code that runs in a new isolate's JVM. It reads the descriptor its creator left
 * in the run directory, makes {@link Isolate#current()} this isolate, arranges to report
 * its own state (started, exiting with which status, why it failed to start), applies the
 * orphan policy, and then calls the isolate's main method.
 *
 * <p>In a spare ({@link Isolate#startSpare}) that main method is the warm-up: once it returns,
 * the bootstrap reports the spare ready and waits for the take-over request, then does all of
 * the above again for the descriptor its creator rewrote, and calls that main method.
 *
 * <p>Not part of the API: the runtime puts it on the command line.
 */
public final class IsolateBootstrap {

    /** Exit status when the isolate could not even reach its main method. */
    static final int FAILED_TO_START_STATUS = 2;
    private static final Pattern RUNTIME_EXIT = Pattern.compile("Runtime\\.exit\\((-?\\d+)\\)");
    private static final int SIGTERM_STATUS = 128 + 15;

    /** The status this isolate passed to {@code Runtime.exit}, -1 while it has not. */
    private static final AtomicInteger requestedExitStatus = new AtomicInteger(Integer.MIN_VALUE);
    /** Held strongly: the logging framework only keeps weak references to loggers. */
    private static Logger runtimeExitLogger;
    /** What the process is now: its policy and generation change when a spare is taken over. */
    private static volatile OrphanPolicy orphanPolicy = OrphanPolicy.KEEP_RUNNING;
    private static volatile int generation;

    private IsolateBootstrap() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length != 1) {
            System.err.println("IsolateBootstrap is started by the mvm runtime with the isolate's run directory as its only argument");
            Runtime.getRuntime().halt(FAILED_TO_START_STATUS);
        }
        IsolateDirectory directory = new IsolateDirectory(Path.of(args[0]));
        IsolateDescriptor descriptor = IsolateDescriptor.readFrom(directory.descriptor());
        long pid = ProcessHandle.current().pid();

        MethodHandle main = becomeOrHalt(descriptor, directory, pid);
        captureRuntimeExitStatus();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("mvm-exiting").unstarted(() -> reportExiting(directory, pid)));
        exitOnTerminationSignal(directory);
        orphanPolicy = descriptor.orphanPolicy();
        watchCreator(descriptor, directory, pid);
        if (!descriptor.busyYoungGeneration().isEmpty()) {
            ElasticYoungGeneration.start(MemorySize.parse(descriptor.youngGeneration()), Optional.of(MemorySize.parse(descriptor.busyYoungGeneration())));
        } else if (!descriptor.youngGeneration().isEmpty() && GarbageCollector.SERIAL.name().equals(descriptor.collector())) {
            // A fixed young generation under the serial collector: its idle old generation is collected (see ElasticYoungGeneration.start).
            ElasticYoungGeneration.start(MemorySize.parse(descriptor.youngGeneration()), Optional.empty());
        }

        new ChildState(ChildState.Phase.STARTED, Instant.now(), pid, OptionalInt.empty(), "").writeTo(directory.state());
        if (!descriptor.spare()) {
            main.invokeExact(descriptor.arguments().toArray(String[]::new));
            return;
        }
        try {
            main.invokeExact(descriptor.arguments().toArray(String[]::new));
        } catch (Throwable warmUpFailure) {
            String reason = "the spare's warm-up (" + descriptor.mainClass() + ") failed: " + warmUpFailure;
            warmUpFailure.printStackTrace();
            new ChildState(ChildState.Phase.WARM_UP_FAILED, Instant.now(), pid, OptionalInt.empty(), reason).writeTo(directory.state());
            Runtime.getRuntime().halt(FAILED_TO_START_STATUS);
        }
        // A warm-up is a burst that may have grown the young generation; a waiting (or frozen) spare has no use for it.
        ElasticYoungGeneration.shrinkToIdle();
        new ChildState(ChildState.Phase.SPARE, Instant.now(), pid, OptionalInt.empty(), "").writeTo(directory.state());

        IsolateDescriptor purpose = awaitTakeOver(directory);
        generation = purpose.generation();
        MethodHandle purposeMain = becomeOrHalt(purpose, directory, pid);
        orphanPolicy = purpose.orphanPolicy();
        new ChildState(ChildState.Phase.STARTED, Instant.now(), pid, OptionalInt.empty(), "taken over", generation).writeTo(directory.state());
        SpareJitReset.scheduleAfterTakeOver(directory);
        purposeMain.invokeExact(purpose.arguments().toArray(String[]::new));
    }

    /**
     * Finds {@code descriptor}'s main method, makes {@link Isolate#current()} its isolate and opens
     * its startup links; reports why and halts if any of that fails.
     */
    private static MethodHandle becomeOrHalt(IsolateDescriptor descriptor, IsolateDirectory directory, long pid) throws IOException {
        MethodHandle main;
        try {
            main = findMain(descriptor.mainClass());
        } catch (ReflectiveOperationException | LinkageError e) {
            failToStart(descriptor, directory, pid, describeMissingMain(descriptor, e));
            return null;
        }
        Isolate self = Isolate.becomeCurrent(descriptor, directory, directory.path().getParent().getParent());
        try {
            // Attach this isolate's link ends now, so that peers see them (and see them die) from the start.
            self.startupLinks();
        } catch (RuntimeException e) {
            failToStart(descriptor, directory, pid, "cannot open its startup links: " + e.getMessage());
        }
        return main;
    }

    private static void failToStart(IsolateDescriptor descriptor, IsolateDirectory directory, long pid, String reason) throws IOException {
        System.err.println("isolate " + descriptor.name() + ": " + reason);
        new ChildState(ChildState.Phase.FAILED_TO_START, Instant.now(), pid, OptionalInt.empty(), reason, generation).writeTo(directory.state());
        Runtime.getRuntime().halt(FAILED_TO_START_STATUS);
    }

    /**
     * Waits, without polling, for the creator's take-over request; the descriptor then in the run
     * directory is the new purpose's. A re-check every 30 s covers a lost file-system event.
     */
    private static IsolateDescriptor awaitTakeOver(IsolateDirectory directory) throws IOException, InterruptedException {
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            directory.path().register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(directory.takeOverRequest())) {
                WatchKey key = watcher.poll(30, TimeUnit.SECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
        IsolateDescriptor purpose = IsolateDescriptor.readFrom(directory.descriptor());
        if (purpose.spare() || purpose.generation() != 1) {
            throw new IOException("take-over request without a descriptor for the new purpose in " + directory.descriptor());
        }
        return purpose;
    }

    private static MethodHandle findMain(String className) throws ReflectiveOperationException {
        Class<?> mainClass = Class.forName(className, false, ClassLoader.getSystemClassLoader());
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        try {
            return lookup.findStatic(mainClass, "main", MethodType.methodType(void.class, String[].class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            // Java 25 also allows a parameterless main.
            MethodHandle noArgs = lookup.findStatic(mainClass, "main", MethodType.methodType(void.class));
            return MethodHandles.dropArguments(noArgs, 0, String[].class);
        }
    }

    private static String describeMissingMain(IsolateDescriptor descriptor, Throwable e) {
        return switch (e) {
            case ClassNotFoundException c -> "main class " + descriptor.mainClass() + " not found on the class path of image '"
                    + descriptor.imageName() + "'";
            case NoSuchMethodException n -> "class " + descriptor.mainClass() + " has no public static main(String[]) or main() method";
            case IllegalAccessException i -> "the main method of " + descriptor.mainClass() + " is not public";
            default -> "cannot load main class " + descriptor.mainClass() + ": " + e;
        };
    }

    /**
     * Learns the status of an orderly exit from the JDK's own record of {@code Runtime.exit}
     * (logged at DEBUG to the logger {@code java.lang.Runtime} before shutdown hooks run), so
     * that the isolate can report it itself, even to an observer that is not its parent.
     */
    private static void captureRuntimeExitStatus() {
        Logger logger = Logger.getLogger("java.lang.Runtime");
        logger.setLevel(Level.FINE);
        logger.setUseParentHandlers(false);
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                Throwable thrown = record.getThrown();
                if (thrown != null && thrown.getMessage() != null) {
                    Matcher m = RUNTIME_EXIT.matcher(thrown.getMessage());
                    if (m.find()) {
                        requestedExitStatus.set(Integer.parseInt(m.group(1)));
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        runtimeExitLogger = logger;
    }

    private static void reportExiting(IsolateDirectory directory, long pid) {
        int status = requestedExitStatus.get();
        OptionalInt code = status == Integer.MIN_VALUE ? OptionalInt.empty() : OptionalInt.of(status);
        ChildState previous = ChildState.readFrom(directory.state());
        try {
            new ChildState(ChildState.Phase.EXITING, Instant.now(), pid, code, previous.note(), generation).writeTo(directory.state());
        } catch (IOException e) {
            System.err.println("isolate: cannot record exit state: " + e.getMessage());
        }
    }

    /**
     * {@link Isolate#exit} writes the wanted status to the run directory and sends SIGTERM;
     * this handler exits with that status (SIGTERM's usual 143 when nobody asked).
     */
    private static void exitOnTerminationSignal(IsolateDirectory directory) {
        sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> {
            int status = SIGTERM_STATUS;
            try {
                if (Files.exists(directory.exitRequest())) {
                    status = Integer.parseInt(Files.readString(directory.exitRequest()).strip());
                }
            } catch (IOException | NumberFormatException e) {
                System.err.println("isolate: unreadable exit request, exiting with " + status + ": " + e.getMessage());
            }
            int chosen = status;
            Thread.ofPlatform().name("mvm-exit").start(() -> System.exit(chosen));
        });
    }

    /**
     * Exits in an orderly way when the creator ends, if the policy then in force says so. A spare
     * watches even when its own policy is to keep running: whoever takes it over may want otherwise,
     * and the creator stays the same.
     */
    private static void watchCreator(IsolateDescriptor descriptor, IsolateDirectory directory, long pid) {
        if (descriptor.orphanPolicy() != OrphanPolicy.EXIT && !descriptor.spare()) {
            return;
        }
        Runnable exitAsOrphan = () -> {
            if (orphanPolicy != OrphanPolicy.EXIT) {
                return;
            }
            try {
                ChildState.Phase phase = ChildState.readFrom(directory.state()).phase() == ChildState.Phase.SPARE
                        ? ChildState.Phase.SPARE : ChildState.Phase.STARTED;
                new ChildState(phase, Instant.now(), pid, OptionalInt.empty(), "orphaned: creator "
                        + descriptor.creatorPid() + " ended", generation).writeTo(directory.state());
            } catch (IOException e) {
                System.err.println("isolate: cannot record orphan state: " + e.getMessage());
            }
            System.exit(0);
        };
        Optional<ProcessHandle> creator = new ProcessIdentity(descriptor.creatorPid(), descriptor.creatorStart()).live();
        if (creator.isEmpty()) {
            Thread.ofPlatform().name("mvm-orphan-exit").start(exitAsOrphan);
            return;
        }
        watchUntilEnded(creator.get(), ProcessCommandLine.of(descriptor.creatorPid()), exitAsOrphan);
    }

    /**
     * Runs {@code ended} once {@code process} has ended. A spare thawed from a snapshot
     * ({@link FrozenSpare}) reads start times shifted by the time it was frozen
     * ({@link ProcessCommandLine}), so the JDK's wait takes the creator for another process and
     * reports it ended at once; the pid's command line tells whether that is so, and the wait
     * starts again, with start times read after the restore, when it is not.
     */
    private static void watchUntilEnded(ProcessHandle process, Optional<String> commandLine, Runnable ended) {
        process.onExit().thenRun(() -> {
            Optional<ProcessHandle> again = ProcessHandle.of(process.pid()).filter(ProcessHandle::isAlive);
            if (again.isPresent() && commandLine.isPresent() && ProcessCommandLine.of(process.pid()).equals(commandLine)) {
                watchUntilEnded(again.get(), commandLine, ended);
            } else {
                Thread.ofPlatform().name("mvm-orphan-exit").start(ended);
            }
        });
    }
}

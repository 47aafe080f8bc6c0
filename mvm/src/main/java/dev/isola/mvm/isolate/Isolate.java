package dev.isola.mvm.isolate;

import dev.isola.mvm.image.ImageCaches;
import dev.isola.mvm.link.Link;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * An isolate: a unit of execution as isolated as a process (here it is one: its own JVM,
 * heap, statics and threads, ended cleanly by {@link #halt}) and as cheap as the runtime can
 * make it (isolates of one image share class metadata through the image's AOT cache).
 *
 * <pre>
 *   creator isolate                          new isolate (JVM process)
 *   ───────────────                          ─────────────────────────
 *   new Isolate(spec)
 *   start() ── spawn ─────────────────────▶  IsolateBootstrap ── main(args)
 *     ◀─────────── Started (state file) ───
 *   exit(0) ── exit request + SIGTERM ────▶  shutdown hooks
 *     ◀── Exiting ── Terminated(Exited(0))
 * </pre>
 *
 * <p>A minimal use:
 * <pre>{@code
 * Isolate worker = new Isolate(IsolateSpec.builder("com.example.Worker").build()).start();
 * Terminated end = worker.onExit().join();
 * }</pre>
 *
 * <p>A realistic one: a supervisor that sizes its isolate, watches its status and stops it
 * in an orderly way, falling back to a halt:
 * <pre>{@code
 * Isolate domain = new Isolate(IsolateSpec.builder("dev.isola.domains.DomainMain")
 *         .name("shop").maxHeap(MemorySize.parse("128m")).youngGeneration(MemorySize.parse("16m"))
 *         .collector(GarbageCollector.SERIAL).build());
 * domain.addStatusListener(status -> log(domain.name() + ": " + status));
 * domain.start();
 * ...
 * try {
 *     domain.exit(0).get(10, SECONDS);
 * } catch (TimeoutException stuck) {
 *     domain.halt(1).join();
 * }
 * }</pre>
 *
 * <p>Any isolate can create isolates. Creating one does not tie the two lives together: when
 * the creator dies, the new isolate follows its spec's {@link OrphanPolicy}, and another
 * isolate can take it over with {@link IsolateRegistry#adopt}. Inside an isolate,
 * {@link #current()} is the isolate itself.
 *
 * <p>An isolate can also be started ahead of need, as a <em>spare</em>: its main class warms the
 * JVM up (loads, initialises and compiles what the later purpose will use) and returns, and the
 * process then waits until its creator {@linkplain #takeOver takes it over} for a spec whose JVM
 * settings are the same; it then runs that spec's main class, under that spec's name, with the
 * links handed to {@link #start}. What takes a cold JVM seconds (class loading, the JIT's first
 * compilations) is done before anyone waits for it:
 * <pre>{@code
 * Isolate spare = new Isolate(IsolateSpec.builder("com.example.WarmUp").maxHeap(size).orphanPolicy(EXIT).build()).startSpare();
 * spare.spareReady().join();                                   // the warm-up main returned
 * Isolate shop = spare.takeOver(IsolateSpec.builder("com.example.Shop").name("shop").maxHeap(size).build());
 * shop.start(controlLinks);                                     // the same process, now "shop"
 * }</pre>
 */
public final class Isolate {

    private enum Origin { CREATED, ADOPTED, CURRENT }

    private static final System.Logger LOG = System.getLogger(Isolate.class.getName());
    private static volatile Isolate current;

    private final Origin origin;
    private final IsolateSpec spec;
    private final String id;
    private final String name;
    private final Path mvmHome;
    private final IsolateDirectory directory;
    private final IsolateLauncher launcher;
    /** 0, or 1 for the handle of a spare taken over: it reads only the states its new purpose writes. */
    private final int generation;
    private final CompletableFuture<Void> spareReady = new CompletableFuture<>();
    private final List<Consumer<IsolateStatus>> listeners = new CopyOnWriteArrayList<>();
    private final CompletableFuture<IsolateStatus.Started> started = new CompletableFuture<>();
    private final CompletableFuture<IsolateStatus.Terminated> terminated = new CompletableFuture<>();
    private final ExecutorService eventDispatcher = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("mvm-isolate-events").factory());

    private final Object lock = new Object();
    private IsolateStatus status;
    private boolean startCalled;
    private Process process;
    private ProcessIdentity identity;
    private WatchKey watchKey;
    private List<Link> startupLinks = List.of();
    private List<String> startupLinkDescriptors = List.of();
    private boolean spare;
    private boolean takenOver;
    /** Where {@link #freeze} is writing this spare, null otherwise: its process's end is then no termination to analyse. */
    private Path freezingTo;

    /** A handle for a new isolate; nothing runs until {@link #start}. */
    public Isolate(IsolateSpec spec) {
        this(spec, MvmHome.resolve(), IsolateLauncher.jvmProcesses());
    }

    /** A handle for a new isolate registered in the mvm home {@code mvmHome}; nothing runs until {@link #start}. */
    public Isolate(IsolateSpec spec, Path mvmHome) {
        this(spec, mvmHome.toAbsolutePath(), IsolateLauncher.jvmProcesses());
    }

    Isolate(IsolateSpec spec, Path mvmHome, IsolateLauncher launcher) {
        this.origin = Origin.CREATED;
        this.spec = Objects.requireNonNull(spec, "spec");
        this.name = spec.name();
        this.id = spec.name() + "-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(2);
        this.mvmHome = mvmHome;
        this.directory = new IsolateDirectory(MvmHome.isolatesDirectory(mvmHome).resolve(id));
        this.launcher = launcher;
        this.generation = 0;
    }

    /** The handle of {@code spareHandle}'s process taken over for {@code spec}: same id and run directory, not started yet. */
    private Isolate(Isolate spareHandle, IsolateSpec spec, Process spareProcess) {
        this.origin = Origin.CREATED;
        this.spec = spec;
        this.name = spec.name();
        this.id = spareHandle.id;
        this.mvmHome = spareHandle.mvmHome;
        this.directory = spareHandle.directory;
        this.generation = 1;
        this.launcher = (takingSpec, runDirectory, home) -> {
            // The descriptor for the new purpose is in place; this request is what the waiting spare reads it on.
            AtomicFiles.writeString(runDirectory.takeOverRequest(), spec.mainClass());
            return spareProcess;
        };
    }

    /** The handle of a frozen spare thawed for {@code spec} ({@link FrozenSpare#thaw}): same id and run directory, not started yet. */
    private Isolate(String id, Path mvmHome, IsolateDirectory directory, IsolateSpec spec, IsolateLauncher restorer) {
        this.origin = Origin.CREATED;
        this.spec = spec;
        this.name = spec.name();
        this.id = id;
        this.mvmHome = mvmHome;
        this.directory = directory;
        this.generation = 1;
        this.launcher = restorer;
    }

    static Isolate thawed(String id, Path mvmHome, IsolateDirectory directory, IsolateSpec spec, IsolateLauncher restorer) {
        return new Isolate(id, mvmHome, directory, spec, restorer);
    }

    private Isolate(Origin origin, String id, String name, Path mvmHome, IsolateDirectory directory,
                    ProcessIdentity identity, IsolateStatus status) {
        this.origin = origin;
        this.spec = null;
        this.id = id;
        this.name = name;
        this.mvmHome = mvmHome;
        this.directory = directory;
        this.launcher = null;
        this.generation = 0;
        this.identity = identity;
        this.status = status;
        this.startCalled = true;
        if (status instanceof IsolateStatus.Started s) {
            started.complete(s);
        }
    }

    /**
     * The isolate this code runs in. Inside an isolate started by the runtime it carries
     * that isolate's name, id and startup links; in a JVM started some other way it is a
     * root isolate named by the system property {@code mvm.isolate.name} (default "root").
     */
    public static Isolate current() {
        Isolate self = current;
        if (self == null) {
            synchronized (Isolate.class) {
                self = current;
                if (self == null) {
                    String rootName = System.getProperty("mvm.isolate.name", "root");
                    ProcessIdentity me = ProcessIdentity.current();
                    self = new Isolate(Origin.CURRENT, rootName + "-" + me.pid(), rootName, MvmHome.resolve(), null, me,
                            new IsolateStatus.Started(me.start()));
                    current = self;
                }
            }
        }
        return self;
    }

    /** Called by {@link IsolateBootstrap} before the isolate's main method runs. */
    static Isolate becomeCurrent(IsolateDescriptor descriptor, IsolateDirectory directory, Path mvmHome) {
        ProcessIdentity me = ProcessIdentity.current();
        Isolate self = new Isolate(Origin.CURRENT, descriptor.id(), descriptor.name(), mvmHome, directory, me,
                new IsolateStatus.Started(Instant.now()));
        self.startupLinkDescriptors = descriptor.startupLinks();
        current = self;
        return self;
    }

    /** A handle on a running isolate that another process created, found in the registry. */
    static Isolate adopt(IsolateRecord record, Path mvmHome) {
        IsolateDirectory directory = new IsolateDirectory(record.runDirectory());
        ProcessIdentity identity = new ProcessIdentity(record.pid(), record.processStart());
        ChildState state = ChildState.readFrom(directory.state());
        IsolateStatus initial = state.phase() == ChildState.Phase.EXITING
                ? new IsolateStatus.Exiting(state.at())
                : state.reachedMain() ? new IsolateStatus.Started(state.at()) : new IsolateStatus.Starting(record.createdAt());
        Isolate adopted = new Isolate(Origin.ADOPTED, record.id(), record.name(), mvmHome, directory, identity, initial);
        Optional<ProcessHandle> live = identity.live();
        if (live.isEmpty()) {
            adopted.processEnded(OptionalInt.empty());
        } else {
            try {
                adopted.watchKey = StateWatcher.get().watch(directory.path(), adopted::stateFileChanged);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot watch state of adopted isolate " + record.id() + ": " + e.getMessage());
            }
            live.get().onExit().thenRun(() -> adopted.processEnded(OptionalInt.empty()));
        }
        return adopted;
    }

    /**
     * Spawns the isolate and waits until its main method has been called. The isolate finds
     * {@code links} (in this order) in its {@link #startupLinks()}, with its own ends open
     * before its main method runs.
     *
     * @return this handle, now {@link IsolateStatus.Started}
     * @throws IsolateStartException if it cannot be spawned, ends before reaching its main
     *                               method (the message has its error output), or does not
     *                               get there within the spec's start timeout (it is halted)
     * @throws IllegalStateException if this handle was started before
     */
    public Isolate start(Link... links) {
        return start(false, List.of(links));
    }

    /**
     * Spawns the isolate as a spare: its main class warms the JVM up and returns, then the process
     * waits to be {@linkplain #takeOver taken over} (it exits with status 2 if the warm-up throws).
     * Returns once the warm-up main method has been called; {@link #spareReady()} completes when
     * it has returned. A spare is usually started with {@link OrphanPolicy#EXIT}: it has no use
     * without its creator, the only isolate that can take it over.
     *
     * @throws IsolateStartException as {@link #start}
     */
    public Isolate startSpare() {
        return start(true, List.of());
    }

    /** Completes when this spare's warm-up returned and it waits to be taken over; fails if it ended first. */
    public CompletableFuture<Void> spareReady() {
        return spareReady.copy();
    }

    /**
     * A handle on this spare's process for {@code spec}: {@link #start} on it hands the process
     * the new purpose (name, main class, arguments, orphan policy) and the links, and returns once
     * that main method has been called, as for a new isolate. The process keeps this spare's id
     * and run directory; this handle is done with.
     *
     * @throws IllegalArgumentException if {@code spec} needs a JVM started otherwise
     *                                  ({@link IsolateSpec#processDifference}), naming the difference
     * @throws IllegalStateException    if this is no spare started by this handle, it has not finished
     *                                  its warm-up, it has ended, or it was taken over already
     */
    public Isolate takeOver(IsolateSpec spec) {
        requireCreated("take over");
        Objects.requireNonNull(spec, "spec");
        synchronized (lock) {
            requireWaitingSpare();
            Optional<String> difference = this.spec.processDifference(spec);
            if (difference.isPresent()) {
                throw new IllegalArgumentException("spare isolate " + id + " cannot become '" + spec.name() + "': its " + difference.get());
            }
            takenOver = true;
            Isolate taken = new Isolate(this, spec, process);
            // One watch per run directory: the new handle gets this one's state events from now on.
            watchKey = null;
            return taken;
        }
    }

    /**
     * Writes this waiting spare to {@code snapshotDirectory} with CRIU and ends its process: a
     * frozen spare costs disk space, not memory, until {@link FrozenSpare#thaw} recreates it.
     * The young generation was shrunk back to its idle size before the spare reported ready, so
     * the snapshot holds little more than what a domain needs. This handle then ends with
     * {@link TerminationCause.Frozen}.
     *
     * @throws CheckpointException   if CRIU is missing, too old or failed (the spare then waits on, as before)
     * @throws IllegalStateException as {@link #takeOver}
     */
    public FrozenSpare freeze(Path snapshotDirectory) {
        requireCreated("freeze");
        Criu criu = Criu.locate();
        long pid;
        synchronized (lock) {
            requireWaitingSpare();
            // Taken: nobody may take it over while it is being written out.
            takenOver = true;
            freezingTo = snapshotDirectory;
            pid = identity.pid();
        }
        Optional<Path> perfData = Optional.empty();
        try {
            Files.createDirectories(snapshotDirectory);
            Path counters = FrozenSpare.perfDataFile(pid);
            if (Files.exists(counters)) {
                perfData = Optional.of(Files.copy(counters, snapshotDirectory.resolve("hsperfdata")));
            }
            criu.dump(pid, snapshotDirectory);
        } catch (IOException | CheckpointException e) {
            synchronized (lock) {
                takenOver = false;
                freezingTo = null;
            }
            try {
                dev.isola.mvm.io.DirectoryTrees.delete(snapshotDirectory);
            } catch (IOException ignored) {
                // The failure to report is the first one.
            }
            throw e instanceof CheckpointException c ? c
                    : new CheckpointException("cannot freeze spare isolate " + id + " to " + snapshotDirectory + ": " + e.getMessage());
        }
        // CRIU killed the process once it was written out; its handle ends as frozen, not as killed.
        terminated.join();
        return new FrozenSpare(spec, id, mvmHome, directory, snapshotDirectory, pid, perfData);
    }

    /** For {@link #takeOver} and {@link #freeze}, holding the lock: this handle started a spare that is ready and still waits. */
    private void requireWaitingSpare() {
        if (!spare) {
            throw new IllegalStateException("isolate " + id + " was not started as a spare");
        }
        // Ended first: a frozen spare's process has ended, and that is what a caller needs to hear.
        if (terminated.isDone() || status instanceof IsolateStatus.Exiting) {
            throw new IllegalStateException("spare isolate " + id + " has ended");
        }
        if (takenOver) {
            throw new IllegalStateException("spare isolate " + id + " was taken over already");
        }
        if (!spareReady.isDone()) {
            throw new IllegalStateException("spare isolate " + id + " is still warming up");
        }
    }

    private Isolate start(boolean asSpare, List<Link> handedOver) {
        requireCreated("start");
        synchronized (lock) {
            if (startCalled) {
                throw new IllegalStateException("isolate " + id + " has already been started");
            }
            startCalled = true;
            spare = asSpare;
        }
        List<Path> missing = spec.image().missingEntries();
        if (!missing.isEmpty()) {
            throw new IsolateStartException("image '" + spec.image().name() + "' is incomplete: missing " + missing, "", null);
        }
        if (spec.workingDirectory().isPresent() && !Files.isDirectory(spec.workingDirectory().get())) {
            throw new IsolateStartException("working directory " + spec.workingDirectory().get() + " does not exist", "", null);
        }
        try {
            if (generation == 0) {
                Files.createDirectories(directory.path().getParent());
                Files.createDirectory(directory.path());
            }
            describe(handedOver).writeTo(directory.descriptor());
            watchKey = StateWatcher.get().watch(directory.path(), this::stateFileChanged);
        } catch (FileAlreadyExistsException e) {
            throw new IsolateStartException("run directory " + directory.path() + " already exists", "", e);
        } catch (IOException e) {
            throw new IsolateStartException("cannot prepare run directory " + directory.path() + ": " + e.getMessage(), "", e);
        }
        transition(new IsolateStatus.Starting(Instant.now()));
        Process spawned;
        try {
            spawned = launcher.launch(spec, directory, mvmHome);
        } catch (IOException e) {
            processEnded(OptionalInt.empty(), new TerminationCause.FailedToStart("cannot spawn the JVM: " + e.getMessage(), ""));
            throw new IsolateStartException("cannot spawn isolate '" + name + "': " + e.getMessage(), "", e);
        }
        synchronized (lock) {
            process = spawned;
            identity = ProcessIdentity.of(spawned.toHandle());
            startupLinks = handedOver;
        }
        try {
            directory.writeProcess(identity);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot record pid of isolate " + id + ": " + e.getMessage());
        }
        // A negative value: a restored process whose status could not be had (RestoredProcess).
        spawned.onExit().thenAccept(p -> processEnded(p.exitValue() < 0 ? OptionalInt.empty() : OptionalInt.of(p.exitValue())));
        awaitStarted();
        return this;
    }

    private void awaitStarted() {
        long deadline = System.nanoTime() + spec.startTimeout().toNanos();
        while (true) {
            CompletableFuture<Object> either = CompletableFuture.anyOf(started, terminated);
            try {
                // The watcher reports the state file within milliseconds; the periodic re-read
                // only covers lost file-system events.
                Object outcome = either.get(Math.min(200, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)), TimeUnit.MILLISECONDS);
                if (outcome instanceof IsolateStatus.Terminated end) {
                    String output = end.cause() instanceof TerminationCause.FailedToStart f ? f.errorOutput()
                            : IsolateDirectory.tail(directory.stderr(), 4096);
                    throw new IsolateStartException("isolate '" + name + "' (" + spec.mainClass() + ") did not start: "
                            + end.cause().describe(), output, null);
                }
                return;
            } catch (TimeoutException e) {
                stateFileChanged();
                if (System.nanoTime() - deadline >= 0 && !started.isDone() && !terminated.isDone()) {
                    halt(1).join();
                    throw new IsolateStartException("isolate '" + name + "' did not reach its main method within "
                            + spec.startTimeout() + "; it was halted", IsolateDirectory.tail(directory.stderr(), 4096), null);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IsolateStartException("interrupted while starting isolate '" + name + "'", "", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Asks the isolate to exit with {@code code} in an orderly way: its shutdown hooks run,
     * then it ends with that status. In the current isolate this does not return.
     *
     * @return completes when the isolate has terminated
     */
    public CompletableFuture<IsolateStatus.Terminated> exit(int code) {
        if (origin == Origin.CURRENT) {
            System.exit(code);
        }
        requireStarted("exit");
        // The isolate installs its exit-request handler just before its main method; a
        // request that arrived earlier would hit the JVM's default handler and lose the code.
        started.whenComplete((s, failure) -> {
            if (terminated.isDone()) {
                return;
            }
            try {
                AtomicFiles.writeString(directory.exitRequest(), Integer.toString(code));
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot write exit request for isolate " + id + ": " + e.getMessage());
            }
            handle().ifPresent(ProcessHandle::destroy);
        });
        return terminated;
    }

    /**
     * Ends the isolate at once: no shutdown hook runs, nothing it held survives. The
     * {@link IsolateStatus.Terminated} event says {@link TerminationCause.Halted} with
     * {@code code}. In the current isolate this does not return.
     *
     * @return completes when the process is gone
     */
    public CompletableFuture<IsolateStatus.Terminated> halt(int code) {
        if (origin == Origin.CURRENT) {
            Runtime.getRuntime().halt(code);
        }
        requireStarted("halt");
        if (!terminated.isDone()) {
            try {
                AtomicFiles.writeString(directory.haltRequest(), Integer.toString(code));
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot record halt of isolate " + id + ": " + e.getMessage());
            }
            handle().ifPresent(ProcessHandle::destroyForcibly);
        }
        return terminated;
    }

    /** Completes with the final status once the isolate's process is gone. */
    public CompletableFuture<IsolateStatus.Terminated> onExit() {
        return terminated.copy();
    }

    public IsolateStatus status() {
        synchronized (lock) {
            return status == null ? new IsolateStatus.Starting(Instant.now()) : status;
        }
    }

    /** The operating-system process id. */
    public long pid() {
        synchronized (lock) {
            if (identity == null) {
                throw new IllegalStateException("isolate " + id + " has not been started");
            }
            return identity.pid();
        }
    }

    /** Unique among the isolates of one mvm home; the name of its run directory. */
    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** The spec it was created with; empty for the current and adopted isolates. */
    public Optional<IsolateSpec> spec() {
        return Optional.ofNullable(spec);
    }

    /** The run directory (descriptor, state, logs); empty for a root isolate. */
    public Optional<Path> runDirectory() {
        return Optional.ofNullable(directory).map(IsolateDirectory::path);
    }

    /**
     * Delivers every later status change, in order, on a thread of the runtime. A listener
     * added after termination is not called; use {@link #onExit()} for that.
     */
    public void addStatusListener(Consumer<IsolateStatus> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeStatusListener(Consumer<IsolateStatus> listener) {
        listeners.remove(listener);
    }

    @Override
    public String toString() {
        return "Isolate[" + id + (identity == null ? "" : " pid " + identity.pid()) + " " + status() + "]";
    }

    private Optional<ProcessHandle> handle() {
        synchronized (lock) {
            if (process != null) {
                return Optional.of(process.toHandle());
            }
            return identity == null ? Optional.empty() : identity.live();
        }
    }

    /**
     * The links handed to the isolate when it was started: inside the isolate, its own startup
     * links (opened, in the order given to {@link #start(Link...)}); on the creator's handle, the
     * links it passed; empty for a root or adopted isolate.
     */
    public List<Link> startupLinks() {
        synchronized (lock) {
            if (startupLinks.isEmpty() && !startupLinkDescriptors.isEmpty()) {
                startupLinks = startupLinkDescriptors.stream().map(Link::open).toList();
            }
            return startupLinks;
        }
    }

    private IsolateDescriptor describe(List<Link> links) {
        ProcessIdentity creator = ProcessIdentity.current();
        return new IsolateDescriptor(id, name, spec.mainClass(), spec.arguments(), spec.image().name(),
                spec.image().classPathArgument(),
                spec.maxHeap().map(MemorySize::toString).orElse(""),
                spec.youngGeneration().map(MemorySize::toString).orElse(""),
                spec.busyYoungGeneration().map(MemorySize::toString).orElse(""),
                spec.collector().name(), spec.orphanPolicy(), creator.pid(), creator.start(), Instant.now(),
                links.stream().map(link -> link.descriptor().encode()).toList(), spare, generation, imageBuild());
    }

    private String imageBuild() {
        if (generation > 0) {
            // A taken-over spare runs the code it was started with, whatever the image's jars hold now.
            try {
                return IsolateDescriptor.readFrom(directory.descriptor()).imageBuild();
            } catch (IOException e) {
                return "";
            }
        }
        return ImageCaches.of(mvmHome).buildOf(spec.image()).orElse("");
    }

    private void stateFileChanged() {
        ChildState state = ChildState.readFrom(directory.state());
        if (state.generation() < generation) {
            return;
        }
        if (state.phase() == ChildState.Phase.SPARE) {
            spareReady.complete(null);
        }
        if (state.reachedMain()) {
            transition(new IsolateStatus.Started(state.at()));
        }
        if (state.phase() == ChildState.Phase.EXITING) {
            transition(new IsolateStatus.Exiting(state.at()));
        }
    }

    private void processEnded(OptionalInt exitStatus) {
        processEnded(exitStatus, null);
    }

    private void processEnded(OptionalInt exitStatus, TerminationCause knownCause) {
        // Catch up on phases the file watcher had not reported yet, so listeners always see them in order.
        stateFileChanged();
        Path frozenTo;
        synchronized (lock) {
            frozenTo = freezingTo;
        }
        TerminationCause cause = knownCause != null ? knownCause
                : frozenTo != null ? new TerminationCause.Frozen(frozenTo.toString())
                : TerminationAnalysis.analyse(directory, exitStatus);
        Instant now = Instant.now();
        // A frozen spare's run directory is the thawed isolate's: it must not read as ended.
        if (directory != null && Files.isDirectory(directory.path()) && frozenTo == null) {
            try {
                directory.writeTermination(cause, now);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot record termination of isolate " + id + ": " + e.getMessage());
            }
        }
        if (watchKey != null) {
            StateWatcher.get().cancel(watchKey);
        }
        transition(new IsolateStatus.Terminated(now, cause));
    }

    /** Moves forward to {@code next} if it is later than the current status, and tells listeners. */
    private void transition(IsolateStatus next) {
        synchronized (lock) {
            if (status != null && rank(next) <= rank(status)) {
                return;
            }
            status = next;
            eventDispatcher.execute(() -> {
                for (Consumer<IsolateStatus> listener : listeners) {
                    try {
                        listener.accept(next);
                    } catch (RuntimeException e) {
                        LOG.log(System.Logger.Level.WARNING, "status listener of isolate " + id + " failed", e);
                    }
                }
            });
            switch (next) {
                case IsolateStatus.Started s -> started.complete(s);
                case IsolateStatus.Terminated t -> {
                    spareReady.completeExceptionally(new IllegalStateException("isolate " + id + " ended before it was a ready spare: "
                            + t.cause().describe()));
                    // Listeners see Terminated before onExit() completes, so a caller that
                    // joins onExit() finds its listener's work done.
                    eventDispatcher.execute(() -> terminated.complete(t));
                    eventDispatcher.shutdown();
                }
                default -> { }
            }
        }
    }

    private static int rank(IsolateStatus status) {
        return switch (status) {
            case IsolateStatus.Starting s -> 0;
            case IsolateStatus.Started s -> 1;
            case IsolateStatus.Exiting e -> 2;
            case IsolateStatus.Terminated t -> 3;
        };
    }

    private void requireCreated(String operation) {
        if (origin != Origin.CREATED) {
            throw new IllegalStateException("cannot " + operation + " isolate " + id + ": it was not created by this handle");
        }
    }

    private void requireStarted(String operation) {
        synchronized (lock) {
            if (identity == null && !terminated.isDone()) {
                throw new IllegalStateException("cannot " + operation + " isolate " + id + ": it has not been started");
            }
        }
    }
}

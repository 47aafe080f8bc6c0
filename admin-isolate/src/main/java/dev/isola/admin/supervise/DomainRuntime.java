package dev.isola.admin.supervise;

import dev.isola.appserver.SubServerRole;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.backup.DatabaseInUseException;
import dev.isola.domains.backup.DomainBackup;
import dev.isola.domains.backup.StagedDatabases;
import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigChanges;
import dev.isola.domains.config.IsolateSettings;
import dev.isola.domains.config.LogLevels;
import dev.isola.domains.config.Member;
import dev.isola.domains.control.ControlClient;
import dev.isola.domains.control.MemberStatus;
import dev.isola.domains.events.DomainEvent;
import dev.isola.domains.events.EventJournal;
import dev.isola.domains.isolate.DomainIsolates;
import dev.isola.domains.isolate.DomainMain;
import dev.isola.domains.isolate.StartupPair;
import dev.isola.mvm.image.ImageCaches;
import dev.isola.mvm.invoke.Invoker;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.IsolateStartException;
import dev.isola.mvm.isolate.IsolateStatus;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkInbox;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One domain under supervision: its isolates, their control conversations, and its life.
 *
 * <pre>
 *   STOPPED ──start──▶ STARTING ──all ready──▶ RUNNING ──an isolate dies──▶ RESTARTING ──back──▶ RUNNING
 *      ▲                  │ fails                 │ stop                       │ restart limit
 *      └──── STOPPING ◀───┴───────────────────────┘                            ▼
 *                                                                            FAILED
 * </pre>
 *
 * <p>Operations that change the domain (start, stop, deploy, …) hold the domain's lock, so
 * they happen one at a time; reading its state does not wait for them. An isolate that ends
 * while the domain should run is restarted as the {@link RestartPolicy} says; in a separated
 * domain its peers get new links to the new isolate. Everything that happens is recorded in
 * the domain's event journal and logged as one line.
 */
public final class DomainRuntime {

    public enum State { STOPPED, STARTING, RUNNING, RESTARTING, STOPPING, FAILED }

    private static final System.Logger LOG = System.getLogger("dev.isola.admin");
    /**
     * What a STARTING event says, followed by the spare's id, when the isolate took over a spare: for people reading the
     * events. Tools read the isolate's origin ({@code SPARE} in the API) instead.
     */
    public static final String IN_SPARE = "in the warmed-up spare isolate";
    /** How long an isolate may take from its main method to ready (its applications redeployed). */
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
    /** How long an orderly stop may take before the isolate is halted. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** How long an isolate may take to copy its databases for a backup: Derby copies at the disk's pace. */
    private static final Duration BACKUP_TIMEOUT = Duration.ofMinutes(10);

    private final String name;
    private final DomainDirectory directory;
    private final SupervisorContext context;
    private final EventJournal journal;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Member, MemberRuntime> members = new EnumMap<>(Member.class);
    private final Deque<Instant> restarts = new ArrayDeque<>();
    private final Deployments deployments;
    private final JmsQueues jmsQueues;
    private final DataSources dataSources;
    private final JmsSubscriptions jmsSubscriptions;
    private final RealmUsers users;
    private final PurgedMessages purgedMessages = new PurgedMessages();
    private volatile State state = State.STOPPED;
    private volatile String problem = "";
    private volatile DomainConfig config;

    DomainRuntime(DomainDirectory directory, DomainConfig config, SupervisorContext context) {
        this.name = directory.name();
        this.directory = directory;
        this.config = config;
        this.context = context;
        this.journal = new EventJournal(directory.eventsFile(), context.retention().eventJournalBytes());
        this.deployments = new Deployments(this);
        this.jmsQueues = new JmsQueues(this);
        this.dataSources = new DataSources(this);
        this.jmsSubscriptions = new JmsSubscriptions(this);
        this.users = new RealmUsers(this);
    }

    /** The size past which the domain's event journal starts a new file, from the next event on. */
    void journalSize(long bytes) {
        journal.maxSize(bytes);
    }

    public String name() {
        return name;
    }

    public State state() {
        return state;
    }

    public DomainConfig config() {
        return config;
    }

    public DomainDirectory directory() {
        return directory;
    }

    public EventJournal journal() {
        return journal;
    }

    public Deployments deployments() {
        return deployments;
    }

    public JmsQueues jmsQueues() {
        return jmsQueues;
    }

    /** Pings of the domain's datasources. */
    public DataSources dataSources() {
        return dataSources;
    }

    public JmsSubscriptions jmsSubscriptions() {
        return jmsSubscriptions;
    }

    /** The users of the domain's applications (its file realm), managed whether the domain runs or not. */
    public RealmUsers users() {
        return users;
    }

    /** The messages purged from the domain's queues and durable subscriptions since the admin isolate started. */
    public PurgedMessages purgedMessages() {
        return purgedMessages;
    }

    /** The domain's running isolates, in start order. */
    List<MemberRuntime> members() {
        synchronized (members) {
            return List.copyOf(members.values());
        }
    }

    Optional<MemberRuntime> member(Member member) {
        synchronized (members) {
            return Optional.ofNullable(members.get(member));
        }
    }

    ReentrantLock lock() {
        return lock;
    }

    /** A snapshot for the API. */
    public DomainView view() {
        DomainConfig c = config;
        List<DomainView.MemberView> isolates = new ArrayList<>();
        int port = c.httpPort();
        for (MemberRuntime m : members()) {
            isolates.add(new DomainView.MemberView(m.member().key(), m.member().isolateName(name), m.isolate().id(), m.isolate().pid(),
                    m.origin().name(), m.since(), m.olderBuild()));
        }
        State s = state;
        boolean serving = s == State.RUNNING || s == State.RESTARTING;
        String url = serving ? "http://" + c.host() + ":" + port + "/" : "";
        String httpsUrl = serving && c.https().enabled() && c.https().port() > 0 ? "https://" + c.host() + ":" + c.https().port() + "/" : "";
        int recent;
        synchronized (restarts) {
            recent = context.policy().recent(restarts, Instant.now());
        }
        return new DomainView(name, c.mode().key(), s.name(), directory.keepRunning(), c.host(), port, url, httpsUrl, problem, isolates,
                new ApplicationRegistry(directory).list(), recent, Files.exists(directory.nextConfigFile()));
    }

    /** The domain's running isolates with their memory, GC and class-sharing figures, in start order. */
    public List<IsolateView> isolates() {
        return members().stream().map(m -> IsolateView.of(name, m)).toList();
    }

    /**
     * The domain's running isolates by name, with their process ids, in start order: what {@link #isolates()} gives without
     * the memory and class figures it reads from each process.
     */
    public Map<String, Long> runningIsolates() {
        Map<String, Long> running = new java.util.LinkedHashMap<>();
        members().forEach(m -> running.put(m.member().isolateName(name), m.isolate().pid()));
        return running;
    }

    /** Application-level figures of each running isolate (JMS destinations), by isolate name; isolates that do not answer are left out. */
    public Map<String, dev.isola.domains.control.MemberMetrics> metrics() {
        Map<String, dev.isola.domains.control.MemberMetrics> metrics = new java.util.LinkedHashMap<>();
        for (MemberRuntime m : members()) {
            try {
                metrics.put(m.member().isolateName(name), Invoker.withTimeout(Duration.ofSeconds(5), () -> m.control().control().metrics()));
            } catch (Exception e) {
                LOG.log(System.Logger.Level.DEBUG, "[" + name + "/" + m.member().isolateName(name) + "] no metrics: " + e.getMessage());
            }
        }
        return metrics;
    }

    /**
     * Writes the domain's backup ({@link DomainBackup}) to {@code out}. A stopped domain's files
     * are copied as they are, and a start waits until they are. A running domain goes on serving:
     * each of its isolates first copies the databases it holds (its datasources' embedded Derby
     * databases, the JMS store) into {@code scratch} with Derby's online backup, each as of one
     * moment, and the zip takes those copies in place of the live files; a deployment or restart
     * waits meanwhile.
     *
     * @param scratch where the isolates' copies wait (on the domains' file system); removed after
     * @throws DomainOperationException CONFLICT while the domain starts, stops or restarts an isolate, or when a database
     *                                  cannot be copied while it runs; FAILED if an isolate could not copy its databases
     */
    public DomainBackup.Summary backUp(OutputStream out, Path scratch) throws IOException {
        lock.lock();
        try {
            Map<String, Long> running = runningIsolates();
            if ((state == State.STOPPED || state == State.FAILED) && running.isEmpty()) {
                DomainBackup.Summary summary = DomainBackup.write(directory, config, out);
                record("", -1, DomainEvent.Kind.BACKED_UP, "backed up: " + summary.files() + " files, " + summary.bytes() + " bytes");
                return summary;
            }
            requireRunning("back up");
            return backUpRunning(out, scratch);
        } finally {
            lock.unlock();
        }
    }

    private DomainBackup.Summary backUpRunning(OutputStream out, Path scratch) throws IOException {
        Path staging = Files.createTempDirectory(Files.createDirectories(scratch), ".backup-" + name + "-databases-");
        List<MemberRuntime> isolates = members();
        Map<MemberRuntime, String> holds = new java.util.LinkedHashMap<>();
        try {
            if (isolates.size() > 1) {
                // Each isolate copies its own databases; commits wait in all of them meanwhile, so that no transaction
                // commits in one (the EJB isolate's database) between the copies of another (the JMS isolate's store).
                for (MemberRuntime m : isolates) {
                    holds.put(m, IsolateCall.call(this, m, "hold its commits for a backup", BACKUP_TIMEOUT,
                            () -> m.control().control().holdCommits(BACKUP_TIMEOUT.toMillis())));
                }
            }
            List<String> copied = new ArrayList<>();
            for (MemberRuntime m : isolates) {
                copied.addAll(IsolateCall.call(this, m, "copy its databases for a backup", BACKUP_TIMEOUT,
                        () -> m.control().control().backUpDatabases(staging.toString())));
            }
            releaseCommits(holds);
            DomainBackup.Summary summary;
            try {
                summary = DomainBackup.write(directory, config, out, new StagedDatabases(staging, copied));
            } catch (DatabaseInUseException e) {
                throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "cannot back up domain " + name + " while it runs: "
                        + e.getMessage());
            }
            record("", -1, DomainEvent.Kind.BACKED_UP, "backed up while running: " + summary.files() + " files, " + summary.bytes() + " bytes"
                    + (copied.isEmpty() ? "; no database open" : "; databases copied online: " + copied.stream().map(d -> "data/" + d).toList()));
            return summary;
        } finally {
            releaseCommits(holds);
            DirectoryTrees.delete(staging);
        }
    }

    /** Lets the commits go on that {@link #backUpRunning} held, in every isolate that still holds them; a failure is logged, not thrown. */
    private void releaseCommits(Map<MemberRuntime, String> holds) {
        for (Map.Entry<MemberRuntime, String> hold : holds.entrySet()) {
            String isolate = hold.getKey().member().isolateName(name);
            try {
                if (!Invoker.withTimeout(Duration.ofSeconds(30), () -> hold.getKey().control().control().releaseCommits(hold.getValue()))) {
                    LOG.log(System.Logger.Level.WARNING, "[" + name + "/" + isolate + "] the commits held for the backup had been let go already");
                }
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "[" + name + "/" + isolate + "] cannot release the commits held for the backup (they go on"
                        + " when the hold's lease of " + BACKUP_TIMEOUT.toMinutes() + " min runs out): " + e.getMessage());
            }
        }
        holds.clear();
    }

    /**
     * Starts the domain's isolates in order (JMS, EJB, web; or the one of a combined domain),
     * each with its links, and waits until each has redeployed its applications.
     *
     * @throws DomainOperationException CONFLICT if it runs or is busy, FAILED naming the isolate that did not start and why
     */
    public void start() {
        lock.lock();
        try {
            if (state == State.RUNNING || state == State.RESTARTING) {
                throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "domain " + name + " is already running");
            }
            config = startConfiguration();
            directory.keepRunning(true);
            synchronized (restarts) {
                restarts.clear();
            }
            startAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The configuration a start uses: the one that waited for it ({@link #configure}), if any,
     * becomes the domain's; and the file is read again in any case, since it may have been edited.
     */
    private DomainConfig startConfiguration() {
        Optional<DomainConfig> applied = context.root().applyNext(name);
        if (applied.isEmpty()) {
            return context.root().load(name);
        }
        List<String> changes = DomainConfigChanges.between(config, applied.get());
        record("", -1, DomainEvent.Kind.CONFIGURED, "configuration applied at this start" + (changes.isEmpty() ? "" : ": " + String.join("; ", changes)));
        return applied.get();
    }

    /**
     * Changes the domain's configuration. A stopped or failed domain takes it at once; a running
     * one at its next start (start or restart), so that its isolates, and any of them restarted
     * after a crash, keep the configuration they started with until then. Its log levels are the
     * exception: a running domain's isolates take them at once ({@link #setLogLevels}), whichever
     * way they are changed.
     *
     * @param next a configuration of this domain, checked already (its fields, and its port against the other domains')
     * @return what changed against the configuration the domain runs with (or would start with), and whether it waits
     */
    public Reconfiguration configure(DomainConfig next) {
        lock.lock();
        try {
            if (!next.name().equals(name)) {
                throw new IllegalArgumentException("a configuration of domain " + next.name() + " given to domain " + name);
            }
            boolean running = state != State.STOPPED && state != State.FAILED;
            List<String> changes = DomainConfigChanges.between(running ? config : context.root().load(name), next);
            if (running && !next.logLevels().equals(config.logLevels())) {
                setLogLevels(next.logLevels()); // the lock is reentrant; config has the new levels afterwards
            }
            List<String> waiting = running ? DomainConfigChanges.between(config, next) : List.of();
            if (!waiting.isEmpty()) {
                context.root().saveNext(next);
                record("", -1, DomainEvent.Kind.CONFIGURED, "configuration changed, applied at the domain's next start (deploy-tool restart-domain "
                        + name + "): " + String.join("; ", waiting));
                return new Reconfiguration(changes, true);
            }
            // Stopped, or running and given its own configuration again: it is the domain's, and nothing waits any more.
            context.root().save(next);
            if (!running) {
                config = next;
                if (!changes.isEmpty()) {
                    record("", -1, DomainEvent.Kind.CONFIGURED, "configuration changed: " + String.join("; ", changes));
                }
            }
            // Running, nothing waits: the changes were log levels, which setLogLevels recorded as it applied them.
            return new Reconfiguration(changes, false);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Replaces the domain's log levels ({@link LogLevels}) in its configuration, and in the one
     * waiting for its next start if there is one, and sets them in every running isolate at once:
     * unlike the rest of a configuration they need no restart, as an operator chasing a problem
     * wants. An isolate started later (a restart, the next start) takes them from the configuration.
     *
     * @return the changes and what each running isolate has now; an isolate that did not take them is named with why
     */
    public LogLevelChange setLogLevels(LogLevels levels) {
        lock.lock();
        try {
            DomainConfig stored = context.root().load(name);
            DomainConfig changed = stored.withLogLevels(levels);
            List<String> changes = DomainConfigChanges.between(stored, changed);
            context.root().saveKeepingNext(changed);
            context.root().loadNext(name).ifPresent(next -> context.root().saveNext(next.withLogLevels(levels)));
            config = config.withLogLevels(levels);
            Map<String, Map<String, String>> applied = new LinkedHashMap<>();
            Map<String, String> notApplied = new LinkedHashMap<>();
            for (MemberRuntime m : members()) {
                String isolate = m.member().isolateName(name);
                try {
                    applied.put(isolate, Invoker.withTimeout(Duration.ofSeconds(10), () -> m.control().control().applyLogLevels(levels.asText())));
                } catch (Exception e) {
                    notApplied.put(isolate, MemberRuntime.lacksControlMethod(e)
                            ? "it runs an earlier build of the image, which cannot change log levels; they apply from its next start"
                            + " (deploy-tool restart-domain " + name + ")"
                            : "could not set them: " + e.getMessage() + "; they apply from its next start");
                }
            }
            if (!changes.isEmpty()) {
                record("", -1, DomainEvent.Kind.CONFIGURED, "log levels changed" + (applied.isEmpty() ? "" : " in the running isolates too")
                        + ": " + String.join("; ", changes));
            }
            return new LogLevelChange(levels, changes, applied, notApplied);
        } finally {
            lock.unlock();
        }
    }

    /**
     * What {@link #setLogLevels} did.
     *
     * @param levels     the domain's log levels now
     * @param changes    one line per logger whose level changed ({@link DomainConfigChanges})
     * @param applied    each running isolate that took them, with the level each named logger has there now
     * @param notApplied each running isolate that did not, with why
     */
    public record LogLevelChange(LogLevels levels, List<String> changes, Map<String, Map<String, String>> applied, Map<String, String> notApplied) {
    }

    /**
     * What {@link #configure} did.
     *
     * @param changes one line per setting changed ({@link DomainConfigChanges}); empty when the configuration was the same
     * @param pending whether the change waits for the domain's next start (it runs)
     */
    public record Reconfiguration(List<String> changes, boolean pending) {
    }

    /** The configuration the domain will have at its next start: the one waiting for it, else the current one. */
    public DomainConfig nextConfiguration() {
        return context.root().loadNext(name).orElseGet(() -> context.root().load(name));
    }

    private void startAll() {
        state = State.STARTING;
        problem = "";
        DomainConfig c = config;
        if (c.httpPort() > 0) {
            checkPortFree(c);
        }
        try {
            startMembers(c.members());
            state = State.RUNNING;
            LOG.log(System.Logger.Level.INFO, "[" + name + "] domain running at http://" + c.host() + ":" + c.httpPort() + "/");
        } catch (DomainOperationException e) {
            fail(e.getMessage());
            throw e;
        }
    }

    private void checkPortFree(DomainConfig c) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(c.host()), c.httpPort()));
        } catch (IOException e) {
            String message = "cannot start domain " + name + ": port " + c.httpPort() + " on " + c.host()
                    + " is in use by another process (" + e.getMessage() + "); stop that process or change the domain's httpPort";
            fail(message);
            throw new DomainOperationException(DomainOperationException.Kind.FAILED, message);
        }
    }

    /** Stops the isolates that still run, marks the domain FAILED and records why. */
    private void fail(String reason) {
        problem = reason;
        stopMembers();
        state = State.FAILED;
        record("", -1, DomainEvent.Kind.FAILED, reason);
    }

    /**
     * Stops the domain in an orderly way (web, then EJB, then JMS), halting an isolate that has
     * not ended after 30 s; the domain stays stopped, also across admin restarts.
     */
    public void stop() {
        lock.lock();
        try {
            directory.keepRunning(false);
            if (state == State.STOPPED) {
                return;
            }
            state = State.STOPPING;
            stopMembers();
            state = State.STOPPED;
            problem = "";
            record("", -1, DomainEvent.Kind.STOPPED, "stopped on request");
        } finally {
            lock.unlock();
        }
    }

    /** Stops then starts the domain. */
    public void restart() {
        lock.lock();
        try {
            stop();
            start();
        } finally {
            lock.unlock();
        }
    }

    private void stopMembers() {
        List<MemberRuntime> running = members().reversed();
        for (MemberRuntime m : running) {
            m.leave();
            try {
                Invoker.withTimeout(Duration.ofSeconds(10), () -> {
                    m.control().control().shutdown();
                    return null;
                });
            } catch (Exception e) {
                LOG.log(System.Logger.Level.INFO, "[" + name + "/" + m.member().isolateName(name) + "] did not take the shutdown request ("
                        + e.getMessage() + "); ending it");
                m.isolate().exit(0);
            }
        }
        for (MemberRuntime m : running) {
            awaitEnd(m.isolate());
            m.control().close();
        }
        synchronized (members) {
            members.clear();
        }
    }

    private void awaitEnd(Isolate isolate) {
        try {
            isolate.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.log(System.Logger.Level.WARNING, "[" + name + "/" + isolate.name() + "] did not stop within " + STOP_TIMEOUT.toSeconds() + " s; halting it");
            isolate.halt(1).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            isolate.halt(1).join();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * At admin start: takes over the domain's isolates that still run (left by a previous admin
     * isolate), starting only those that are missing.
     */
    void resume() {
        lock.lock();
        try {
            state = State.STARTING;
            List<Member> missing = new ArrayList<>();
            // An upgrade that restarted only the admin isolate leaves domains running the old code.
            Optional<String> currentBuild = ImageCaches.of(context.mvmHome()).buildOf(context.image());
            for (Member member : config.members()) {
                Optional<MemberRuntime> adopted = adopt(member, currentBuild);
                if (adopted.isPresent()) {
                    synchronized (members) {
                        members.put(member, adopted.get());
                    }
                    watch(adopted.get());
                } else {
                    missing.add(member);
                }
            }
            if (missing.size() == config.members().size()) {
                // Nothing of the domain runs (the machine restarted, say): a start like any other, which takes a waiting configuration.
                try {
                    config = startConfiguration();
                } catch (RuntimeException e) {
                    fail("cannot start: " + e.getMessage());
                    return;
                }
                startAll();
                return;
            }
            if (!missing.isEmpty()) {
                startMembers(missing);
            }
            state = State.RUNNING;
        } catch (DomainOperationException e) {
            if (state != State.FAILED) {
                fail(e.getMessage());
            }
        } finally {
            lock.unlock();
        }
    }

    /** @param currentBuild the build of the image this admin isolate starts isolates on ({@link ImageCaches#buildOf}) */
    private Optional<MemberRuntime> adopt(Member member, Optional<String> currentBuild) {
        List<IsolateRecord> found = context.registry().running().stream()
                .filter(r -> DomainIsolates.isMember(r.mainClass(), r.arguments(), directory, member))
                .sorted(Comparator.comparing(IsolateRecord::createdAt).reversed()).toList();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        for (IsolateRecord extra : found.subList(1, found.size())) {
            // Two isolates of one member would fight over the port and the database: the older one goes.
            record(member.isolateName(name), extra.pid(), DomainEvent.Kind.EXITED, "duplicate of " + found.getFirst().id() + "; halted");
            context.registry().adopt(extra.id()).halt(1).join();
        }
        IsolateRecord record = found.getFirst();
        Isolate isolate = context.registry().adopt(record.id());
        Isolate me = Isolate.current();
        Link requests = Link.newLink(me, isolate, DomainMain.CONTROL_LINK_OPTIONS);
        Link replies = Link.newLink(isolate, me, DomainMain.CONTROL_LINK_OPTIONS);
        LinkInbox.deliver(isolate, DomainMain.CONTROL_LABEL, replies, requests);
        ControlClient control = ControlClient.open(new LinkPair(requests, replies));
        try {
            MemberStatus status = Invoker.withTimeout(Duration.ofSeconds(70), () -> control.control().awaitReady(60_000));
            if (status.phase() != MemberStatus.Phase.READY) {
                throw new IllegalStateException("it is " + status.phase() + (status.problem().isEmpty() ? "" : ": " + status.problem()));
            }
            Optional<String> olderBuild = record.earlierBuildThan(currentBuild);
            record(member.isolateName(name), record.pid(), DomainEvent.Kind.ADOPTED, "running since " + record.processStart()
                    + ", " + status.applications().size() + " application(s)"
                    + olderBuild.map(build -> "; it runs " + build + ", until the domain is restarted (deploy-tool restart-domain " + name + ")")
                            .orElse(""));
            return Optional.of(new MemberRuntime(member, isolate, control, MemberRuntime.Origin.ADOPTED, olderBuild.isPresent()));
        } catch (Exception e) {
            control.close();
            record(member.isolateName(name), record.pid(), DomainEvent.Kind.EXITED, "found running but not answering on a new control link ("
                    + e.getMessage() + "); halted, to be started again");
            isolate.halt(1).join();
            return Optional.empty();
        }
    }

    /**
     * Starts {@code toStart} (in the domain's start order) with their links. Peers that run
     * already serve the new isolates' connections before these start, and connect to the new
     * servers once those are ready.
     *
     * @throws DomainOperationException FAILED naming the isolate and why; the isolates started by this call are halted
     */
    private void startMembers(List<Member> toStart) {
        try {
            startMembers(toStart, true);
        } catch (SpareTakeOverFailed e) {
            record("", -1, DomainEvent.Kind.STARTING, e.getMessage() + "; starting in a new JVM instead");
            startMembers(toStart, false);
        } finally {
            // After the start, so that the next spare's warm-up does not compete with it for the CPU.
            context.spares().replenish();
        }
    }

    /** A spare isolate taken over for a member did not start as it (it died while waiting, for one). */
    private static final class SpareTakeOverFailed extends DomainOperationException {
        SpareTakeOverFailed(String message) {
            super(Kind.FAILED, message);
        }
    }

    /**
     * @param spares whether a combined domain's isolate may be a spare taken over ({@link SparePool})
     */
    private void startMembers(List<Member> toStart, boolean spares) {
        DomainConfig c = config;
        Isolate me = Isolate.current();
        // Every spec before any process: a spec the runtime refuses must not leave a spare taken or an isolate started.
        Map<Member, IsolateSpec> specs = new EnumMap<>(Member.class);
        for (Member member : c.members()) {
            if (toStart.contains(member)) {
                try {
                    specs.put(member, DomainIsolates.spec(c, directory, member, context.image()));
                } catch (RuntimeException e) {
                    throw new DomainOperationException(DomainOperationException.Kind.FAILED, "domain " + name + " could not start: the settings of "
                            + member.isolateName(name) + " are refused by the isolate runtime: " + e.getMessage());
                }
            }
        }
        Map<Member, Isolate> created = new EnumMap<>(Member.class);
        Map<Member, String> takenSpares = new EnumMap<>(Member.class);
        specs.forEach((member, spec) -> {
            // Spares are warmed up as combined domains: the members of a separated one would carry what they never run.
            Optional<Isolate> spare = spares && member == Member.SERVER ? context.spares().take(spec) : Optional.empty();
            spare.ifPresent(taken -> takenSpares.put(member, taken.id()));
            created.put(member, spare.orElseGet(() -> new Isolate(spec, context.mvmHome())));
        });
        Map<Member, Map<StartupPair, LinkPair>> startupPairs = new EnumMap<>(Member.class);
        Map<Member, LinkPair> controlPairs = new EnumMap<>(Member.class);
        List<Runnable> onceReady = new ArrayList<>();
        try {
            // Inside the try: a link that cannot be made (shared memory exhausted) must not leave a taken spare running.
            for (Map.Entry<Member, Isolate> entry : created.entrySet()) {
                Link requests = Link.newLink(me, entry.getValue(), DomainMain.CONTROL_LINK_OPTIONS);
                Link replies = Link.newLink(entry.getValue(), me, DomainMain.CONTROL_LINK_OPTIONS);
                controlPairs.put(entry.getKey(), new LinkPair(requests, replies));
                startupPairs.computeIfAbsent(entry.getKey(), m -> new EnumMap<>(StartupPair.class)).put(StartupPair.CONTROL, new LinkPair(replies, requests));
            }
            for (PeerEdge edge : PeerEdge.of(c.mode())) {
                boolean newClient = created.containsKey(edge.client());
                boolean newServer = created.containsKey(edge.server());
                if (!newClient && !newServer) {
                    continue;
                }
                Isolate client = newClient ? created.get(edge.client()) : running(edge.client()).isolate();
                Isolate server = newServer ? created.get(edge.server()) : running(edge.server()).isolate();
                Link requests = Link.newLink(client, server, edge.options());
                Link replies = Link.newLink(server, client, edge.options());
                if (newClient) {
                    startupPairs.computeIfAbsent(edge.client(), m -> new EnumMap<>(StartupPair.class)).put(edge.clientPair(), new LinkPair(requests, replies));
                } else {
                    MemberRuntime running = running(edge.client());
                    onceReady.add(() -> reconnect(edge, running, requests, replies));
                }
                if (newServer) {
                    startupPairs.computeIfAbsent(edge.server(), m -> new EnumMap<>(StartupPair.class)).put(edge.serverPair(), new LinkPair(replies, requests));
                } else {
                    MemberRuntime running = running(edge.server());
                    call(running, "serve the new " + edge.client().isolateName(name),
                            () -> edge.serve(running.control().control(), replies.descriptor().encode(), requests.descriptor().encode()));
                }
            }
            for (Member member : c.members()) {
                if (created.containsKey(member)) {
                    startMember(member, created.get(member), startupPairs.get(member), controlPairs.get(member),
                            Optional.ofNullable(takenSpares.get(member)));
                }
            }
        } catch (RuntimeException e) {
            for (Member member : created.keySet()) {
                Optional<MemberRuntime> started = member(member);
                if (started.isPresent() && started.get().isolate() == created.get(member)) {
                    started.get().leave();
                    synchronized (members) {
                        members.remove(member);
                    }
                    started.get().control().close();
                }
                if (created.get(member).status() instanceof IsolateStatus.Started || created.get(member).status() instanceof IsolateStatus.Exiting) {
                    created.get(member).halt(1).join();
                }
            }
            throw e instanceof DomainOperationException d ? d
                    : new DomainOperationException(DomainOperationException.Kind.FAILED, "domain " + name + " could not start: " + e.getMessage());
        }
        onceReady.forEach(Runnable::run);
    }

    private static String youngGeneration(IsolateSettings settings) {
        return settings.elasticYoungGeneration() ? settings.youngGeneration() + " (" + settings.busyYoungGeneration() + " while busy)"
                : settings.youngGeneration().toString();
    }

    private MemberRuntime running(Member member) {
        return member(member).orElseThrow(() -> new DomainOperationException(DomainOperationException.Kind.FAILED,
                "the " + member.key() + " isolate of domain " + name + " is not running"));
    }

    private void startMember(Member member, Isolate isolate, Map<StartupPair, LinkPair> pairs, LinkPair controlPair, Optional<String> spare) {
        List<Link> links = new ArrayList<>();
        for (StartupPair kind : StartupPair.layout(member)) {
            LinkPair pair = pairs.get(kind);
            if (pair == null) {
                throw new IllegalStateException("no " + kind + " pair was made for the " + member.key() + " isolate of " + name);
            }
            links.add(pair.outgoing());
            links.add(pair.incoming());
        }
        String isolateName = member.isolateName(name);
        record(isolateName, -1, DomainEvent.Kind.STARTING, "starting (heap " + config.settings(member).heap() + ", young generation "
                + youngGeneration(config.settings(member)) + ", " + config.settings(member).collector().name().toLowerCase() + " collector)"
                + spare.map(id -> " " + IN_SPARE + " " + id).orElse(""));
        long begin = System.nanoTime();
        try {
            isolate.start(links.toArray(Link[]::new));
        } catch (IsolateStartException e) {
            if (spare.isPresent()) {
                throw new SpareTakeOverFailed("the spare isolate " + spare.get() + " did not become " + isolateName + ": " + e.getMessage());
            }
            throw new DomainOperationException(DomainOperationException.Kind.FAILED, "isolate " + isolateName + " of domain " + name
                    + " did not start: " + e.getMessage());
        } finally {
            // The isolates have their ends now; this isolate holds none of the peer links.
            for (Link link : links) {
                if (!link.canSend() && !link.canReceive()) {
                    link.close();
                }
            }
        }
        ControlClient control = ControlClient.open(controlPair);
        MemberRuntime runtime = new MemberRuntime(member, isolate, control,
                spare.isPresent() ? MemberRuntime.Origin.SPARE : MemberRuntime.Origin.STARTED);
        synchronized (members) {
            members.put(member, runtime);
        }
        watch(runtime);
        MemberStatus status;
        try {
            status = Invoker.withTimeout(READY_TIMEOUT.plusSeconds(10), () -> control.control().awaitReady(READY_TIMEOUT.toMillis()));
        } catch (Exception e) {
            throw new DomainOperationException(DomainOperationException.Kind.FAILED, "isolate " + isolateName + " of domain " + name
                    + " ended while starting: " + exitOf(isolate) + lastError(isolateName));
        }
        if (status.phase() != MemberStatus.Phase.READY) {
            throw new DomainOperationException(DomainOperationException.Kind.FAILED, "isolate " + isolateName + " of domain " + name
                    + " could not start: " + (status.problem().isEmpty() ? "not ready after " + READY_TIMEOUT.toMinutes() + " minutes" : status.problem()));
        }
        long failedApplications = status.applications().stream().filter(a -> !a.problem().isEmpty()).count();
        record(isolateName, isolate.pid(), DomainEvent.Kind.STARTED, "ready in " + Duration.ofNanos(System.nanoTime() - begin).toMillis() + " ms"
                + (status.httpPort() > 0 ? ", http://" + config.host() + ":" + status.httpPort() + "/" : "")
                + ", " + status.applications().size() + " application(s)" + (failedApplications > 0 ? ", " + failedApplications + " failed to redeploy" : ""));
    }

    private static String exitOf(Isolate isolate) {
        try {
            return isolate.onExit().get(5, TimeUnit.SECONDS).cause().describe();
        } catch (TimeoutException e) {
            isolate.halt(1).join();
            return "it stopped answering and was halted";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return String.valueOf(e.getCause());
        }
    }

    /** The last error line of the isolate's log, which says why it could not start. */
    private String lastError(String isolateName) {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(directory.logFile(isolateName));
            for (String line : lines.reversed()) {
                if (line.contains(" ERROR ")) {
                    return "; its log says: " + line.substring(line.indexOf("] ") + 2);
                }
            }
        } catch (IOException e) {
            // no log: the message has the termination cause already
        }
        return "";
    }

    private void reconnect(PeerEdge edge, MemberRuntime client, Link requests, Link replies) {
        call(client, "connect to the new " + edge.server().isolateName(name),
                () -> edge.connect(client.control().control(), requests.descriptor().encode(), replies.descriptor().encode()));
        record(edge.client().isolateName(name), client.isolate().pid(), DomainEvent.Kind.RECONNECTED,
                "connected to the new " + edge.server().isolateName(name));
    }

    private interface ControlCall {
        void run() throws Exception;
    }

    private void call(MemberRuntime member, String what, ControlCall call) {
        try {
            Invoker.withTimeout(Duration.ofSeconds(30), () -> {
                call.run();
                return null;
            });
        } catch (Exception e) {
            throw new DomainOperationException(DomainOperationException.Kind.FAILED, "isolate " + member.member().isolateName(name)
                    + " could not " + what + ": " + e.getMessage());
        }
    }

    private void watch(MemberRuntime runtime) {
        runtime.isolate().addStatusListener(status -> {
            if (status instanceof IsolateStatus.Terminated end) {
                ended(runtime, end);
            }
        });
        if (runtime.isolate().status() instanceof IsolateStatus.Terminated end) {
            ended(runtime, end);
        }
    }

    private void ended(MemberRuntime runtime, IsolateStatus.Terminated end) {
        if (!runtime.markEnded()) {
            return;
        }
        String isolateName = runtime.member().isolateName(name);
        long pid = runtime.isolate().pid();
        if (runtime.leaving()) {
            record(isolateName, pid, DomainEvent.Kind.EXITED, end.cause().describe() + " (stopped by the admin isolate)");
            return;
        }
        boolean current;
        synchronized (members) {
            current = members.get(runtime.member()) == runtime;
            if (current) {
                members.remove(runtime.member());
            }
        }
        record(isolateName, pid, DomainEvent.Kind.EXITED, end.cause().describe());
        runtime.control().close();
        if (current && (state == State.RUNNING || state == State.RESTARTING)) {
            scheduleRestart(end.cause().describe());
        }
    }

    private void scheduleRestart(String lastExit) {
        Instant now = Instant.now();
        int recent;
        synchronized (restarts) {
            recent = context.policy().recent(restarts, now);
            if (context.policy().allows(recent)) {
                restarts.addLast(now);
            }
        }
        if (!context.policy().allows(recent)) {
            context.executor().execute(() -> {
                lock.lock();
                try {
                    if (state == State.RUNNING || state == State.RESTARTING) {
                        fail("restart limit reached: " + recent + " restarts within " + context.policy().window().toMinutes()
                                + " minutes; last exit: " + lastExit + ". Fix the cause, then start the domain again");
                    }
                } finally {
                    lock.unlock();
                }
            });
            return;
        }
        state = State.RESTARTING;
        Duration delay = context.policy().delay(recent);
        record("", -1, DomainEvent.Kind.RESTART_SCHEDULED, "restart " + (recent + 1) + " of at most " + context.policy().limit()
                + " within " + context.policy().window().toMinutes() + " minutes, in " + delay.toMillis() + " ms");
        context.executor().schedule(this::restartMissing, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void restartMissing() {
        lock.lock();
        try {
            if (state != State.RESTARTING) {
                return;
            }
            List<Member> missing = config.members().stream().filter(m -> member(m).isEmpty()).toList();
            if (missing.isEmpty()) {
                state = State.RUNNING;
                return;
            }
            try {
                startMembers(missing);
                state = State.RUNNING;
            } catch (DomainOperationException e) {
                record("", -1, DomainEvent.Kind.EXITED, "restart failed: " + e.getMessage());
                scheduleRestart(e.getMessage());
            }
        } finally {
            lock.unlock();
        }
    }

    /** Records an event in the domain's journal and logs it as one line. */
    void record(String isolate, long pid, DomainEvent.Kind kind, String message) {
        DomainEvent event = DomainEvent.of(name, isolate, pid, kind, message);
        LOG.log(kind == DomainEvent.Kind.FAILED || kind == DomainEvent.Kind.DEPLOYMENT_FAILED ? System.Logger.Level.WARNING
                : System.Logger.Level.INFO, event.describe());
        try {
            journal.append(event);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "[" + name + "] " + e.getMessage());
        }
    }

    /** Closes the control conversations without stopping anything (the admin isolate is exiting; the domain goes on). */
    void detach() {
        for (MemberRuntime m : members()) {
            m.leave();
            m.control().close();
        }
    }

    /**
     * Refuses at once what needs a running domain, before an upload is read.
     *
     * @throws DomainOperationException CONFLICT saying what state the domain is in and what to do
     */
    public void requireRunning(String what) {
        State s = state;
        if (s != State.RUNNING) {
            String reason = switch (s) {
                case STOPPED -> "it is stopped; start it first: deploy-tool start-domain " + name;
                case STARTING -> "it is starting; try again once it runs (deploy-tool status)";
                case RESTARTING -> "one of its isolates is being restarted; try again in a moment (deploy-tool status)";
                case STOPPING -> "it is stopping";
                case FAILED -> "it failed (" + problem + "); start it again first: deploy-tool start-domain " + name;
                case RUNNING -> throw new IllegalStateException();
            };
            throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "cannot " + what + " domain " + name + ": " + reason);
        }
    }

    /**
     * The running isolates that host applications, in deployment order (EJB before web), for
     * {@link Deployments}.
     *
     * @throws DomainOperationException CONFLICT if the domain does not run
     */
    List<MemberRuntime> deploymentTargets(String what) {
        requireRunning(what);
        List<MemberRuntime> targets = new ArrayList<>();
        for (Member member : List.of(Member.SERVER, Member.EJB, Member.WEB)) {
            member(member).ifPresent(targets::add);
        }
        return targets;
    }

    /**
     * The running isolate that hosts the JMS sub-server, for {@link JmsQueues} and {@link JmsSubscriptions}: a combined
     * domain's only isolate, or a separated domain's JMS isolate.
     *
     * @throws DomainOperationException CONFLICT if the domain does not run
     */
    MemberRuntime jmsHost(String what) {
        requireRunning(what);
        Member host = config.members().stream().filter(m -> m.hosts(SubServerRole.JMS)).findFirst()
                .orElseThrow(() -> new IllegalStateException("domain " + name + " has no isolate that hosts JMS: " + config.members()));
        return member(host).orElseThrow(() -> new DomainOperationException(DomainOperationException.Kind.CONFLICT, "cannot " + what
                + " domain " + name + ": its isolate " + host.isolateName(name) + " is not running; try again in a moment (deploy-tool status)"));
    }
}

package dev.isola.admin.supervise;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainNotFoundException;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.events.DomainEvent;
import dev.isola.domains.isolate.DomainIsolates;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.IsolateRegistry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The admin isolate's supervisor: one {@link DomainRuntime} per domain of the domains root.
 * At start it takes over the domains that should run, re-adopting the isolates a previous
 * admin isolate left running and starting only what is missing; afterwards it restarts
 * isolates that die, and carries out what the API asks.
 *
 * <pre>{@code
 * Supervisor supervisor = new Supervisor(DomainsRoot.at(path), image, mvmHome, RestartPolicy.DEFAULTS);
 * supervisor.resumeAll();                 // adopt or start the domains that should run
 * supervisor.domain("shop").deployments().deploy("petstore", checked);
 * }</pre>
 */
public final class Supervisor implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin");
    private final DomainsRoot root;
    private final SupervisorContext context;
    private final Map<String, DomainRuntime> domains = new ConcurrentHashMap<>();

    /** A supervisor without spare isolates: every domain starts in a new JVM. */
    public Supervisor(DomainsRoot root, Image image, Path mvmHome, RestartPolicy policy) {
        this(root, image, mvmHome, policy, Retention.DEFAULTS, 0, false, false, Optional.empty());
    }

    /**
     * @param retention     how long ended isolates' run directories stay, and how large an event journal grows
     * @param spareIsolates how many warmed-up spare isolates to keep for combined domains to start in ({@link SparePool})
     * @param freezeSpares  whether the spares wait frozen to disk rather than in memory
     * @param resetSpareJitState whether the domains the spares become drop the JIT state of their warm-up
     * @param warmUpArchive what the spares warm up with (the Pet Store), if anything
     */
    public Supervisor(DomainsRoot root, Image image, Path mvmHome, RestartPolicy policy, Retention retention, int spareIsolates, boolean freezeSpares,
                      boolean resetSpareJitState, Optional<Path> warmUpArchive) {
        this.root = root;
        ScheduledExecutorService executor = Executors.newScheduledThreadPool(1, Thread.ofPlatform().daemon().name("supervisor-", 0).factory());
        SparePool spares = new SparePool(DomainIsolates.spareSpec(root, image, warmUpArchive, resetSpareJitState), mvmHome, root, spareIsolates, freezeSpares);
        this.context = new SupervisorContext(image, mvmHome, IsolateRegistry.open(mvmHome), new java.util.concurrent.atomic.AtomicReference<>(policy),
                new java.util.concurrent.atomic.AtomicReference<>(retention), executor, root, spares);
        // A minute in, so as not to compete with the domains' starts; then daily.
        executor.scheduleAtFixedRate(this::pruneEndedIsolates, 1, Duration.ofDays(1).toMinutes(), TimeUnit.MINUTES);
    }

    /** The spare isolates: filled once the domains that should run have started ({@link #resumeAll}). */
    public SparePool spares() {
        return context.spares();
    }

    public DomainsRoot root() {
        return root;
    }

    /**
     * Supervises with {@code policy} and {@code retention} from now on (the admin's settings changed): the next restart
     * decision counts against the new limit, every domain's event journal rotates at the new size, and the next sweep keeps
     * ended isolates' directories as long as the new retention says.
     */
    public void apply(RestartPolicy policy, Retention retention) {
        context.policies().set(policy);
        context.retentions().set(retention);
        domains.values().forEach(domain -> domain.journalSize(retention.eventJournalBytes()));
    }

    public RestartPolicy policy() {
        return context.policy();
    }

    /**
     * Takes over every domain that should run, in parallel: re-adopts its running isolates and
     * starts the missing ones. Returns when each domain runs or has failed (see its events).
     */
    public void resumeAll() {
        List<Future<?>> resuming = new ArrayList<>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String name : root.names()) {
                DomainRuntime runtime;
                try {
                    runtime = domain(name);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "[" + name + "] cannot be supervised: " + e.getMessage());
                    continue;
                }
                if (runtime.directory().keepRunning()) {
                    resuming.add(threads.submit(runtime::resume));
                }
            }
        }
        LOG.log(System.Logger.Level.INFO, "supervising " + domains.size() + " domain(s); " + resuming.size() + " to keep running");
        context.spares().fill();
    }

    public Retention retention() {
        return context.retention();
    }

    /**
     * Removes the run directories of isolates that ended longer ago than the retention says: every start, restart and spare leaves one (its descriptor, standard output and error),
     * which a server running for months would otherwise collect by the thousand.
     */
    private void pruneEndedIsolates() {
        try {
            Duration keep = context.retention().keepEndedIsolates();
            int removed = context.registry().prune(keep);
            if (removed > 0) {
                LOG.log(System.Logger.Level.INFO, "removed the run directories of " + removed + " isolate(s) that ended more than "
                        + keep.toDays() + " day(s) ago");
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot remove the run directories of ended isolates: " + e.getMessage());
        }
    }

    /**
     * The runtime of domain {@code name}, set up on first use.
     *
     * @throws DomainNotFoundException listing the domains there are
     * @throws dev.isola.domains.config.DomainConfigException if its configuration cannot be read
     */
    public DomainRuntime domain(String name) {
        DomainRuntime existing = domains.get(name);
        if (existing != null) {
            return existing;
        }
        DomainDirectory directory = root.existing(name);
        DomainConfig config = root.load(name);
        return domains.computeIfAbsent(name, n -> new DomainRuntime(directory, config, context));
    }

    /** Every domain of the root, by name; those whose configuration cannot be read are left out. */
    public List<DomainRuntime> all() {
        List<DomainRuntime> all = new ArrayList<>();
        for (String name : root.names()) {
            try {
                all.add(domain(name));
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "[" + name + "] " + e.getMessage());
            }
        }
        all.sort(Comparator.comparing(DomainRuntime::name));
        return all;
    }

    /** Creates a domain (stopped) and records the event. */
    public DomainRuntime create(DomainConfig config) {
        root.create(config);
        DomainRuntime runtime = domain(config.name());
        runtime.record("", -1, DomainEvent.Kind.CREATED, config.mode().key() + " domain on port " + config.httpPort());
        return runtime;
    }

    /**
     * Makes the unpacked backup in {@code staging} ({@link dev.isola.domains.backup.DomainRestore}) the new, stopped
     * domain {@code config.name()} and records where it came from.
     *
     * @param from what it was restored from, for the event
     * @throws dev.isola.domains.DomainExistsException if the name is taken; {@code staging} is then the caller's to delete
     */
    public DomainRuntime restore(Path staging, DomainConfig config, String from) {
        root.adopt(staging, config);
        DomainRuntime runtime = domain(config.name());
        runtime.record("", -1, DomainEvent.Kind.RESTORED, "restored from " + from + " as a " + config.mode().key() + " domain on port "
                + config.httpPort());
        return runtime;
    }

    /**
     * Deletes a domain: refused while applications run in it unless {@code force}; a running
     * domain is stopped first.
     *
     * @throws DomainOperationException CONFLICT naming the running applications
     */
    public void delete(String name, boolean force) {
        DomainRuntime runtime = domain(name);
        runtime.lock().lock();
        try {
            DomainRuntime.State state = runtime.state();
            int applications = runtime.view().applications().size();
            boolean running = state != DomainRuntime.State.STOPPED && state != DomainRuntime.State.FAILED;
            if (running && applications > 0 && !force) {
                throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "domain " + name + " is running with "
                        + applications + " application(s) (" + String.join(", ", runtime.view().applications().stream()
                        .map(a -> a.name()).toList()) + "); stop it first (deploy-tool stop-domain " + name + ") or delete with --force");
            }
            runtime.stop();
            // Its users' file goes with the directory; no change of it may make the directory again meanwhile.
            runtime.users().lock().lock();
            try {
                root.delete(name);
            } finally {
                runtime.users().lock().unlock();
            }
            domains.remove(name);
            LOG.log(System.Logger.Level.INFO, "[" + name + "] domain deleted" + (force && applications > 0 ? " with its applications (forced)" : ""));
        } finally {
            runtime.lock().unlock();
        }
    }

    /** Lets go of the domains without stopping them: they keep serving, and the next admin isolate re-adopts them. */
    @Override
    public void close() {
        context.executor().shutdownNow();
        context.spares().close();
        for (DomainRuntime runtime : domains.values()) {
            runtime.detach();
        }
    }
}

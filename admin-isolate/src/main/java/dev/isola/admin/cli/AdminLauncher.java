package dev.isola.admin.cli;

import dev.isola.admin.AdminFiles;
import dev.isola.admin.AdminMain;
import dev.isola.admin.AdminSettings;
import dev.isola.admin.AdminState;
import dev.isola.admin.ServerImage;
import dev.isola.admin.auth.AdminPassword;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.isolate.DomainMain;
import dev.isola.domains.logging.LastWordsLogManager;
import dev.isola.mvm.image.CacheLookup;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.image.ImageCaches;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateRecord;
import dev.isola.mvm.isolate.IsolateRegistry;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.IsolateStartException;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.isolate.OrphanPolicy;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts and stops the admin isolate of a domains root, detached from the command that
 * started it: the admin isolate is an isolate of the server image that keeps running when
 * {@code bin/appserver} returns, and is found again through the mvm registry.
 *
 * <pre>{@code
 * AdminLauncher launcher = new AdminLauncher(settings, System.out);
 * AdminLauncher.Started started = launcher.start();     // or finds the one running
 * launcher.stop(Duration.ofSeconds(30));                 // the admin isolate, then the domains' isolates
 * }</pre>
 */
public final class AdminLauncher {

    /**
     * How to start the admin isolate.
     *
     * @param domainsRoot   the domains root
     * @param host          the admin port's listen address
     * @param port          the admin port
     * @param image         the server image (a directory of jars)
     * @param petstore      the Pet Store EAR for the AOT cache's training run
     * @param aotCache      whether to record and use the image's AOT cache
     * @param passwordFile  a file with the admin password, instead of a generated one
     * @param mvmHome       the mvm home the isolates are registered in
     * @param admin         what the admin isolate runs with: limits, restarts, what it keeps
     * @param spareIsolates warmed-up JVMs the admin keeps for combined domains to start in (0: none)
     * @param freezeSpares  whether those wait frozen to disk with CRIU rather than in memory
     * @param resetSpareJitState whether a domain started in a spare drops the JIT state of its warm-up ({@link dev.isola.mvm.isolate.SpareJitReset})
     */
    public record Settings(Path domainsRoot, String host, int port, Path image, Optional<Path> petstore, boolean aotCache,
                           Optional<Path> passwordFile, Path mvmHome, AdminSettings admin, int spareIsolates,
                           boolean freezeSpares, boolean resetSpareJitState) {
    }

    /**
     * The admin isolate that runs.
     *
     * @param state             where it listens
     * @param generatedPassword the password generated at this, the first, start; to show once
     * @param alreadyRunning    whether it was running before
     */
    public record Started(AdminState state, Optional<char[]> generatedPassword, boolean alreadyRunning) {
    }

    static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

    private final Settings settings;
    private final PrintStream out;
    private final AdminFiles files;
    private final IsolateRegistry registry;

    public AdminLauncher(Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
        this.files = AdminFiles.of(DomainsRoot.at(settings.domainsRoot()));
        this.registry = IsolateRegistry.open(settings.mvmHome());
    }

    public AdminFiles files() {
        return files;
    }

    /** The admin isolate of this domains root, if one runs. */
    public Optional<IsolateRecord> running() {
        return registry.running().stream()
                .filter(r -> r.mainClass().equals(AdminMain.class.getName()) && argumentValue(r.arguments(), "--domains-dir")
                        .filter(d -> d.equals(DomainsRoot.at(settings.domainsRoot()).path().toString())).isPresent())
                .max(Comparator.comparing(IsolateRecord::createdAt));
    }

    /** The domain isolates of this domains root that run. */
    public List<IsolateRecord> domainIsolates() {
        String root = DomainsRoot.at(settings.domainsRoot()).path().toString();
        return registry.running().stream()
                .filter(r -> r.mainClass().equals(DomainMain.class.getName()) && argumentValue(r.arguments(), "--domain-dir")
                        .map(Path::of).map(Path::getParent).filter(p -> p.toString().equals(root)).isPresent())
                .toList();
    }

    /**
     * The build of the server image its jars hold now ({@link ImageCaches#buildOf}), against which
     * {@link IsolateRecord#earlierBuildThan} tells the isolates still running the old code after a
     * rebuild. Empty when the image is not built: then there is nothing to compare with.
     */
    public Optional<String> currentBuild() {
        Image image;
        try {
            image = ServerImage.of(settings.image(), settings.petstore(), settings.aotCache());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return ImageCaches.of(settings.mvmHome()).buildOf(image);
    }

    /**
     * Starts the admin isolate unless one runs, generating the admin password at the first
     * start and recording the image's AOT cache if it has none yet.
     *
     * @throws IllegalStateException saying why the admin isolate did not come up, and where its log is
     */
    public Started start() throws IOException {
        Optional<IsolateRecord> existing = running();
        if (existing.isPresent()) {
            AdminState state = AdminState.read(files).orElse(new AdminState(existing.get().id(), existing.get().pid(),
                    "http://" + settings.host() + ":" + settings.port() + "/", existing.get().createdAt(), settings.domainsRoot().toString()));
            return new Started(state, Optional.empty(), true);
        }
        Files.createDirectories(files.directory());
        Optional<char[]> generated = AdminPassword.generateIfNone(files, System.getenv(), settings.passwordFile());
        IsolateSpec spec = spec(ServerImage.of(settings.image(), settings.petstore(), settings.aotCache()));
        if (settings.aotCache()) {
            recordCacheIfMissing(spec);
        }
        // The admin isolate maps the image's AOT cache like the domains: the cache is recorded
        // without AOT class linking, so the admin loads only its own ~6,000 classes from it and
        // shares their read-only part with the domains. (With class linking it loaded all of the
        // image's ~10,600 classes: an idle admin isolate took 129 MB of PSS with the cache, 78 MB
        // without; now, beside three domains with the Pet Store, 82.5 MB with it against 96.0 MB
        // without, and the domains 4 MB less each: docs/results/breakdown/class-linking/.)
        Files.deleteIfExists(files.state());
        Isolate admin = new Isolate(spec, settings.mvmHome());
        try {
            admin.start();
        } catch (IsolateStartException e) {
            throw new IllegalStateException("the admin isolate did not start: " + e.getMessage() + "\n" + e.childErrorOutput());
        }
        return new Started(awaitReady(admin), generated, false);
    }

    private IsolateSpec spec(Image image) {
        List<String> arguments = new ArrayList<>(List.of("--domains-dir", DomainsRoot.at(settings.domainsRoot()).path().toString(),
                "--image", settings.image().toAbsolutePath().toString(), "--host", settings.host(), "--port", Integer.toString(settings.port()),
                "--aot-cache", Boolean.toString(settings.aotCache()), "--spare-isolates", Integer.toString(settings.spareIsolates())));
        arguments.addAll(settings.admin().arguments());
        if (settings.freezeSpares()) {
            arguments.add("--freeze-spares");
        }
        if (settings.resetSpareJitState()) {
            arguments.add("--reset-spare-jit-state");
        }
        settings.petstore().ifPresent(p -> arguments.addAll(List.of("--petstore", p.toAbsolutePath().toString())));
        settings.passwordFile().ifPresent(p -> arguments.addAll(List.of("--password-file", p.toAbsolutePath().toString())));
        return IsolateSpec.builder(AdminMain.class.getName())
                .name("admin")
                .arguments(arguments)
                .image(image)
                .maxHeap(MemorySize.parse("192m"))
                // A few requests a second allocate little, and every megabyte of a young generation
                // becomes resident once it has filled: idle, the admin isolate's is as small as its old
                // generation allows (half of it, ~5 MB; a fixed 8m before). Its start runs at the busy
                // size and a burst (uploads, the console) grows it, as a domain's (ElasticYoungGeneration):
                // 2.3 MB less idle, and ready in ~300 against ~420 ms (docs/results/footprint/idle-breakdown/).
                .youngGeneration(MemorySize.parse("4m"))
                .busyYoungGeneration(MemorySize.parse("32m"))
                .collector(GarbageCollector.SERIAL)
                // The admin isolate answers a few requests a second; C2's peak speed buys it
                // nothing, while C2's compiler arenas and code cost some 45 MB of a process
                // (docs/results/breakdown/flags/). C1 alone compiles it well enough.
                .jvmOption("-XX:TieredStopAtLevel=1")
                // The root isolate: nobody is left to supervise it, and its domains never depend on it.
                .orphanPolicy(OrphanPolicy.KEEP_RUNNING)
                .systemProperty(LastWordsLogManager.PROPERTY, LastWordsLogManager.class.getName())
                .build();
    }

    private void recordCacheIfMissing(IsolateSpec spec) {
        ImageCaches caches = ImageCaches.of(settings.mvmHome());
        if (caches.lookup(spec) instanceof CacheLookup.Ready) {
            return;
        }
        out.println("Recording the AOT cache of the server image (once per build; about a minute): a training run boots a domain"
                + (settings.petstore().isPresent() ? " with the Pet Store" : "") + " ...");
        try {
            caches.ensure(spec).get(6, TimeUnit.MINUTES);
            out.println("AOT cache recorded; every isolate of the image maps it.");
        } catch (ExecutionException | TimeoutException e) {
            out.println("warning: no AOT cache (" + (e instanceof ExecutionException ? e.getCause().getMessage() : "the training run took too long")
                    + "); starting without it");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private AdminState awaitReady(Isolate admin) {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        CompletableFuture<?> ended = admin.onExit();
        while (System.nanoTime() < deadline) {
            Optional<AdminState> state = AdminState.read(files).filter(s -> s.isolateId().equals(admin.id()));
            if (state.isPresent()) {
                return state.get();
            }
            if (ended.isDone()) {
                throw new IllegalStateException("the admin isolate ended while starting (" + ended.join() + "): " + lastError()
                        + "\nits log: " + files.log());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        admin.halt(1).join();
        throw new IllegalStateException("the admin isolate did not open its port within " + READY_TIMEOUT.toMinutes() + " minutes and was halted;"
                + " its log: " + files.log());
    }

    private String lastError() {
        try {
            List<String> lines = Files.readAllLines(files.log());
            for (String line : lines.reversed()) {
                if (line.contains(" ERROR ")) {
                    return line.substring(line.indexOf("] ") + 2);
                }
            }
        } catch (IOException e) {
            return "no log";
        }
        return "see its log";
    }

    /**
     * Stops the admin isolate, then the domain isolates of the root (web before EJB before
     * JMS), each in an orderly way, halting what has not ended within {@code timeout}. The
     * domains that were running start again at the next {@link #start}.
     *
     * @return what was stopped, one line each
     */
    public List<String> stop(Duration timeout) {
        List<String> stopped = new ArrayList<>();
        running().ifPresent(record -> {
            Isolate admin = registry.adopt(record.id());
            stopped.add("admin isolate (pid " + record.pid() + "): " + end(admin, timeout));
        });
        List<IsolateRecord> domains = new ArrayList<>(domainIsolates());
        domains.sort(Comparator.comparing(r -> memberOrder(r.arguments())));
        Map<IsolateRecord, Isolate> handles = new java.util.LinkedHashMap<>();
        for (IsolateRecord record : domains) {
            Isolate isolate = registry.adopt(record.id());
            isolate.exit(0);
            handles.put(record, isolate);
        }
        for (Map.Entry<IsolateRecord, Isolate> entry : handles.entrySet()) {
            stopped.add("isolate " + entry.getKey().name() + " (pid " + entry.getKey().pid() + "): " + end(entry.getValue(), timeout));
        }
        return stopped;
    }

    private static String end(Isolate isolate, Duration timeout) {
        try {
            return isolate.exit(0).get(timeout.toMillis(), TimeUnit.MILLISECONDS).cause().describe();
        } catch (TimeoutException e) {
            isolate.halt(1).join();
            return "halted after " + timeout.toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return "failed: " + e.getCause().getMessage();
        }
    }

    /** Web isolates stop first, JMS isolates last: nothing then sends to a JMS isolate that is gone. */
    private static int memberOrder(List<String> arguments) {
        return switch (argumentValue(arguments, "--member").orElse("")) {
            case "web", "server" -> 0;
            case "ejb" -> 1;
            default -> 2;
        };
    }

    static Optional<String> argumentValue(List<String> arguments, String option) {
        int index = arguments.indexOf(option);
        return index >= 0 && index + 1 < arguments.size() ? Optional.of(arguments.get(index + 1)) : Optional.empty();
    }
}

package dev.isola.admin.supervise;

import dev.isola.admin.deploy.ArchiveKind;
import dev.isola.admin.deploy.ArchiveValidator;
import dev.isola.admin.deploy.CheckedArchive;
import dev.isola.admin.deploy.InvalidArchiveException;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Deployment by dropping an archive into a domain's {@code autodeploy/} directory, as GlassFish's
 * autodeploy directory and WildFly's deployment scanner do: the admin looks at every domain's
 * directory every few seconds and
 * <ul>
 *   <li>deploys {@code shop.ear} (or {@code .war}, {@code .jar}) as application {@code shop} once the
 *       file has stopped changing between two looks (a copy in progress is not taken), or redeploys
 *       {@code shop} when the file's content changes; the archive is checked as an upload is;</li>
 *   <li>writes {@code shop.ear.deployed} when that worked, or {@code shop.ear.failed} with the reason when
 *       it did not (the same content is not tried again: a new copy of the file is);</li>
 *   <li>undeploys {@code shop} when {@code shop.ear} is removed after it was deployed from there.</li>
 * </ul>
 * A marker holds the SHA-256 of the content it is about on its first line, so that a file copied
 * with its old modification time still counts as new, and an application undeployed through the
 * API is not deployed again from a file that did not change. A domain that does not run is left
 * alone until it does; files whose names start with a dot are ignored (editors' and copies' temporary files).
 */
public final class AutoDeploy implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin");
    static final String DEPLOYED = ".deployed";
    static final String FAILED = ".failed";

    /**
     * A file as seen at the last look, its content's hash once computed, and whether a marker says what became of that
     * content (then the file is not looked into again, its markers not read again, until it changes).
     */
    private record Seen(long size, Instant modified, Optional<String> sha256, boolean settled) {

        Seen settle() {
            return new Seen(size, modified, sha256, true);
        }
    }

    private final Supervisor supervisor;
    private final ArchiveValidator validator;
    private final Map<Path, Seen> seen = new HashMap<>();
    private ScheduledExecutorService scanner;
    private java.util.concurrent.ScheduledFuture<?> scans;

    public AutoDeploy(Supervisor supervisor, ArchiveValidator validator) {
        this.supervisor = supervisor;
        this.validator = validator;
    }

    /** Looks every {@code interval}, on a thread of its own (a deployment takes seconds, which restarts should not wait for). */
    public synchronized void start(Duration interval) {
        if (scanner != null) {
            throw new IllegalStateException("autodeploy runs already");
        }
        // Domains created before the directory was part of a domain's layout get it now; the scan itself creates none, so that
        // it never puts back a directory of a domain being deleted.
        for (String name : supervisor.root().names()) {
            try {
                Files.createDirectories(supervisor.root().directory(name).autodeploy());
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "[" + name + "] autodeploy: cannot create its directory: " + e.getMessage());
            }
        }
        scanner = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("autodeploy").factory());
        scans = scanner.scheduleWithFixedDelay(this::scanQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Looks every {@code interval} from now on, or never again for zero; a scan in progress finishes first (its deployments are
     * not cut short).
     */
    public synchronized void interval(Duration interval) {
        if (scanner == null) {
            if (!interval.isZero()) {
                start(interval);
            }
            return;
        }
        scans.cancel(false);
        if (!interval.isZero()) {
            scans = scanner.scheduleWithFixedDelay(this::scanQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void scanQuietly() {
        try {
            scan();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "autodeploy: " + e.getMessage(), e);
        }
    }

    /** One look at every domain's directory. */
    public synchronized void scan() {
        List<Path> present = new ArrayList<>();
        for (String name : supervisor.root().names()) {
            DomainRuntime domain;
            try {
                domain = supervisor.domain(name);
            } catch (RuntimeException e) {
                continue; // a domain whose configuration cannot be read; the supervisor says why
            }
            try {
                present.addAll(scan(domain));
            } catch (IOException | UncheckedIOException e) {
                LOG.log(System.Logger.Level.WARNING, "[" + name + "] autodeploy: cannot read " + domain.directory().autodeploy() + ": " + e.getMessage());
            }
        }
        seen.keySet().retainAll(present); // files removed, domains deleted
    }

    /** @return the archives in the domain's directory */
    private List<Path> scan(DomainRuntime domain) throws IOException {
        Path directory = domain.directory().autodeploy();
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<Path> archives = new ArrayList<>();
        List<Path> markers = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.startsWith(".") || !Files.isRegularFile(file)) {
                    continue;
                }
                if (name.endsWith(DEPLOYED) || name.endsWith(FAILED)) {
                    markers.add(file);
                } else if (ArchiveKind.ofFileName(name).isPresent()) {
                    archives.add(file);
                }
            }
        }
        for (Path archive : archives) {
            consider(domain, archive);
        }
        for (Path marker : markers) {
            String name = marker.getFileName().toString();
            Path archive = directory.resolve(name.substring(0, name.length() - (name.endsWith(DEPLOYED) ? DEPLOYED : FAILED).length()));
            if (!Files.exists(archive)) {
                removed(domain, archive, marker, name.endsWith(DEPLOYED));
            }
        }
        return archives;
    }

    /** Deploys or redeploys {@code archive} if it is new or changed, and has stopped changing. */
    private void consider(DomainRuntime domain, Path archive) throws IOException {
        Seen now = new Seen(Files.size(archive), Files.getLastModifiedTime(archive).toInstant(), Optional.empty(), false);
        Seen before = seen.get(archive);
        if (before == null || before.size() != now.size() || !before.modified().equals(now.modified())) {
            seen.put(archive, now); // new or still being written: look again next time
            return;
        }
        if (before.settled()) {
            return;
        }
        String sha256 = before.sha256().orElse(null);
        if (sha256 == null) {
            sha256 = ArchiveValidator.sha256(archive);
            seen.put(archive, new Seen(now.size(), now.modified(), Optional.of(sha256), false));
        }
        if (decide(domain, archive, sha256)) {
            seen.computeIfPresent(archive, (file, seenBefore) -> seenBefore.settle());
        }
    }

    /** @return whether a marker now says what became of this content (false: the domain does not run, or the file changed) */
    private boolean decide(DomainRuntime domain, Path archive, String sha256) throws IOException {
        Path deployed = marker(archive, DEPLOYED);
        Path failed = marker(archive, FAILED);
        if (sha256.equals(markedContent(deployed)) || sha256.equals(markedContent(failed))) {
            return true;
        }
        String fileName = archive.getFileName().toString();
        String application = fileName.substring(0, fileName.lastIndexOf('.'));
        try {
            ApplicationRegistry.checkName(application);
        } catch (IllegalArgumentException e) {
            fail(domain, archive, sha256, "the file name does not make an application name: " + e.getMessage());
            return true;
        }
        Optional<ApplicationRecord> recorded = new ApplicationRegistry(domain.directory()).find(application);
        if (recorded.isPresent() && recorded.get().sha256().equals(sha256)) {
            // Deployed with this very content already (through the API, or before the markers were written): nothing to do.
            mark(deployed, sha256, "deployed as application " + application);
            Files.deleteIfExists(failed);
            return true;
        }
        if (domain.state() != DomainRuntime.State.RUNNING) {
            return false; // deployed once the domain runs
        }
        return deploy(domain, archive, application, sha256, recorded.isPresent());
    }

    /** @return whether a marker says how it went (false: the file changed while it was copied) */
    private boolean deploy(DomainRuntime domain, Path archive, String application, String sha256, boolean redeploy) throws IOException {
        Path archives = domain.directory().archives();
        Files.createDirectories(archives);
        Path copy = Files.createTempFile(archives, ".autodeploy-", ".tmp");
        try {
            Files.copy(archive, copy, StandardCopyOption.REPLACE_EXISTING);
            CheckedArchive checked = validator.check(copy, archive.getFileName().toString(), Optional.empty());
            if (!checked.sha256().equals(sha256)) {
                seen.remove(archive); // it changed while it was copied: look again
                return false;
            }
            LOG.log(System.Logger.Level.INFO, "[" + domain.name() + "] autodeploy: " + (redeploy ? "redeploying " : "deploying ") + application
                    + " from " + archive);
            if (redeploy) {
                domain.deployments().redeploy(application, Optional.of(checked));
            } else {
                domain.deployments().deploy(application, checked);
            }
            mark(marker(archive, DEPLOYED), sha256, (redeploy ? "redeployed" : "deployed") + " as application " + application);
            Files.deleteIfExists(marker(archive, FAILED));
            return true;
        } catch (DomainOperationException e) {
            if (e.kind() == DomainOperationException.Kind.CONFLICT) {
                // The domain stopped or began a restart since it was seen running: not this archive's fault; the next look tries again.
                LOG.log(System.Logger.Level.INFO, "[" + domain.name() + "] autodeploy: " + application + " waits: " + e.getMessage());
                return false;
            }
            fail(domain, archive, sha256, e.getMessage());
            return true;
        } catch (InvalidArchiveException | UncheckedIOException e) {
            fail(domain, archive, sha256, e.getMessage());
            return true;
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    private void fail(DomainRuntime domain, Path archive, String sha256, String reason) throws IOException {
        LOG.log(System.Logger.Level.WARNING, "[" + domain.name() + "] autodeploy: " + archive.getFileName() + " not deployed: " + reason);
        mark(marker(archive, FAILED), sha256, reason);
        Files.deleteIfExists(marker(archive, DEPLOYED));
    }

    /** {@code archive} is gone: its application is undeployed if it is the one deployed from there; the marker goes. */
    private void removed(DomainRuntime domain, Path archive, Path marker, boolean wasDeployed) throws IOException {
        if (wasDeployed) {
            String fileName = archive.getFileName().toString();
            String application = fileName.substring(0, fileName.lastIndexOf('.'));
            Optional<ApplicationRecord> recorded = new ApplicationRegistry(domain.directory()).find(application);
            // Replaced through the API since: that one is not this file's to remove.
            if (recorded.isPresent() && recorded.get().sha256().equals(markedContent(marker))) {
                LOG.log(System.Logger.Level.INFO, "[" + domain.name() + "] autodeploy: " + fileName + " removed; undeploying " + application);
                try {
                    domain.deployments().undeploy(application);
                } catch (DomainOperationException e) {
                    LOG.log(System.Logger.Level.WARNING, "[" + domain.name() + "] autodeploy: cannot undeploy " + application + " yet: " + e.getMessage());
                    return; // tried again at the next look
                }
            }
        }
        Files.deleteIfExists(marker);
    }

    private static Path marker(Path archive, String kind) {
        return archive.resolveSibling(archive.getFileName() + kind);
    }

    /** The hash on a marker's first line; null when there is no marker. */
    private static String markedContent(Path marker) throws IOException {
        if (!Files.exists(marker)) {
            return null;
        }
        List<String> lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
        return lines.isEmpty() ? "" : lines.getFirst().strip();
    }

    private static void mark(Path marker, String sha256, String what) throws IOException {
        Path next = marker.resolveSibling("." + marker.getFileName() + ".next");
        Files.writeString(next, sha256 + "\n" + Instant.now() + " " + what + "\n", StandardCharsets.UTF_8);
        Files.move(next, marker, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public synchronized void close() {
        if (scanner != null) {
            scanner.shutdownNow();
        }
    }
}

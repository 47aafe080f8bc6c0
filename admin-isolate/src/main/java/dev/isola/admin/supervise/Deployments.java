package dev.isola.admin.supervise;

import dev.isola.admin.deploy.CheckedArchive;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.control.ApplicationStatus;
import dev.isola.domains.control.ControlException;
import dev.isola.domains.control.MemberMetrics;
import dev.isola.domains.control.MemberStatus;
import dev.isola.domains.events.DomainEvent;
import dev.isola.mvm.invoke.Invoker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deploying to a domain: the archive is stored under the domain, deployed to each isolate that
 * hosts applications (the EJB isolate before the web isolate; undeployment the other way), and
 * recorded once all have it, so that isolates started later redeploy it. A deployment an
 * isolate refuses is undone in the isolates that had taken it, and the archive is removed:
 * the domain is as before.
 */
public final class Deployments {

    /** Deploying a large EAR on a busy machine takes a while; this only guards against an isolate that hangs. */
    private static final Duration DEPLOY_TIMEOUT = Duration.ofMinutes(5);
    private static final Pattern WEB_MODULE = Pattern.compile("\\(web, (/[^)]*)\\)");

    private final DomainRuntime domain;

    Deployments(DomainRuntime domain) {
        this.domain = domain;
    }

    private ApplicationRegistry registry() {
        return new ApplicationRegistry(domain.directory());
    }

    /**
     * Deploys {@code archive} as application {@code name}.
     *
     * @throws DomainOperationException CONFLICT if the domain does not run or the name is taken,
     *                                  DEPLOYMENT_FAILED with the deployer's message (nothing is left deployed)
     */
    public ApplicationRecord deploy(String name, CheckedArchive archive) {
        domain.lock().lock();
        try {
            List<MemberRuntime> targets = domain.deploymentTargets("deploy " + name + " to");
            if (registry().find(name).isPresent()) {
                throw new DomainOperationException(DomainOperationException.Kind.CONFLICT, "application " + name + " is already deployed to domain "
                        + domain.name() + "; replace it with redeploy, or undeploy it first");
            }
            Path stored = store(name, archive);
            try {
                deployTo(targets, name, stored);
            } catch (DomainOperationException e) {
                deleteQuietly(stored);
                throw e;
            }
            ApplicationRecord record = new ApplicationRecord(name, stored.getFileName().toString(), archive.size(), archive.sha256(), Instant.now());
            registry().put(record);
            domain.record("", -1, DomainEvent.Kind.DEPLOYED, name + " (" + archive.kind().key() + ", " + archive.size() + " bytes, modules "
                    + archive.modules() + ")");
            return record;
        } finally {
            domain.lock().unlock();
        }
    }

    /**
     * Undeploys {@code name}; in a stopped domain it is only removed from the record.
     *
     * @throws DomainOperationException NOT_FOUND listing the applications there are; CONFLICT while the domain is busy
     */
    public void undeploy(String name) {
        domain.lock().lock();
        try {
            ApplicationRecord record = recorded(name);
            DomainRuntime.State state = domain.state();
            if (state != DomainRuntime.State.STOPPED && state != DomainRuntime.State.FAILED) {
                List<MemberRuntime> targets = domain.deploymentTargets("undeploy " + name + " from");
                for (MemberRuntime target : targets.reversed()) {
                    undeployQuietly(target, name);
                }
            }
            registry().remove(name);
            deleteQuietly(domain.directory().archives().resolve(record.archive()));
            domain.record("", -1, DomainEvent.Kind.UNDEPLOYED, name);
        } finally {
            domain.lock().unlock();
        }
    }

    /**
     * Replaces application {@code name} with {@code replacement}, or deploys its stored archive
     * again. If the new version fails, the previous one is deployed again.
     *
     * @throws DomainOperationException NOT_FOUND, CONFLICT, or DEPLOYMENT_FAILED saying whether the previous version was restored
     */
    public ApplicationRecord redeploy(String name, Optional<CheckedArchive> replacement) {
        domain.lock().lock();
        try {
            List<MemberRuntime> targets = domain.deploymentTargets("redeploy " + name + " in");
            ApplicationRecord previous = recorded(name);
            Path current = domain.directory().archives().resolve(previous.archive());
            Path backup = domain.directory().archives().resolve("." + previous.archive() + ".previous");
            for (MemberRuntime target : targets.reversed()) {
                undeployQuietly(target, name);
            }
            Path stored;
            try {
                Files.copy(current, backup, StandardCopyOption.REPLACE_EXISTING);
                if (replacement.isPresent()) {
                    Files.delete(current);
                    stored = store(name, replacement.get());
                } else {
                    stored = current;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot replace the archive of " + name + ": " + e.getMessage(), e);
            }
            try {
                deployTo(targets, name, stored);
            } catch (DomainOperationException e) {
                String restored = restore(targets, name, previous, stored, backup);
                throw new DomainOperationException(e.kind(), e.getMessage() + "; " + restored);
            }
            deleteQuietly(backup);
            ApplicationRecord record = replacement.map(a -> new ApplicationRecord(name, stored.getFileName().toString(), a.size(), a.sha256(), Instant.now()))
                    .orElse(new ApplicationRecord(name, previous.archive(), previous.size(), previous.sha256(), Instant.now()));
            registry().put(record);
            domain.record("", -1, DomainEvent.Kind.REDEPLOYED, name + (replacement.isPresent() ? " with a new archive (" + record.size() + " bytes)" : ""));
            return record;
        } finally {
            domain.lock().unlock();
        }
    }

    private String restore(List<MemberRuntime> targets, String name, ApplicationRecord previous, Path failed, Path backup) {
        try {
            if (!failed.equals(domain.directory().archives().resolve(previous.archive()))) {
                deleteQuietly(failed);
            }
            Files.move(backup, domain.directory().archives().resolve(previous.archive()), StandardCopyOption.REPLACE_EXISTING);
            deployTo(targets, name, domain.directory().archives().resolve(previous.archive()));
            return "the previous version is deployed again";
        } catch (IOException | RuntimeException e) {
            domain.record("", -1, DomainEvent.Kind.DEPLOYMENT_FAILED, name + ": the previous version could not be deployed again either: " + e.getMessage());
            return "the previous version could not be deployed again either (" + e.getMessage() + "); it stays recorded and is"
                    + " redeployed when the domain restarts";
        }
    }

    /** What the domain has, with what its running isolates report. */
    public List<ApplicationView> list() {
        List<ApplicationRecord> records = registry().list();
        DomainConfig config = domain.config();
        List<MemberStatus> statuses = new ArrayList<>();
        boolean running = domain.state() == DomainRuntime.State.RUNNING;
        if (running) {
            for (MemberRuntime member : domain.members()) {
                try {
                    statuses.add(Invoker.withTimeout(Duration.ofSeconds(10), () -> member.control().control().status()));
                } catch (Exception e) {
                    running = false;
                }
            }
        }
        // The request counters come with the isolates' metrics, asked for once for all the applications.
        Collection<MemberMetrics> metrics = running ? domain.metrics().values() : List.of();
        List<ApplicationView> views = new ArrayList<>();
        for (ApplicationRecord record : records) {
            Set<String> modules = new LinkedHashSet<>();
            List<String> problems = new ArrayList<>();
            for (MemberStatus status : statuses) {
                for (ApplicationStatus application : status.applications()) {
                    if (application.name().equals(record.name())) {
                        modules.addAll(application.modules());
                        if (!application.problem().isEmpty()) {
                            problems.add(status.member() + ": " + application.problem());
                        }
                    }
                }
            }
            List<String> urls = new ArrayList<>();
            for (String module : modules) {
                Matcher web = WEB_MODULE.matcher(module);
                if (web.find()) {
                    urls.add("http://" + config.host() + ":" + config.httpPort() + web.group(1) + (web.group(1).endsWith("/") ? "" : "/"));
                }
            }
            String state = !running ? "RECORDED" : problems.isEmpty() ? "DEPLOYED" : "FAILED";
            views.add(new ApplicationView(record.name(), record.archive(), record.size(), record.sha256(), record.deployedAt(), state,
                    List.copyOf(modules), urls, problems, ApplicationRequests.of(record.name(), metrics).orElse(null)));
        }
        return views;
    }

    /** One application of {@link #list()}. */
    public ApplicationView get(String name) {
        recorded(name);
        return list().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    private ApplicationRecord recorded(String name) {
        return registry().find(name).orElseThrow(() -> new DomainOperationException(DomainOperationException.Kind.NOT_FOUND,
                "no application " + name + " in domain " + domain.name() + " (applications: "
                        + (registry().list().isEmpty() ? "none" : String.join(", ", registry().list().stream().map(ApplicationRecord::name).toList())) + ")"));
    }

    private Path store(String name, CheckedArchive archive) {
        DomainDirectory directory = domain.directory();
        Path target = directory.archives().resolve(name + archive.kind().extension());
        try {
            Files.createDirectories(directory.archives());
            Files.move(archive.file(), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the archive of " + name + " in " + directory.archives() + ": " + e.getMessage(), e);
        }
        return target;
    }

    private void deployTo(List<MemberRuntime> targets, String name, Path stored) {
        List<MemberRuntime> done = new ArrayList<>();
        for (MemberRuntime target : targets) {
            String isolate = target.member().isolateName(domain.name());
            try {
                Invoker.withTimeout(DEPLOY_TIMEOUT, () -> target.control().control().deploy(stored.getFileName().toString()));
                done.add(target);
            } catch (ControlException e) {
                done.reversed().forEach(d -> undeployQuietly(d, name));
                domain.record(isolate, target.isolate().pid(), DomainEvent.Kind.DEPLOYMENT_FAILED, e.getMessage());
                throw new DomainOperationException(DomainOperationException.Kind.DEPLOYMENT_FAILED, e.getMessage());
            } catch (Exception e) {
                done.reversed().forEach(d -> undeployQuietly(d, name));
                String message = "isolate " + isolate + " did not complete the deployment of " + name + ": " + e.getMessage();
                domain.record(isolate, target.isolate().pid(), DomainEvent.Kind.DEPLOYMENT_FAILED, message);
                throw new DomainOperationException(DomainOperationException.Kind.FAILED, message);
            }
        }
    }

    private void undeployQuietly(MemberRuntime target, String name) {
        try {
            Invoker.withTimeout(DEPLOY_TIMEOUT, () -> {
                target.control().control().undeploy(name);
                return null;
            });
        } catch (Exception e) {
            System.getLogger("dev.isola.admin").log(System.Logger.Level.INFO, "[" + domain.name() + "/" + target.member().isolateName(domain.name())
                    + "] undeploy " + name + ": " + e.getMessage());
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            System.getLogger("dev.isola.admin").log(System.Logger.Level.WARNING, "cannot delete " + file + ": " + e.getMessage());
        }
    }
}

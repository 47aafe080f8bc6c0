package dev.isola.loadtests.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.loadtests.standalone.AppServerInstance;
import dev.isola.loadtests.standalone.LoopbackPort;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The MD setups: one admin isolate ({@code bin/appserver start}, in its own domains directory and
 * on its own port) supervising N domains, all isolates of the server image that map its AOT
 * cache. The domains are prepared stopped, with the application recorded, before the admin
 * starts; {@link #startNext} is the REST call {@code POST /api/domains/{d}/start}, which answers
 * once the domain's isolates have redeployed the application.
 *
 * <p>In MDC-spare the admin keeps a warmed-up spare isolate ({@code --spare-isolates 1}), which each
 * domain's start takes over; the spare is counted among the processes of every total. Each start,
 * and each memory reading, waits until the admin has no spare warming up (the one that replaces
 * the spare taken): the n-th domain starts on a quiet server, as it would a while after the (n-1)-th.
 * In MDC-frozen that spare waits frozen to disk ({@code --freeze-spares}): it has no process, and
 * each start thaws it.
 */
final class AdminFleet implements Fleet {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    private final boolean withApplication;
    private final int spareIsolates;
    private final AppServerInstance admin;
    private final List<String> domains = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private int started;

    /** Prepares {@code servers} stopped domains of {@code setup}'s mode in {@code root} and starts the admin isolate over them. */
    AdminFleet(Setup setup, Installation installation, Path root, boolean withApplication, int servers)
            throws IOException, InterruptedException {
        if (setup.standalone()) {
            throw new IllegalArgumentException(setup.label() + " is not a multi-domain setup");
        }
        this.withApplication = withApplication;
        this.spareIsolates = setup.spareIsolates();
        for (int n = 1; n <= servers; n++) {
            int port = LoopbackPort.free();
            String name = "md" + n;
            DomainFixture.prepare(root.resolve("domains"), name, setup.mode(), port, installation.earIf(withApplication));
            domains.add(name);
            ports.add(port);
        }
        this.admin = AppServerInstance.start(installation.java(), installation.image(), Optional.of(installation.ear()), root.resolve("domains"),
                installation.mvmHome(), LoopbackPort.free(), root, setup.appServerOptions());
    }

    @Override
    public Duration startNext() throws IOException, InterruptedException {
        if (started == domains.size()) {
            throw new IllegalStateException("all " + domains.size() + " prepared domains run already");
        }
        String domain = domains.get(started);
        int port = ports.get(started);
        awaitQuiet();
        long start = System.nanoTime();
        admin.startDomain(domain, READY_TIMEOUT);
        started++;
        PetStoreClient.awaitAnswer(port, "/petstore/", !withApplication, READY_TIMEOUT, () -> true);
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Override
    public void awaitQuiet() throws IOException, InterruptedException {
        // As many spares as the setup keeps, not just none warming: right after the admin started, its pool may not have
        // begun to warm the first one, and the first domain would start in a new JVM.
        admin.awaitSpares("ready", spareIsolates, READY_TIMEOUT);
    }

    /** The processes of the admin's spare isolates (ready or warming up). */
    List<Long> sparePids() throws IOException, InterruptedException {
        List<Long> pids = new ArrayList<>();
        for (JsonNode pid : admin.get("/api/status").path("spareIsolates").path("pids")) {
            pids.add(pid.asLong());
        }
        return pids;
    }

    @Override
    public int port(int n) {
        return ports.get(n - 1);
    }

    @Override
    public List<Long> pids() throws IOException, InterruptedException {
        List<Long> pids = new ArrayList<>();
        pids.add(admin.get("/api/status").path("pid").asLong());
        pids.addAll(sparePids());
        for (int n = 1; n <= started; n++) {
            pids.addAll(pidsOf(n));
        }
        return pids;
    }

    @Override
    public List<Long> pidsOf(int n) throws IOException, InterruptedException {
        List<Long> pids = new ArrayList<>();
        for (JsonNode isolate : admin.get("/api/domains/" + domains.get(n - 1) + "/isolates")) {
            long pid = isolate.path("pid").asLong(-1);
            if (pid <= 0) {
                throw new IOException("domain " + domains.get(n - 1) + " lists an isolate without a pid: " + isolate);
            }
            pids.add(pid);
        }
        return pids;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        admin.close();
    }
}

package dev.isola.loadtests.evaluation;

import dev.isola.loadtests.standalone.IsolateFlags;
import dev.isola.loadtests.standalone.LoopbackPort;
import dev.isola.domains.DomainDirectory;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.config.IsolateSettings;
import dev.isola.domains.isolate.DomainMain;
import dev.isola.loadtests.standalone.PlainDomainJvm;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The MS baselines: every server a plain {@code java} process running a combined domain's main
 * class ({@link DomainMain}, the code a domain isolate runs) on the server image's class path,
 * with no AOT cache. MS-plain adds no JVM flag; MS-tuned adds the flags the admin gives a domain
 * isolate (heap, young generation, collector, exit on out of memory), and any extra flags asked for
 * (to see what a flag would do to a domain isolate, e.g. C1 only).
 */
final class StandaloneFleet implements Fleet {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    private final Setup setup;
    private final Installation installation;
    private final Path root;
    private final boolean withApplication;
    private final List<PlainDomainJvm> servers = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final List<String> tunedExtra;

    StandaloneFleet(Setup setup, Installation installation, Path root, boolean withApplication, List<String> tunedExtra) {
        if (!setup.standalone()) {
            throw new IllegalArgumentException(setup.label() + " is not a standalone setup");
        }
        this.setup = setup;
        this.installation = installation;
        this.root = root;
        this.withApplication = withApplication;
        this.tunedExtra = List.copyOf(tunedExtra);
    }

    /** The JVM flags of the setup, before the class path. */
    static List<String> jvmFlags(Setup setup, List<String> tunedExtra) {
        return setup == Setup.MS_TUNED ? IsolateFlags.of(IsolateSettings.DEFAULTS, tunedExtra) : List.of();
    }

    @Override
    public Duration startNext() throws IOException, InterruptedException {
        int n = servers.size() + 1;
        int port = LoopbackPort.free();
        // One installation per standalone server: a domains root of its own, so that nothing a
        // server leaves under its root (the compiled-JSP cache above all) helps the next one.
        DomainDirectory directory = DomainFixture.prepare(root.resolve("server-" + n).resolve("domains"), "ms" + n, DomainMode.COMBINED, port,
                installation.earIf(withApplication));
        List<String> flags = new ArrayList<>(jvmFlags(setup, tunedExtra));
        flags.add("-Dmvm.home=" + root.resolve("mvm"));
        long start = System.nanoTime();
        PlainDomainJvm server = PlainDomainJvm.start(installation.java(), installation.image(), directory.path(), flags);
        servers.add(server);
        ports.add(port);
        PetStoreClient.awaitAnswer(port, "/petstore/", !withApplication, READY_TIMEOUT, server::isAlive);
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Override
    public int port(int n) {
        return ports.get(n - 1);
    }

    @Override
    public List<Long> pids() {
        return servers.stream().map(PlainDomainJvm::pid).toList();
    }

    @Override
    public List<Long> pidsOf(int n) {
        return List.of(servers.get(n - 1).pid());
    }

    @Override
    public void close() throws InterruptedException {
        for (PlainDomainJvm server : servers) {
            server.close();
        }
        servers.clear();
    }

}

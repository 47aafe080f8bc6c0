package dev.isola.loadtests.isolates;

import dev.isola.loadtests.standalone.LoopbackPort;
import dev.isola.loadtests.workload.ServerWorkload;
import dev.isola.mvm.image.ArchiveMapping;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.probe.Category;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import dev.isola.mvm.probe.MemoryFigures;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One sweep: starts servers of one configuration one after the other, up to N, and after
 * each one measures its time to the first HTTP 200 and, once it has been warmed up, the
 * total memory of all servers so far. Stops every server it started, whatever happens.
 */
final class Sweep {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final ServerWorkload workload;
    private final IsolateFlags flags;
    private final Path home;
    private final Path work;
    private final int maxInstances;
    private final int warmupRequests;
    private final Duration settle;
    private final Consumer<String> progress;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    record Result(List<Sample> samples, SweepDetail detail) {}

    Sweep(ServerWorkload workload, IsolateFlags flags, Path home, Path work, int maxInstances, int warmupRequests, Duration settle,
          Consumer<String> progress) {
        this.workload = workload;
        this.flags = flags;
        this.home = home;
        this.work = work;
        this.maxInstances = maxInstances;
        this.warmupRequests = warmupRequests;
        this.settle = settle;
        this.progress = progress;
    }

    /** The isolate spec of (c) or (d), without the per-instance name and arguments. */
    IsolateSpec isolateSpec(Configuration configuration) {
        IsolateSpec.Builder spec = IsolateSpec.builder(workload.mainClass())
                .name(workload.name())
                .image(workload.image().withArchiveMapping(configuration == Configuration.ISOLATES_RANDOMIZED
                        ? ArchiveMapping.RANDOMIZED : ArchiveMapping.FIXED_ADDRESS))
                .startTimeout(READY_TIMEOUT);
        if (configuration == Configuration.ISOLATES_WITH_NMT) {
            spec.jvmOption("-XX:NativeMemoryTracking=summary");
        }
        return flags.applyTo(spec).build();
    }

    Result run(int repetition, Configuration configuration, Path cacheFile) throws Exception {
        List<ServerInstance> servers = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        try {
            for (int n = 1; n <= maxInstances; n++) {
                Path directory = Files.createDirectories(work.resolve("r" + repetition + "-" + configuration.letter() + "-" + n));
                int port = LoopbackPort.free();
                long spawned = System.nanoTime();
                ServerInstance server = start(configuration, n, port, directory);
                servers.add(server);
                awaitFirst200(server);
                double startupMillis = (System.nanoTime() - spawned) / 1e6;
                warmUp(server);
                Thread.sleep(settle.toMillis());
                MemoryFigures total = FootprintProbe.totalOf(servers.stream().map(ServerInstance::pid).toList());
                double cached = FootprintProbe.summary(server.pid()).classSharing().map(c -> c.fraction()).orElse(0.0);
                samples.add(new Sample(repetition, configuration, n, startupMillis, total.pss(), total.rss(), total.shared(),
                        total.privateBytes(), cached));
                progress.accept(String.format(java.util.Locale.ROOT, "  %s n=%d: first 200 after %5.0f ms, total PSS %6.1f MB, %3.0f%% of classes from the archive",
                        configuration.letter(), n, startupMillis, total.pss() / 1048576.0, cached * 100));
            }
            return new Result(samples, detail(repetition, configuration, servers, cacheFile));
        } finally {
            for (ServerInstance server : servers) {
                server.stop(STOP_GRACE);
            }
        }
    }

    private ServerInstance start(Configuration configuration, int n, int port, Path directory) throws IOException {
        List<String> arguments = workload.arguments(port, directory);
        if (configuration.isolates()) {
            Isolate isolate = new Isolate(isolateSpec(configuration).toBuilder().name(workload.name() + "-" + n).arguments(arguments).build(), home);
            isolate.start();
            return new ServerInstance.InIsolate(isolate, port);
        }
        List<String> command = new ArrayList<>();
        command.add(workload.image().javaLauncher().toString());
        command.addAll(configuration.plainJvmFlags(flags));
        command.add("-cp");
        command.add(workload.image().classPathArgument());
        command.add(workload.mainClass());
        command.addAll(arguments);
        Process process = new ProcessBuilder(command)
                .redirectOutput(directory.resolve("stdout.log").toFile())
                .redirectError(directory.resolve("stderr.log").toFile())
                .start();
        return new ServerInstance.PlainJvm(process, port);
    }

    private void awaitFirst200(ServerInstance server) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri(server, 0)).timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (true) {
            try {
                HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (ConnectException | HttpTimeoutException notYet) {
                // Not listening yet.
            }
            if (!server.alive()) {
                throw new IOException("server pid " + server.pid() + " on port " + server.port() + " died before it answered");
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("server pid " + server.pid() + " did not answer 200 within " + READY_TIMEOUT);
            }
            Thread.sleep(5);
        }
    }

    private void warmUp(ServerInstance server) throws IOException, InterruptedException {
        for (int i = 1; i <= warmupRequests; i++) {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(uri(server, i)).build(), HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 200) {
                throw new IOException("warm-up request " + i + " to pid " + server.pid() + " got " + response.statusCode());
            }
        }
    }

    private URI uri(ServerInstance server, int request) {
        return URI.create("http://127.0.0.1:" + server.port() + workload.requestPath(request));
    }

    /** Breakdown by category after the totals: attaching starts a listener thread in each server. */
    private static SweepDetail detail(int repetition, Configuration configuration, List<ServerInstance> servers, Path cacheFile) throws IOException {
        long heap = 0;
        long classes = 0;
        long code = 0;
        long other = 0;
        long cacheShared = 0;
        long cachePrivate = 0;
        for (ServerInstance server : servers) {
            Footprint footprint = FootprintProbe.detailed(server.pid());
            var breakdown = footprint.breakdown().orElseThrow(() -> new IOException("no breakdown for pid " + server.pid()));
            heap += breakdown.of(Category.JAVA_HEAP).pss();
            classes += breakdown.of(Category.CLASS_METADATA).pss();
            code += breakdown.of(Category.CODE_CACHE).pss();
            other += breakdown.of(Category.OTHER).pss();
            if (configuration.isolates()) {
                MemoryFigures mapping = FootprintProbe.fileMapping(server.pid(), cacheFile);
                cacheShared += mapping.shared();
                cachePrivate += mapping.privateBytes();
            }
        }
        int n = servers.size();
        return new SweepDetail(repetition, configuration, n, heap, classes, code, other, cacheShared / n, cachePrivate / n);
    }

}

package dev.isola.loadtests.isolates;

import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.loadtests.workload.ServerWorkload;
import dev.isola.loadtests.workload.TomcatDerbyWorkload;
import dev.isola.mvm.image.AotCache;
import dev.isola.mvm.image.ImageCaches;
import dev.isola.mvm.isolate.GarbageCollector;
import dev.isola.mvm.isolate.MemorySize;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The isolate benchmark (not a test): N = 1..5 servers as (a) plain JVMs with default flags,
 * (b) plain JVMs with the isolates' flags, (c) isolates of one image, (d) isolates with the
 * AOT cache at a random address, (e) isolates with Native Memory Tracking. For each n it records the n-th server's time from spawn to
 * first HTTP 200 and, after a warm-up, the total PSS of all n. Configurations are
 * interleaved (rotated each repetition) so that a noisy neighbour hurts all alike; results
 * are medians over repetitions. Writes CSV, PNG plots and a summary to {@code --out}.
 */
@Command(name = "bench-isolates", mixinStandardHelpOptions = true,
        description = "Footprint and startup of servers as isolates vs plain JVMs; writes CSV, PNG and summary.md.")
public final class IsolateBenchmark implements Callable<Integer> {

    @Option(names = "--instances", defaultValue = "5", description = "Servers per sweep, N (default ${DEFAULT-VALUE}).")
    private int instances;

    @Option(names = "--repetitions", defaultValue = "5", description = "Sweeps per configuration (default ${DEFAULT-VALUE}).")
    private int repetitions;

    @Option(names = "--warmup-requests", defaultValue = "200", description = "Requests to each new server before measuring (default ${DEFAULT-VALUE}).")
    private int warmupRequests;

    @Option(names = "--heap", defaultValue = "64m", description = "Max heap of (b) to (e) (default ${DEFAULT-VALUE}).")
    private String heap;

    @Option(names = "--young", defaultValue = "4m", description = "Young generation of (b) to (e) (default ${DEFAULT-VALUE}).")
    private String young;

    @Option(names = "--isolate-flags", split = " ", defaultValue = "-Xss512k -XX:TrimNativeHeapInterval=1000",
            description = "Further JVM flags of (b) to (e), space-separated (default ${DEFAULT-VALUE}).")
    private List<String> isolateFlags;

    @Option(names = "--settle-millis", defaultValue = "2000", description = "Pause after the warm-up before measuring (default ${DEFAULT-VALUE}).")
    private long settleMillis;

    @Option(names = "--configurations", split = ",", defaultValue = "a,b,c,d,e", description = "Which of a,b,c,d,e to run (default ${DEFAULT-VALUE}).")
    private List<String> letters;

    @Option(names = "--server-lib", required = true, description = "The server workload's jars (load-tests/target/image/server).")
    private Path serverLib;

    @Option(names = "--home", required = true, description = "The mvm home for the isolates and the image cache.")
    private Path home;

    @Option(names = "--out", required = true, description = "Where the results go (docs/results/isolates).")
    private Path out;

    @Option(names = "--command", defaultValue = "bin/bench-isolates", description = "The command line to name in the summary.")
    private String command;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // bin/bench-isolates passes defaults first; options given by the user come later and win.
        System.exit(new CommandLine(new IsolateBenchmark()).setOverwrittenOptionsAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Configuration> configurations = new ArrayList<>();
        for (String letter : letters) {
            configurations.add(Arrays.stream(Configuration.values()).filter(c -> c.letter().equals(letter.strip())).findFirst()
                    .orElseThrow(() -> new CommandLine.ParameterException(new CommandLine(this), "unknown configuration '" + letter + "' (a, b, c, d or e)")));
        }
        Path javaHome = Path.of(System.getProperty("java.home"));
        ServerWorkload workload = TomcatDerbyWorkload.from(serverLib, javaHome);
        Path work = Files.createTempDirectory("bench-isolates");
        IsolateFlags flags = new IsolateFlags(MemorySize.parse(heap), MemorySize.parse(young), GarbageCollector.SERIAL,
                isolateFlags.stream().filter(f -> !f.isBlank()).toList());
        Sweep sweep = new Sweep(workload, flags, home.toAbsolutePath(), work, instances, warmupRequests, Duration.ofMillis(settleMillis), System.out::println);

        System.out.println("Recording (or checking) the AOT cache of image '" + workload.image().name() + "'...");
        AotCache cache = ImageCaches.of(home.toAbsolutePath()).ensure(sweep.isolateSpec(Configuration.ISOLATES)).get(10, TimeUnit.MINUTES);
        System.out.println("AOT cache: " + cache.file() + " (" + cache.size() / (1024 * 1024) + " MB)");

        List<Sample> samples = new ArrayList<>();
        List<SweepDetail> details = new ArrayList<>();
        long begin = System.nanoTime();
        try {
            for (int r = 1; r <= repetitions; r++) {
                for (int i = 0; i < configurations.size(); i++) {
                    Configuration configuration = configurations.get((i + r - 1) % configurations.size());
                    System.out.println("repetition " + r + "/" + repetitions + ": " + configuration.label());
                    Sweep.Result result = sweep.run(r, configuration, cache.file());
                    samples.addAll(result.samples());
                    details.add(result.detail());
                }
            }
        } finally {
            deleteTree(work);
        }
        String setup = String.format(java.util.Locale.ROOT,
                "Workload: %s (%d jars), n = 1..%d servers, %d repetitions, %d warm-up requests and %d ms pause before each measurement; "
                        + "flags of (b) to (e): %s; run took %d s",
                workload.name(), workload.image().classPath().size(), instances, repetitions, warmupRequests, settleMillis,
                flags, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begin));
        new Report(configurations, samples, details, instances).write(out, command, setup, Machine.describe(javaHome));
        System.out.println("Results in " + out.toAbsolutePath() + " (isolates.csv, breakdown.csv, summary.md, *.png)");
        return 0;
    }

    private static void deleteTree(Path root) {
        try {
            DirectoryTrees.delete(root);
        } catch (java.io.IOException e) {
            System.err.println("could not remove " + root + ": " + e.getMessage());
        }
    }
}

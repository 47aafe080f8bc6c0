package dev.isola.loadtests.evaluation;

import dev.isola.domains.config.IsolateSettings;
import dev.isola.loadtests.isolates.Machine;
import dev.isola.loadtests.standalone.IsolateFlags;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The MVM paper's footprint, startup and breakdown experiments against the whole server
 * (admin isolate, domains, Pet Store), each writing CSV, PNG and README.md into
 * {@code docs/results/<experiment>/}. Run through {@code bin/evaluation EXPERIMENT}.
 */
@Command(name = "evaluation", mixinStandardHelpOptions = true,
        description = "Runs one experiment of docs/EVALUATION.md: footprint, startup or breakdown.")
public final class Evaluation implements Callable<Integer> {

    @Parameters(index = "0", description = "footprint, startup or breakdown")
    String experiment;

    @Option(names = "--servers", defaultValue = "5", description = "servers per sweep (default ${DEFAULT-VALUE})")
    int servers;

    @Option(names = "--repetitions", description = "repetitions (default: footprint 1, startup 5, breakdown 1)")
    Integer repetitions;

    @Option(names = "--rounds", defaultValue = "10", description = "workload rounds per server (8 requests each; default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--settle", defaultValue = "2", description = "seconds to wait before reading memory (default ${DEFAULT-VALUE})")
    int settleSeconds;

    @Option(names = "--setups", split = ",", description = "setups to compare (MS-plain, MS-tuned, MDC, MDC-spare, MDC-frozen, MDS; default per experiment)")
    List<String> setups;

    @Option(names = "--image", required = true, description = "the server image directory (admin-isolate/target/image/lib)")
    Path image;

    @Option(names = "--ear", required = true, description = "the Pet Store EAR")
    Path ear;

    @Option(names = "--mvm-home", required = true, description = "the mvm home of the admin isolates (its AOT cache is reused)")
    Path mvmHome;

    @Option(names = "--work", required = true, description = "scratch directory for the domains")
    Path work;

    @Option(names = "--out", description = "results directory (default <results root>/<experiment>)")
    Path out;

    @Option(names = "--results-root", defaultValue = "docs/results", description = "where results go without --out (default ${DEFAULT-VALUE})")
    Path resultsRoot;

    @Option(names = "--tuned-extra-flags", split = " ", description = "JVM flags MS-tuned gets besides the isolates' (quoted, space-separated)")
    List<String> tunedExtraFlags = List.of();

    @Option(names = "--command", defaultValue = "", description = "the command line to quote in the README")
    String command;

    @Override
    public Integer call() throws Exception {
        Path javaHome = Path.of(System.getProperty("java.home"));
        Installation installation = new Installation(javaHome, image.toAbsolutePath(), ear.toAbsolutePath(), mvmHome.toAbsolutePath());
        Path results = out != null ? out : resultsRoot.resolve(experiment);
        Files.createDirectories(work);
        Files.createDirectories(mvmHome);
        String title;
        String method;
        String body;
        long started = System.nanoTime();
        String loadBefore = loadAverage();
        switch (experiment) {
            case "footprint" -> {
                Run run = run(installation, results, 1, DEFAULT_MEMORY_AND_STARTUP_SETUPS);
                title = "Footprint of 1..N servers, idle and with the Pet Store (paper figures 4 and 5)";
                method = FOOTPRINT_METHOD.formatted(run.rounds(), run.rounds() * 8, run.settle().toSeconds());
                body = FootprintExperiment.run(run);
            }
            case "startup" -> {
                Run run = run(installation, results, 5, DEFAULT_MEMORY_AND_STARTUP_SETUPS);
                title = "Time to the n-th server's first Pet Store page (paper figures 6 and 10)";
                method = STARTUP_METHOD;
                body = StartupExperiment.run(run);
            }
            case "breakdown" -> {
                Run run = run(installation, results, 1, List.of(Setup.MS_PLAIN, Setup.MDC, Setup.MDS));
                title = "MS against MDC and MDS, footprint by category (paper figure 9)";
                method = BREAKDOWN_METHOD.formatted(run.rounds() * 8);
                body = BreakdownExperiment.run(run);
            }
            default -> throw new CommandLine.ParameterException(new CommandLine(this),
                    "unknown experiment '" + experiment + "' (expected footprint, startup or breakdown)");
        }
        long minutes = Duration.ofNanos(System.nanoTime() - started).toMinutes();
        String readme = "# " + title + "\n\n## Command\n\n```sh\n" + command + "\n```\n\nRun on " + LocalDate.now() + " (took about " + minutes
                + " min), on the 2-core development machine (load average, 1/5/15 min: "
                + loadBefore + " at the start, " + loadAverage() + " at the end):\n\n```\n" + Machine.describe(javaHome) + "```\n\n## Method\n\n" + method
                + SETUPS + (tunedExtraFlags.isEmpty() ? "" : "\nIn this run MS-tuned also had `" + String.join(" ", tunedExtraFlags) + "`.\n")
                + "\n## Results\n" + body + "\nRaw figures: the CSV file(s) in this directory, one row per measurement.\n";
        Files.writeString(results.resolve("README.md"), readme);
        System.out.println("results in " + results.toAbsolutePath());
        return 0;
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " / " + fields[1] + " / " + fields[2];
        } catch (java.io.IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private Run run(Installation installation, Path results, int defaultRepetitions, List<Setup> defaultSetups) {
        List<Setup> chosen = setups == null ? defaultSetups : setups.stream().map(Setup::parse).toList();
        return new Run(installation, work.toAbsolutePath(), results, servers, repetitions == null ? defaultRepetitions : repetitions, rounds,
                Duration.ofSeconds(settleSeconds), chosen, tunedExtraFlags, command);
    }

    /**
     * The baselines, MDC, and MDC-frozen, the spare configuration that meets both targets. MDC-spare (the spare waiting in
     * memory) is left to {@code --setups}: with it a default profile would take more than 15 minutes on two cores.
     */
    private static final List<Setup> DEFAULT_MEMORY_AND_STARTUP_SETUPS = List.of(Setup.MS_PLAIN, Setup.MS_TUNED, Setup.MDC, Setup.MDC_FROZEN);

    private static final String SETUPS = """

            | setup | what runs | JVM flags |
            |---|---|---|
            | MS-plain | one plain `java` process per server, in a session of its own (`setsid`, as isolates are): `DomainMain --member server` of a combined domain, class path = the server image | none (G1, heap sized by the machine); no AOT cache, the JDK's default CDS archive only |
            | MS-tuned | the same | a combined domain isolate's flags: `%s`; no AOT cache |
            | MDC | one admin isolate (`bin/appserver start`, counted in every total) and N combined domains, one isolate each | `%s` (a young generation floor of %s, which the runtime grows to %s for the isolate's start and under load and shrinks once it is ready or idle; MS-tuned has no runtime, so it gets %s), plus the image's AOT cache (`-XX:AOTCache`) |
            | MDC-spare | MDC, the admin keeping one warmed-up spare isolate (`bin/appserver start --spare-isolates 1`, counted in every total): each domain's start takes the spare over, and the admin warms up the next (the n-th start and each memory reading wait until it is ready) | as MDC |
            | MDC-frozen | MDC-spare, the spare frozen to disk once warm (`bin/appserver start --spare-isolates 1 --freeze-spares`: CRIU writes its process out and ends it; each domain's start restores it, then takes it over). Its snapshot (about 150 MB of files) is disk, not memory, and counts in no total | as MDC |
            | MDC-frozen-reset | MDC-frozen, the domains dropping what the spare's warm-up taught the JIT compiler once busy (`--reset-spare-jit-state`: after 10 s of CPU within a minute, they redefine the server's classes whose profiled code the warm-up compiled) | as MDC |
            | MDS | one admin isolate and N separated domains: JMS, EJB and web isolates each, talking over links | web and EJB isolates as MDC; the JMS isolate `%s` |

            Every server is a domain directory prepared the same way (configuration, `petstore.ear` and its
            record, as `deploy-tool deploy` leaves them), and runs the same code: `DomainMain` starts the
            web, EJB and JMS sub-servers and redeploys the recorded Pet Store. Standalone servers are plain
            processes with no admin and no links; domains are isolates the admin isolate starts.
            """.formatted(String.join(" ", StandaloneFleet.jvmFlags(Setup.MS_TUNED, List.of())),
            String.join(" ", IsolateFlags.ofIsolate(IsolateSettings.DEFAULTS)), IsolateSettings.DEFAULTS.youngGeneration(),
            IsolateSettings.DEFAULTS.busyYoungGeneration(), IsolateSettings.DEFAULTS.youngGenerationNothingResizes(),
            String.join(" ", IsolateFlags.ofIsolate(IsolateSettings.JMS_DEFAULTS)));

    private static final String FOOTPRINT_METHOD = """
            Each sweep starts the servers of one setup one after another, up to N. Idle sweeps run no
            application; Pet Store sweeps give each new server a fixed workload once it answers (%d rounds
            of 7 catalog pages and one add-to-cart in one session, %d requests, every answer must be 200).
            Then, after %d s, the total is the sum of `Pss` from `/proc/<pid>/smaps_rollup` over every
            process of the setup (for MDC, the admin isolate too), with `Shared_*` and `Private_*` likewise.
            Setups run back to back, in an order rotated per repetition.
            """;

    private static final String STARTUP_METHOD = """
            Each sweep starts the servers of one setup one after another, up to N, every one with the Pet
            Store recorded. The time runs from the request to start the n-th server (just before
            `ProcessBuilder.start()` for a standalone JVM; just before the admin's
            `POST /api/domains/{d}/start` for a domain, which answers once the domain redeployed the Pet
            Store) to the first HTTP 200 of `GET /petstore/` (polled every 25 ms), with the earlier
            servers still running. The cold standalone server is MS-plain's first. Setups run back to
            back, in an order rotated per repetition; the figures are medians over repetitions.
            """;

    private static final String BREAKDOWN_METHOD = """
            Each setup starts N servers with the Pet Store, one after another, each getting the footprint
            experiment's workload (%d requests) once it answers. After a pause the total PSS of all the
            setup's processes is read from `smaps_rollup`, then each process is broken down by
            `FootprintProbe.detailed` (mvm): it reads every mapping from `/proc/<pid>/smaps` and asks the
            JVM (diagnostic commands over the attach mechanism) for the address ranges of its Java heap,
            class metadata (metaspace, class space, the CDS archive or AOT cache) and code cache; the rest
            is VM/other (thread stacks, GC and compiler structures, malloc arenas, libraries, the JDK's
            `modules` file). Class metadata is split into its private part (`Private_*`) and the rest of its
            PSS, the share of pages mapped by other processes too.
            """;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Evaluation()).execute(args));
    }
}

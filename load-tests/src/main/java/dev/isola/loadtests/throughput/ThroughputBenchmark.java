package dev.isola.loadtests.throughput;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.mvm.io.DirectoryTrees;
import dev.isola.loadtests.standalone.AppServerInstance;
import dev.isola.loadtests.standalone.IsolateFlags;
import dev.isola.loadtests.standalone.LoopbackPort;
import dev.isola.admin.ServerImage;
import dev.isola.loadtests.isolates.Machine;
import dev.isola.loadtests.standalone.PageWait;
import dev.isola.loadtests.standalone.PlainDomainJvm;
import dev.isola.mvm.image.Image;
import dev.isola.domains.config.IsolateSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The throughput benchmark (not a test), the paper's section 4.3 on this server:
 *
 * <pre>
 *   admin isolate (bin/appserver start, own domains directory and port)
 *    ├─ domain "colo"   combined, products.ear, Derby embedded in the domain isolate     (a) co-located
 *    ├─ domain "sepdb"  combined, products.ear, Derby client → isolate "derbynet"        (b) separate
 *    ├─ domains "mdc-1".."mdc-K"  combined, products.ear, Derby embedded                 (c) MDC
 *    └─ isolate "derbynet" (DerbyNetworkServerMain, of the server image)
 *   with --with-frozen, a second admin isolate (bin/appserver start --spare-isolates 1 --freeze-spares)
 *    └─ domains "mdcf-1".."mdcf-K"  as MDC, each started from a frozen spare thawed by CRIU     MDC-frozen
 *   with --with-spare, a further admin isolate (bin/appserver start --spare-isolates 1)
 *    └─ domains "mdcs-1".."mdcs-K"  as MDC, each started by taking over a spare kept in memory  MDC-spare
 *   K plain JVMs: java -cp image/lib/* DomainMain  (domains "ms-1".."ms-K", default flags, no AOT cache)   (c) MS-plain
 * </pre>
 *
 * A closed loop of clients with no think time ({@link ClosedLoad}) loads each configuration
 * for a fixed time; (a)/(b) and MDC/MS are measured in rounds, the two of a pair next to each
 * other and their order swapped every round (A B, B A, …), so that a noisy neighbour or a
 * drift hurts both alike. Every configuration is warmed up first. Writes CSV, PNG plots and
 * README.md to {@code --out}.
 */
@Command(name = "bench-throughput", mixinStandardHelpOptions = true,
        description = "Throughput and response time of the products application: database co-located vs separate, MDC vs MS-plain.")
public final class ThroughputBenchmark implements Callable<Integer> {

    static final String COLOCATED = "co-located";
    static final String SEPARATE = "separate-db";
    static final String MDC = "MDC";
    static final String MS_PLAIN = "MS-plain";
    static final String MS_TUNED = "MS-tuned";
    static final String MDC_FROZEN = "MDC-frozen";
    static final String MDC_SPARE = "MDC-spare";

    @Option(names = "--clients", defaultValue = "8", description = "Closed-loop clients of each measurement, in all its servers together (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--domains", defaultValue = "2", description = "K: domains of MDC and JVMs of MS-plain (default ${DEFAULT-VALUE}).")
    int domains;

    @Option(names = "--rounds", defaultValue = "5", description = "Rounds: pairs measured of each comparison (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--seconds", defaultValue = "20", description = "Load of each measurement, seconds (default ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--warmup-seconds", defaultValue = "60", description = "Load of each configuration before the rounds, seconds (default ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Option(names = "--pool-size", defaultValue = "16", description = "maxPoolSize of the products datasource (default ${DEFAULT-VALUE}).")
    int poolSize;

    @Option(names = "--admin-port", defaultValue = "0", description = "The admin isolate's port (default: a free port).")
    int adminPort;

    @Option(names = "--image", required = true, description = "The server image, admin-isolate/target/image/lib.")
    Path image;

    @Option(names = "--ear", required = true, description = "The products application, load-tests/products/target/products.ear.")
    Path ear;

    @Option(names = "--petstore", description = "The Pet Store EAR that bin/appserver trains the image's AOT cache with.")
    Path petstore;

    @Option(names = "--mvm-home", required = true, description = "The mvm home of the isolates and the image's AOT cache.")
    Path mvmHome;

    @Option(names = "--out", required = true, description = "Where the results go (docs/results/throughput).")
    Path out;

    @Option(names = "--command", defaultValue = "bin/bench-throughput", description = "The command line to name in the README.")
    String command;

    @Option(names = "--compare-young-generation", description = "Also K combined domains whose isolates have this young generation "
            + "(e.g. 32m), measured in every round beside MDC and MS-plain: what the default young generation costs or gains.")
    String compareYoungGeneration;

    @Option(names = "--compare-jvm-options", description = "Also K combined domains whose isolates get these further JVM options "
            + "(quoted, space-separated, e.g. \"-XX:TrimNativeHeapInterval=0\"), measured in every round beside MDC and MS-plain.")
    String compareJvmOptions;

    @Option(names = "--compare-isolate", description = "Also K combined domains whose \"isolate\" settings are this JSON object "
            + "(e.g. '{\"collector\": \"parallel\"}', as in a domain's configuration), measured in every round beside MDC and MS-plain.")
    String compareIsolate;

    @Option(names = "--with-ms-tuned", description = "Also K plain JVMs with the domain isolates' flags (MS-tuned: no AOT cache, no admin "
            + "isolate), measured in every round: whether a gap to MS-plain comes from the flags or from running as isolates.")
    boolean withMsTuned;

    @Option(names = "--with-frozen", description = "Also K combined domains each started from a frozen spare isolate (MDC-frozen: a second "
            + "admin isolate with --spare-isolates 1 --freeze-spares; needs root and CRIU 4, see bin/install-criu), measured in every "
            + "round: whether a domain thawed from disk serves as fast as one started cold.")
    boolean withFrozen;

    @Option(names = "--reset-spare-jit-state", description = "Start the admin isolates of --with-frozen and --with-spare with "
            + "--reset-spare-jit-state: their domains drop the JIT state of the spare's warm-up once busy (10 s of CPU within a minute).")
    boolean resetSpareJitState;

    @Option(names = "--with-spare", description = "Also K combined domains each started by taking over a spare isolate kept in memory "
            + "(MDC-spare: a further admin isolate with --spare-isolates 1), measured in every round: beside MDC-frozen, whether a gap "
            + "comes from the spare's warm-up or from its thaw.")
    boolean withSpare;

    @Option(names = "--domains-only", description = "Measure only the comparisons of domains (MDC, MS-plain and the configurations added "
            + "above), not co-located against separate-db: no Derby network server, and every round's time goes to the pairs whose few "
            + "percent need many rounds (e.g. --domains-only --with-frozen --rounds 20 --seconds 10).")
    boolean domainsOnly;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // bin/bench-throughput passes defaults first; options given by the user come later and win.
        System.exit(new CommandLine(new ThroughputBenchmark()).setOverwrittenOptionsAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        validate();
        Path javaHome = Path.of(System.getProperty("java.home"));
        Path work = Files.createTempDirectory("bench-throughput");
        long begin = System.nanoTime();
        List<LoadResult> results = new ArrayList<>();
        List<PlainDomainJvm> plain = new ArrayList<>();
        // Further configurations measured in every round, each against MS-plain (and MDC against MS-tuned).
        java.util.LinkedHashMap<String, List<URI>> extras = new java.util.LinkedHashMap<>();
        DerbyServerIsolate derby = null;
        AppServerInstance admin = null;
        AppServerInstance frozenAdmin = null;
        AppServerInstance spareAdmin = null;
        try {
            say("starting the admin isolate (bin/appserver start; the first start records the image's AOT cache)");
            admin = AppServerInstance.start(javaHome.resolve("bin/java"), image.toAbsolutePath(), Optional.ofNullable(petstore).map(Path::toAbsolutePath),
                    work.resolve("domains"), mvmHome.toAbsolutePath(), adminPort == 0 ? LoopbackPort.free() : adminPort, work);
            Image serverImage = ServerImage.of(image, Optional.ofNullable(petstore), true);
            // Every configuration measured, in the order of the warm-ups: the products pages its load goes to.
            java.util.LinkedHashMap<String, List<URI>> targets = new java.util.LinkedHashMap<>();
            if (!domainsOnly) {
                say("starting the Derby network server isolate");
                derby = DerbyServerIsolate.start(serverImage, mvmHome.toAbsolutePath(), Files.createDirectories(work.resolve("derbynet")),
                        LoopbackPort.free());
                targets.put(COLOCATED, List.of(domain(admin, "colo", "jdbc:derby:products;create=true")));
                targets.put(SEPARATE, List.of(domain(admin, "sepdb", derby.url("products"))));
            }
            List<URI> mdc = new ArrayList<>();
            for (int k = 1; k <= domains; k++) {
                mdc.add(domain(admin, "mdc-" + k, "jdbc:derby:products;create=true"));
            }
            targets.put(MDC, mdc);
            Optional<Variant> variant = variant();
            if (variant.isPresent()) {
                List<URI> urls = new ArrayList<>();
                for (int k = 1; k <= domains; k++) {
                    urls.add(domain(admin, "mdcv-" + k, "jdbc:derby:products;create=true", variant.get().isolateJson()));
                }
                extras.put(variant.get().label(), urls);
            }
            targets.put(MS_PLAIN, plainJvms(admin, "ms", List.of(), plain));
            if (withMsTuned) {
                extras.put(MS_TUNED, plainJvms(admin, "mst", IsolateFlags.of(IsolateSettings.DEFAULTS, List.of()), plain));
            }
            if (withFrozen) {
                frozenAdmin = spareAdmin(javaHome, Files.createDirectories(work.resolve("frozen")), true);
                extras.put(MDC_FROZEN, spareDomains(frozenAdmin, "mdcf", true));
            }
            if (withSpare) {
                spareAdmin = spareAdmin(javaHome, Files.createDirectories(work.resolve("spare")), false);
                extras.put(MDC_SPARE, spareDomains(spareAdmin, "mdcs", false));
            }

            try (ClosedLoad load = new ClosedLoad(clients)) {
                Duration warmup = Duration.ofSeconds(warmupSeconds);
                targets.putAll(extras);
                for (String configuration : targets.keySet()) {
                    LoadResult w = load.run("warm-up", configuration, 0, targets.get(configuration), clients, warmup);
                    say(String.format(Locale.ROOT, "warm-up %-11s %7.1f req/s, %d errors %s", configuration, w.throughput(), w.errors(), load.firstError()));
                }
                Duration period = Duration.ofSeconds(seconds);
                for (int r = 1; r <= rounds; r++) {
                    // A B C D, then the mirror image: every configuration has the others on both sides across two rounds.
                    List<String> order = new ArrayList<>(domainsOnly ? List.of() : List.of(COLOCATED, SEPARATE));
                    List<String> domainsOrder = domainsOrder(extras.keySet());
                    if (r % 2 == 0) {
                        java.util.Collections.reverse(order);
                        java.util.Collections.reverse(domainsOrder);
                    }
                    order.addAll(domainsOrder);
                    for (String configuration : order) {
                        boolean database = configuration.equals(COLOCATED) || configuration.equals(SEPARATE);
                        LoadResult result = load.run(database ? "database" : "domains", configuration, r, targets.get(configuration), clients, period);
                        results.add(result);
                        say(String.format(Locale.ROOT, "round %d/%d %-11s %7.1f req/s  p50 %6.2f ms  p95 %6.2f ms  p99 %6.2f ms  %d errors %s",
                                r, rounds, configuration, result.throughput(), result.p50Millis(), result.p95Millis(), result.p99Millis(),
                                result.errors(), load.firstError()));
                    }
                }
            }
        } finally {
            for (PlainDomainJvm jvm : plain) {
                jvm.close();
            }
            if (derby != null) {
                derby.close();
            }
            for (AppServerInstance spares : java.util.Arrays.asList(spareAdmin, frozenAdmin)) {
                if (spares != null) {
                    say("stopping an admin isolate with a spare, its domains and its spare (bin/appserver stop)");
                    spares.close();
                }
            }
            if (admin != null) {
                say("stopping the admin isolate and its domains (bin/appserver stop)");
                admin.close();
            }
            deleteTree(work);
        }
        String setup = String.format(Locale.ROOT,
                "%d closed-loop clients with no think time (Jetty HTTP client, HdrHistogram) on the same 2 cores as the servers, "
                        + "%d rounds of %d s per configuration after %d s of warm-up each, order swapped every round; K = %d; "
                        + "domain isolates with their defaults (" + IsolateSettings.DEFAULTS.heap() + " heap, " + IsolateSettings.DEFAULTS.youngGeneration()
                        + " young generation, " + IsolateSettings.DEFAULTS.busyYoungGeneration() + " while busy, Serial, the image's AOT cache); "
                        + "MS-plain: `java -cp image/lib/* DomainMain` with default flags; "
                        + (withFrozen ? "MDC-frozen: the same combined domains on a second admin isolate (`--spare-isolates 1 --freeze-spares`), "
                                + "each started from a frozen spare thawed by CRIU; " : "")
                        + (withSpare ? "MDC-spare: the same on a further admin isolate (`--spare-isolates 1`), each taking over a spare "
                                + "kept in memory; " : "")
                        + (domainsOnly ? "domains only (`--domains-only`: co-located and separate-db not measured); " : "")
                        + "products datasource maxPoolSize %d; run took %d s",
                clients, rounds, seconds, warmupSeconds, domains, poolSize, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begin));
        List<ThroughputReport.Comparison> comparisons = new ArrayList<>();
        if (!domainsOnly) {
            comparisons.add(new ThroughputReport.Comparison("database", "database co-located vs in a separate isolate", COLOCATED, SEPARATE, 1.11,
                    "+11% throughput, −36% response time (co-located vs separate Cloudscape process)"));
        }
        comparisons.add(new ThroughputReport.Comparison("domains", "K = " + domains + " combined domains vs K plain JVMs, same total load", MDC, MS_PLAIN,
                1.00, "\"equivalent results to MS\" (MDC vs MS)"));
        for (String extra : extras.keySet()) {
            comparisons.add(switch (extra) {
                case MS_TUNED -> new ThroughputReport.Comparison("domains", "K = " + domains + " combined domains vs K plain JVMs with the same flags",
                        MDC, MS_TUNED, 1.00, "(not in the paper)");
                case MDC_FROZEN -> new ThroughputReport.Comparison("domains", "K = " + domains
                        + " combined domains started from frozen spares vs K plain JVMs", MDC_FROZEN, MS_PLAIN, 1.00, "(not in the paper)");
                case MDC_SPARE -> new ThroughputReport.Comparison("domains", "K = " + domains
                        + " combined domains started in spares kept in memory vs K plain JVMs", MDC_SPARE, MS_PLAIN, 1.00, "(not in the paper)");
                default -> new ThroughputReport.Comparison("domains", "K = " + domains + " combined domains with " + variant().orElseThrow().description()
                        + " vs K plain JVMs", extra, MS_PLAIN, 1.00, "(not in the paper)");
            });
        }
        new ThroughputReport(results, comparisons).write(out, command, setup, Machine.describe(javaHome));
        say("results in " + out.toAbsolutePath() + " (README.md, throughput.csv, *.png)");
        return 0;
    }

    /**
     * The order of the domain configurations in a round: each next to the one it is compared with, MDC-frozen and MDC on
     * either side of MS-plain, MS-tuned beside MDC, so that the machine's speed, which drifts over tens of seconds, enters
     * each ratio as little as it can (docs/results/throughput/same-configuration/).
     */
    static List<String> domainsOrder(java.util.Collection<String> extras) {
        List<String> order = new ArrayList<>();
        extras.stream().filter(e -> !List.of(MS_TUNED, MDC_FROZEN, MDC_SPARE).contains(e)).forEach(order::add);
        if (extras.contains(MS_TUNED)) {
            order.add(MS_TUNED);
        }
        order.addAll(List.of(MDC, MS_PLAIN));
        for (String after : List.of(MDC_FROZEN, MDC_SPARE)) {
            if (extras.contains(after)) {
                order.add(after);
            }
        }
        return order;
    }

    void validate() {
        CommandLine cl = new CommandLine(this);
        if (clients < 1 || domains < 1 || rounds < 1 || seconds < 1 || warmupSeconds < 0 || poolSize < 1) {
            throw new CommandLine.ParameterException(cl, "--clients, --domains, --rounds, --seconds and --pool-size must be at least 1, "
                    + "--warmup-seconds at least 0");
        }
        if (java.util.stream.Stream.of(compareYoungGeneration, compareJvmOptions, compareIsolate).filter(java.util.Objects::nonNull).count() > 1) {
            throw new CommandLine.ParameterException(cl, "give one of --compare-young-generation, --compare-jvm-options and --compare-isolate, "
                    + "not two (one variant per run)");
        }
        if (compareJvmOptions != null && compareJvmOptions.isBlank()) {
            throw new CommandLine.ParameterException(cl, "--compare-jvm-options is empty: give the options, e.g. \"-XX:TrimNativeHeapInterval=0\"");
        }
        if (clients < domains) {
            throw new CommandLine.ParameterException(cl, "--clients " + clients + " cannot load " + domains + " domains: give at least one client each");
        }
        if (!Files.isRegularFile(ear)) {
            throw new CommandLine.ParameterException(cl, "--ear " + ear + " does not exist (build it: bin/mvn -pl load-tests/products/products-ear -am package)");
        }
        if (!Files.isDirectory(image)) {
            throw new CommandLine.ParameterException(cl, "--image " + image + " is not a directory (build it: bin/mvn -pl admin-isolate -am package)");
        }
    }

    /** Creates, starts and deploys a combined domain whose products datasource has {@code url}; returns the products page. */
    private URI domain(AppServerInstance admin, String name, String url) throws IOException, InterruptedException {
        return domain(admin, name, url, null);
    }

    /**
     * The same, with {@code isolateJson} (the domain's "isolate" settings object) instead of the defaults when not null.
     * Restarted after the deployment, so that every configuration runs on a products database opened at start, as the
     * plain JVMs do (they start on the database their domain created): a database still open from its creation has no
     * index statistics yet, and Derby may plan the benchmark's queries differently.
     */
    private URI domain(AppServerInstance admin, String name, String url, String isolateJson) throws IOException, InterruptedException {
        URI page = createAndDeploy(admin, name, url, isolateJson);
        admin.stopDomain(name);
        admin.startDomain(name, Duration.ofMinutes(3));
        awaitAnswer(page, null);
        return page;
    }

    /** Creates domain {@code name} with a products datasource of {@code url}, deploys the products EAR; returns its page. */
    private URI createAndDeploy(AppServerInstance admin, String name, String url, String isolateJson) throws IOException, InterruptedException {
        int port = LoopbackPort.free();
        say("creating domain " + name + " on port " + port + " (products datasource " + url + ")"
                + (isolateJson == null ? "" : ", isolate " + isolateJson));
        admin.createDomain("{\"name\": \"" + name + "\", \"mode\": \"combined\", \"httpPort\": " + port
                + (isolateJson == null ? "" : ", \"isolate\": " + isolateJson)
                + ", \"dataSources\": [{\"name\": \"java:global/jdbc/products\", \"url\": \"" + url + "\", \"maxPoolSize\": " + poolSize + "}]}");
        admin.deploy(name, ear);
        return URI.create("http://127.0.0.1:" + port + "/products/list");
    }

    /**
     * K domains {@code prefix-1..K}, created and deployed by the admin like the others, then stopped and run by plain JVMs
     * with {@code flags} instead (added to {@code started}, to be closed by the caller); returns their pages once all answer.
     */
    private List<URI> plainJvms(AppServerInstance admin, String prefix, List<String> flags, List<PlainDomainJvm> started)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<URI> pages = new ArrayList<>();
        List<PlainDomainJvm> jvms = new ArrayList<>();
        for (int k = 1; k <= domains; k++) {
            String name = prefix + "-" + k;
            pages.add(createAndDeploy(admin, name, "jdbc:derby:products;create=true", null));
            admin.stopDomain(name);
            say("starting " + name + " as a plain JVM" + (flags.isEmpty() ? "" : " with the isolates' flags"));
            PlainDomainJvm jvm = PlainDomainJvm.start(java, image, admin.domainsDirectory().resolve(name), flags);
            started.add(jvm);
            jvms.add(jvm);
        }
        for (int k = 0; k < pages.size(); k++) {
            awaitAnswer(pages.get(k), jvms.get(k));
        }
        return pages;
    }

    /** A further admin isolate on {@code work} that keeps one spare isolate, frozen to disk when {@code freeze}. */
    private AppServerInstance spareAdmin(Path javaHome, Path work, boolean freeze) throws IOException, InterruptedException {
        say("starting an admin isolate with a spare " + (freeze ? "frozen to disk (bin/appserver start --spare-isolates 1 --freeze-spares)"
                : "in memory (bin/appserver start --spare-isolates 1)"));
        return AppServerInstance.start(javaHome.resolve("bin/java"), image.toAbsolutePath(), Optional.ofNullable(petstore).map(Path::toAbsolutePath),
                work.resolve("domains"), mvmHome.toAbsolutePath(), LoopbackPort.free(), work,
                AppServerInstance.spareOptions(1, freeze, resetSpareJitState));
    }

    /**
     * K domains {@code prefix-1..K} of {@code admin} (one with {@code --spare-isolates 1}, and {@code --freeze-spares} when
     * {@code frozen}), created and deployed, stopped, then each started again once the admin has a spare ready and nothing
     * warming up, so that every one of them runs in a spare (thawed, when frozen); the start event proves it. Returns once
     * the last spare has been replaced: nothing of the admin's runs in the background of the measurements.
     */
    private List<URI> spareDomains(AppServerInstance admin, String prefix, boolean frozen) throws IOException, InterruptedException {
        List<URI> pages = new ArrayList<>();
        for (int k = 1; k <= domains; k++) {
            String name = prefix + "-" + k;
            pages.add(createAndDeploy(admin, name, "jdbc:derby:products;create=true", null));
            admin.stopDomain(name);
        }
        for (int k = 1; k <= domains; k++) {
            String name = prefix + "-" + k;
            admin.awaitSpares(frozen ? "frozen" : "ready", 1, Duration.ofMinutes(3));
            say("starting " + name + " in the " + (frozen ? "frozen " : "") + "spare");
            admin.startDomain(name, Duration.ofMinutes(3));
            JsonNode isolate = admin.get("/api/domains/" + name + "/isolates").path(0);
            if (!isolate.path("origin").asText().equals("SPARE")) {
                throw new IOException("domain " + name + " did not start in the spare isolate: its isolate is " + isolate
                        + " (the admin's events: GET /api/domains/" + name + "/events)");
            }
            awaitAnswer(pages.get(k - 1), null);
        }
        admin.awaitSpares(frozen ? "frozen" : "ready", 1, Duration.ofMinutes(3));
        return pages;
    }

    /** Domains that differ from MDC's in their isolate settings: a label for the report and the "isolate" JSON. */
    record Variant(String label, String description, String isolateJson) { }

    /** The variant of MDC that {@code --compare-young-generation}, {@code --compare-jvm-options} or {@code --compare-isolate} asks for, if any. */
    Optional<Variant> variant() {
        if (compareYoungGeneration != null) {
            return Optional.of(new Variant(MDC + "-" + compareYoungGeneration, "a fixed " + compareYoungGeneration + " young generation",
                    "{\"youngGeneration\": \"" + compareYoungGeneration + "\", \"busyYoungGeneration\": \"" + compareYoungGeneration + "\"}"));
        }
        if (compareIsolate != null) {
            return Optional.of(new Variant("MDC " + compareIsolate.replaceAll("[\\s\"{}]", ""), "the isolate settings " + compareIsolate, compareIsolate));
        }
        if (compareJvmOptions != null) {
            List<String> options = List.of(compareJvmOptions.trim().split("\\s+"));
            String json = options.stream().map(o -> "\"" + o.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                    .collect(java.util.stream.Collectors.joining(", ", "{\"jvmOptions\": [", "]}"));
            return Optional.of(new Variant(MDC + " " + String.join(" ", options), "the JVM options " + String.join(" ", options), json));
        }
        return Optional.empty();
    }

    /** Returns once the products page answers with its table; a plain JVM that ends first fails the wait with its output. */
    private static void awaitAnswer(URI page, PlainDomainJvm jvm) throws IOException, InterruptedException {
        PageWait.until(page, PageWait.okContaining("</table>"), "the products page", Duration.ofMinutes(3),
                jvm == null ? PageWait.Ended.NEVER : () -> jvm.isAlive() ? Optional.empty() : Optional.of(jvm.output()));
    }

    private static void say(String line) {
        System.out.println(line);
    }

    private static void deleteTree(Path root) {
        try {
            DirectoryTrees.delete(root);
        } catch (java.io.IOException e) {
            System.err.println("could not remove " + root + ": " + e.getMessage());
        }
    }
}

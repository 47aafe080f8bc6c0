package dev.isola.appserver.bench;

import dev.isola.appserver.SubServersMain;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.bench.EjbItemServlet;
import dev.isola.appserver.testapps.bench.ItemQueryBean;
import dev.isola.appserver.testapps.bench.ItemSchemaBean;
import dev.isola.appserver.testapps.bench.ItemSql;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Container overhead benchmark: servlet → stateless EJB (container defaults: pooled instance,
 * REQUIRED container-managed transaction, enlisted connection) → Derby query, in a
 * {@code SubServers}, against the same servlet doing the same JDBC work directly in plain
 * embedded Tomcat with HikariCP and Derby. Both run as separate JVMs with the same flags,
 * started once; the load (closed model, fixed concurrency, Jetty HttpClient) alternates
 * between them: warm-up of each, then A B A B … pairs. Reports requests/s and latency
 * percentiles per run, and the median over pairs of the EJB/plain ratios.
 *
 * <p>Usage: {@code EjbOverheadBenchmark <output-dir>}; system properties {@code bench.pairs}
 * (6), {@code bench.seconds} (10), {@code bench.warmup} (20), {@code bench.concurrency} (8).
 */
public final class EjbOverheadBenchmark {

    private static final List<String> JVM_FLAGS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseSerialGC");

    private record Run(String variant, int pair, long requests, long errors, double seconds, long[] latenciesNanos) {
        double rps() {
            return requests / seconds;
        }

        double percentileMicros(double p) {
            if (latenciesNanos.length == 0) {
                return Double.NaN;
            }
            int index = (int) Math.ceil(p / 100.0 * latenciesNanos.length) - 1;
            return latenciesNanos[Math.max(0, Math.min(index, latenciesNanos.length - 1))] / 1000.0;
        }
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/results/ejb");
        int pairs = Integer.getInteger("bench.pairs", 6);
        Duration runTime = Duration.ofSeconds(Integer.getInteger("bench.seconds", 10));
        Duration warmup = Duration.ofSeconds(Integer.getInteger("bench.warmup", 20));
        int concurrency = Integer.getInteger("bench.concurrency", 8);
        Files.createDirectories(out);
        Path scratch = Files.createTempDirectory("isola-bench-ejb");

        Path ear = scratch.resolve("bench.ear");
        TestApps.mavenStyleEar("bench.ear", "bench", TestApps.ejbJar("bench-ejb.jar", ItemQueryBean.class, ItemSchemaBean.class, ItemSql.class),
                TestApps.war("bench-web.war", EjbItemServlet.class), "/bench").as(ZipExporter.class).exportTo(ear.toFile(), true);

        Process ejb = null;
        Process plain = null;
        HttpClient client = new HttpClient();
        client.setMaxConnectionsPerDestination(concurrency * 2);
        try {
            ejb = spawn(scratch.resolve("ejb.log"), SubServersMain.class.getName(), "--port", "0", "--data-dir", scratch.resolve("ejb-data").toString(),
                    "--work-dir", scratch.resolve("ejb-work").toString(), ear.toString());
            plain = spawn(scratch.resolve("plain.log"), PlainTomcatServer.class.getName(), scratch.resolve("plain-data").toString(),
                    scratch.resolve("plain-work").toString());
            String ejbUrl = awaitListening(scratch.resolve("ejb.log"), ejb) + "bench/item?id=";
            String plainUrl = awaitListening(scratch.resolve("plain.log"), plain) + "bench/item?id=";
            client.start();
            check(client, ejbUrl);
            check(client, plainUrl);

            System.out.printf(Locale.ROOT, "warm-up: %d s each, then %d pairs of %d s runs at concurrency %d%n", warmup.toSeconds(), pairs,
                    runTime.toSeconds(), concurrency);
            load(client, ejbUrl, "ejb", 0, concurrency, warmup);
            load(client, plainUrl, "plain", 0, concurrency, warmup);
            List<Run> runs = new ArrayList<>();
            for (int pair = 1; pair <= pairs; pair++) {
                boolean ejbFirst = pair % 2 == 1;
                for (String variant : ejbFirst ? List.of("ejb", "plain") : List.of("plain", "ejb")) {
                    Run r = load(client, variant.equals("ejb") ? ejbUrl : plainUrl, variant, pair, concurrency, runTime);
                    runs.add(r);
                    System.out.printf(Locale.ROOT, "pair %d %-5s %8.0f req/s  p50 %7.0f us  p99 %7.0f us  errors %d%n", pair, variant, r.rps(),
                            r.percentileMicros(50), r.percentileMicros(99), r.errors());
                }
            }
            write(out, runs, pairs, runTime, warmup, concurrency);
        } finally {
            client.stop();
            for (Process p : new Process[] {ejb, plain}) {
                if (p != null) {
                    p.destroy();
                    if (!p.waitFor(20, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                    }
                }
            }
            deleteTree(scratch);
        }
    }

    private static Process spawn(Path log, String mainClass, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(JVM_FLAGS);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static String awaitListening(Path log, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)) {
                for (String line : Files.readAllLines(log)) {
                    if (line.startsWith("listening on ")) {
                        return line.substring("listening on ".length()).trim();
                    }
                }
            }
            if (!p.isAlive()) {
                throw new IllegalStateException("server ended early:\n" + Files.readString(log));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("server did not start in time:\n" + Files.readString(log));
    }

    private static void check(HttpClient client, String url) throws Exception {
        ContentResponse r = client.GET(url + "7");
        if (r.getStatus() != 200 || !r.getContentAsString().equals("item-7=107")) {
            throw new IllegalStateException(url + " answered " + r.getStatus() + ": " + r.getContentAsString());
        }
    }

    private static Run load(HttpClient client, String url, String variant, int pair, int concurrency, Duration duration) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        long start = System.nanoTime();
        List<Future<long[]>> workers = new ArrayList<>();
        long[] errors = new long[concurrency];
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < concurrency; w++) {
                int worker = w;
                workers.add(threads.submit(() -> {
                    long[] lat = new long[1 << 16];
                    int n = 0;
                    while (System.nanoTime() < end) {
                        long t0 = System.nanoTime();
                        ContentResponse r = client.GET(url + ThreadLocalRandom.current().nextInt(ItemSql.ROWS));
                        long t = System.nanoTime() - t0;
                        if (r.getStatus() != 200) {
                            errors[worker]++;
                            continue;
                        }
                        if (n == lat.length) {
                            lat = Arrays.copyOf(lat, n * 2);
                        }
                        lat[n++] = t;
                    }
                    return Arrays.copyOf(lat, n);
                }));
            }
            List<long[]> parts = new ArrayList<>();
            for (Future<long[]> f : workers) {
                parts.add(f.get());
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long[] all = parts.stream().flatMapToLong(Arrays::stream).sorted().toArray();
            return new Run(variant, pair, all.length, Arrays.stream(errors).sum(), seconds, all);
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static void write(Path out, List<Run> runs, int pairs, Duration runTime, Duration warmup, int concurrency) throws Exception {
        StringBuilder csv = new StringBuilder("pair,variant,requests,errors,seconds,requests_per_s,p50_us,p90_us,p99_us,p999_us\n");
        for (Run r : runs) {
            csv.append(String.format(Locale.ROOT, "%d,%s,%d,%d,%.3f,%.1f,%.1f,%.1f,%.1f,%.1f%n", r.pair(), r.variant(), r.requests(), r.errors(),
                    r.seconds(), r.rps(), r.percentileMicros(50), r.percentileMicros(90), r.percentileMicros(99), r.percentileMicros(99.9)));
        }
        Files.writeString(out.resolve("ejb-overhead.csv"), csv);

        List<Double> rpsRatio = new ArrayList<>();
        List<Double> p50Ratio = new ArrayList<>();
        List<Double> p99Ratio = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Double> ejbRps = new ArrayList<>();
        List<Double> plainRps = new ArrayList<>();
        for (int pair = 1; pair <= pairs; pair++) {
            int p = pair;
            Run e = runs.stream().filter(r -> r.pair() == p && r.variant().equals("ejb")).findFirst().orElseThrow();
            Run b = runs.stream().filter(r -> r.pair() == p && r.variant().equals("plain")).findFirst().orElseThrow();
            rpsRatio.add(e.rps() / b.rps());
            p50Ratio.add(e.percentileMicros(50) / b.percentileMicros(50));
            p99Ratio.add(e.percentileMicros(99) / b.percentileMicros(99));
            labels.add("pair " + pair);
            ejbRps.add(e.rps());
            plainRps.add(b.rps());
        }
        double throughput = median(rpsRatio);
        double p50 = median(p50Ratio);
        double p99 = median(p99Ratio);

        CategoryChart chart = new CategoryChartBuilder().width(900).height(500).title("servlet -> stateless EJB -> Derby vs servlet -> JDBC (plain Tomcat)")
                .xAxisTitle("interleaved run pair").yAxisTitle("requests/s").build();
        chart.addSeries("EJB container (SubServers)", labels, ejbRps);
        chart.addSeries("plain Tomcat + HikariCP", labels, plainRps);
        BitmapEncoder.saveBitmap(chart, out.resolve("ejb-overhead.png").toString(), BitmapEncoder.BitmapFormat.PNG);

        String summary = String.format(Locale.ROOT, """
                - throughput ratio EJB / plain (median of %d pairs): **%.3f**, i.e. the container costs **%.1f%%** of throughput
                - p50 latency ratio EJB / plain: %.3f; p99 latency ratio: %.3f
                - median requests/s: EJB %.0f, plain %.0f
                """, pairs, throughput, (1 - throughput) * 100, p50, p99, median(ejbRps), median(plainRps));
        System.out.print(summary);
        Files.writeString(out.resolve("summary.md"), "Run of " + Instant.now() + " (" + LocalDate.now() + "), " + pairs + " pairs of " + runTime.toSeconds()
                + " s after " + warmup.toSeconds() + " s warm-up each, concurrency " + concurrency + ", JVM flags " + JVM_FLAGS + "\n\n" + summary
                + "\nMachine: " + command("nproc").trim() + " cores; " + command("sh", "-c", "free -h | sed -n 2p").trim() + "; java "
                + System.getProperty("java.vm.version") + " (" + System.getProperty("java.vm.name") + ")\n");
    }

    private static String command(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String s = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return s;
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

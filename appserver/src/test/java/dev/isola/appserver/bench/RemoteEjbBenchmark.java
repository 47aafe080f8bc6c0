package dev.isola.appserver.bench;

import dev.isola.appserver.split.HostedIsolate;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.bench.CallLoopServlet;
import dev.isola.appserver.testapps.bench.EjbItemServlet;
import dev.isola.appserver.testapps.bench.ItemQueryBean;
import dev.isola.appserver.testapps.bench.ItemSchemaBean;
import dev.isola.appserver.testapps.bench.ItemSql;
import dev.isola.appserver.testapps.bench.PingBean;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.MvmHome;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Remote EJB calls over a link: the same EAR in a combined domain (one isolate: the servlet
 * calls the bean in its own JVM) and in a separated one (a web isolate calls the bean in the
 * EJB isolate over mvm links), measured in one run, interleaved.
 *
 * <ol>
 *   <li><em>HTTP</em>: servlet → stateless EJB → Derby query (the container-overhead
 *       benchmark's request), closed model, fixed concurrency: requests/s and latency.</li>
 *   <li><em>Calls</em>: a servlet calls an empty stateless business method {@code bench.calls}
 *       times in a row and reports the time per call: the bare cost of the hop.</li>
 * </ol>
 *
 * All isolates run with the same flags (256 MiB heap, Serial GC). Usage:
 * {@code RemoteEjbBenchmark <output-dir>}; system properties {@code bench.pairs} (6),
 * {@code bench.seconds} (10), {@code bench.warmup} (20), {@code bench.concurrency} (8),
 * {@code bench.calls} (20000). Writes {@code ejb-remote.csv}, {@code ejb-remote.png},
 * {@code ejb-remote-summary.md}.
 */
public final class RemoteEjbBenchmark {

    private static final List<String> JVM_FLAGS = List.of("-Xms256m");

    private record Run(String variant, int pair, double rps, double p50, double p99, long errors, double callNanos) {
    }

    /** One load run: the sorted latencies (microseconds) of the successful requests, and how many failed. */
    private record Load(long[] latencies, long errors) {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path out = Path.of(args.length > 0 ? args[0] : "docs/results/ejb").toAbsolutePath();
        int pairs = Integer.getInteger("bench.pairs", 6);
        Duration runTime = Duration.ofSeconds(Integer.getInteger("bench.seconds", 10));
        Duration warmup = Duration.ofSeconds(Integer.getInteger("bench.warmup", 20));
        int concurrency = Integer.getInteger("bench.concurrency", 8);
        int calls = Integer.getInteger("bench.calls", 20_000);
        Files.createDirectories(out);
        Path scratch = Files.createTempDirectory("isola-bench-remote-ejb");
        System.setProperty(MvmHome.PROPERTY, scratch.resolve("mvm").toString());

        Path ear = scratch.resolve("bench.ear");
        TestApps.mavenStyleEar("bench.ear", "bench",
                        TestApps.ejbJar("bench-ejb.jar", ItemQueryBean.class, ItemSchemaBean.class, ItemSql.class, PingBean.class),
                        TestApps.war("bench-web.war", EjbItemServlet.class, CallLoopServlet.class), "/bench")
                .as(ZipExporter.class).exportTo(ear.toFile(), true);

        Image image = HostedIsolate.testImage();
        List<HostedIsolate> isolates = new ArrayList<>();
        HttpClient client = new HttpClient();
        client.setMaxConnectionsPerDestination(concurrency * 2);
        try {
            HostedIsolate combined = HostedIsolate.start(image, "bench-combined", "combined", "web,ejb,jms", scratch.resolve("combined/data"),
                    scratch.resolve("combined/applications"), JVM_FLAGS);
            isolates.add(combined);
            HostedIsolate ejb = HostedIsolate.start(image, "bench-ejb", "separated", "ejb", scratch.resolve("separated/data"),
                    scratch.resolve("separated/applications"), JVM_FLAGS);
            isolates.add(ejb);
            HostedIsolate web = HostedIsolate.start(image, "bench-web", "separated", "web", scratch.resolve("separated/data"),
                    scratch.resolve("separated/applications"), JVM_FLAGS);
            isolates.add(web);
            combined.command("deploy " + ear);
            HostedIsolate.linkEjb(web, ejb);
            ejb.command("deploy " + ear);
            web.command("deploy " + ear);
            client.start();
            String combinedUrl = "http://127.0.0.1:" + combined.httpPort + "/bench/";
            String linkedUrl = "http://127.0.0.1:" + web.httpPort + "/bench/";
            check(client, combinedUrl);
            check(client, linkedUrl);

            System.out.printf(Locale.ROOT, "warm-up: %d s each, then %d pairs of %d s runs at concurrency %d, and %d calls per call run%n",
                    warmup.toSeconds(), pairs, runTime.toSeconds(), concurrency, calls);
            load(client, combinedUrl, concurrency, warmup);
            callNanos(client, combinedUrl, calls);
            load(client, linkedUrl, concurrency, warmup);
            callNanos(client, linkedUrl, calls);
            List<Run> runs = new ArrayList<>();
            for (int pair = 1; pair <= pairs; pair++) {
                List<String> order = pair % 2 == 1 ? List.of("same isolate", "over a link") : List.of("over a link", "same isolate");
                for (String variant : order) {
                    String url = variant.equals("same isolate") ? combinedUrl : linkedUrl;
                    Load l = load(client, url, concurrency, runTime);
                    double seconds = runTime.toNanos() / 1e9;
                    double perCall = callNanos(client, url, calls);
                    Run r = new Run(variant, pair, l.latencies().length / seconds, percentile(l.latencies(), 50), percentile(l.latencies(), 99),
                            l.errors(), perCall);
                    runs.add(r);
                    System.out.printf(Locale.ROOT, "pair %d %-12s %8.0f req/s  p50 %7.0f us  p99 %7.0f us  errors %d  empty call %6.2f us%n",
                            pair, variant, r.rps(), r.p50(), r.p99(), r.errors(), r.callNanos() / 1000);
                }
            }
            write(out, runs, pairs, runTime, warmup, concurrency, calls);
        } finally {
            client.stop();
            for (HostedIsolate isolate : isolates.reversed()) {
                isolate.close();
            }
            deleteTree(scratch);
        }
    }

    private static void check(HttpClient client, String url) throws Exception {
        ContentResponse r = client.GET(url + "item?id=7");
        if (r.getStatus() != 200 || !r.getContentAsString().equals("item-7=107")) {
            throw new IllegalStateException(url + " answered " + r.getStatus() + ": " + r.getContentAsString());
        }
    }

    /** Nanoseconds per empty business call, as the servlet measured them in a loop. */
    private static double callNanos(HttpClient client, String url, int calls) throws Exception {
        ContentResponse r = client.newRequest(url + "calls?n=" + calls).timeout(120, TimeUnit.SECONDS).send();
        if (r.getStatus() != 200) {
            throw new IllegalStateException(url + "calls answered " + r.getStatus() + ": " + r.getContentAsString());
        }
        return Double.parseDouble(r.getContentAsString().trim());
    }

    /** Runs the closed-model load for {@code duration}. */
    private static Load load(HttpClient client, String url, int concurrency, Duration duration) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        List<Future<long[]>> workers = new ArrayList<>();
        long[] failed = new long[concurrency];
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < concurrency; w++) {
                int worker = w;
                workers.add(threads.submit(() -> {
                    long[] lat = new long[1 << 16];
                    int n = 0;
                    while (System.nanoTime() < end) {
                        long t0 = System.nanoTime();
                        ContentResponse r = client.GET(url + "item?id=" + ThreadLocalRandom.current().nextInt(ItemSql.ROWS));
                        long t = System.nanoTime() - t0;
                        if (r.getStatus() != 200) {
                            failed[worker]++;
                            continue;
                        }
                        if (n == lat.length) {
                            lat = Arrays.copyOf(lat, n * 2);
                        }
                        lat[n++] = t / 1000;
                    }
                    return Arrays.copyOf(lat, n);
                }));
            }
            List<long[]> parts = new ArrayList<>();
            for (Future<long[]> f : workers) {
                parts.add(f.get());
            }
            return new Load(parts.stream().flatMapToLong(Arrays::stream).sorted().toArray(), Arrays.stream(failed).sum());
        }
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(index, sorted.length - 1))];
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double ratio(List<Run> runs, int pairs, ToDoubleFunction<Run> figure) {
        List<Double> ratios = new ArrayList<>();
        for (int pair = 1; pair <= pairs; pair++) {
            int p = pair;
            Run linked = runs.stream().filter(r -> r.pair() == p && r.variant().equals("over a link")).findFirst().orElseThrow();
            Run local = runs.stream().filter(r -> r.pair() == p && r.variant().equals("same isolate")).findFirst().orElseThrow();
            ratios.add(figure.applyAsDouble(linked) / figure.applyAsDouble(local));
        }
        return median(ratios);
    }

    private static double medianOf(List<Run> runs, String variant, ToDoubleFunction<Run> figure) {
        return median(runs.stream().filter(r -> r.variant().equals(variant)).map(figure::applyAsDouble).toList());
    }

    private static void write(Path out, List<Run> runs, int pairs, Duration runTime, Duration warmup, int concurrency, int calls) throws Exception {
        StringBuilder csv = new StringBuilder("pair,variant,requests_per_s,p50_us,p99_us,errors,empty_call_ns\n");
        for (Run r : runs) {
            csv.append(String.format(Locale.ROOT, "%d,%s,%.1f,%.1f,%.1f,%d,%.0f%n", r.pair(), r.variant(), r.rps(), r.p50(), r.p99(), r.errors(),
                    r.callNanos()));
        }
        Files.writeString(out.resolve("ejb-remote.csv"), csv);

        List<String> labels = new ArrayList<>();
        List<Double> local = new ArrayList<>();
        List<Double> linked = new ArrayList<>();
        for (int pair = 1; pair <= pairs; pair++) {
            int p = pair;
            labels.add("pair " + pair);
            local.add(runs.stream().filter(r -> r.pair() == p && r.variant().equals("same isolate")).findFirst().orElseThrow().rps());
            linked.add(runs.stream().filter(r -> r.pair() == p && r.variant().equals("over a link")).findFirst().orElseThrow().rps());
        }
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
                .title("servlet -> stateless EJB -> Derby: bean in the same isolate vs in the EJB isolate over a link")
                .xAxisTitle("interleaved run pair").yAxisTitle("requests/s").build();
        chart.addSeries("same isolate (combined domain)", labels, local);
        chart.addSeries("over a link (separated domain)", labels, linked);
        BitmapEncoder.saveBitmap(chart, out.resolve("ejb-remote.png").toString(), BitmapEncoder.BitmapFormat.PNG);

        String summary = String.format(Locale.ROOT, """
                | figure | same isolate | over a link | link / same (median of %d per-pair ratios) |
                |---|---:|---:|---:|
                | requests/s (servlet -> EJB -> Derby) | %.0f | %.0f | **%.3f** |
                | p50 latency, us | %.0f | %.0f | %.3f |
                | p99 latency, us | %.0f | %.0f | %.3f |
                | empty business call, us | %.2f | %.2f | %.1f |
                """, pairs, medianOf(runs, "same isolate", Run::rps), medianOf(runs, "over a link", Run::rps), ratio(runs, pairs, Run::rps),
                medianOf(runs, "same isolate", Run::p50), medianOf(runs, "over a link", Run::p50), ratio(runs, pairs, Run::p50),
                medianOf(runs, "same isolate", Run::p99), medianOf(runs, "over a link", Run::p99), ratio(runs, pairs, Run::p99),
                medianOf(runs, "same isolate", Run::callNanos) / 1000, medianOf(runs, "over a link", Run::callNanos) / 1000,
                ratio(runs, pairs, Run::callNanos));
        System.out.print(summary);
        Files.writeString(out.resolve("ejb-remote-summary.md"), "Run of " + Instant.now() + ", " + pairs + " pairs of " + runTime.toSeconds()
                + " s after " + warmup.toSeconds() + " s warm-up each, concurrency " + concurrency + ", " + calls
                + " calls per call run; every isolate: 256 MiB heap, Serial GC\n\n" + summary
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
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

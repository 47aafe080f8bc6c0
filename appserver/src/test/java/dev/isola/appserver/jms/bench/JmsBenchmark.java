package dev.isola.appserver.jms.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The JMS benchmark: our broker against an embedded Apache ActiveMQ Artemis, both with the
 * client in the same JVM, and our broker in an isolate of its own with the client here over
 * mvm links ("isola-link"); non-persistent and persistent, interleaved (A B C D A B C D ...)
 * so that the shared machine's noise hits all alike; medians of the pairs and their ratios.
 *
 * <p>Two scenarios per delivery mode: <em>throughput</em> (several producers and listener
 * consumers, up to {@code bench.window} messages unconsumed) gives messages per second and
 * the send latency under load; <em>latency</em> (one producer, one consumer, one message in
 * flight) gives the end-to-end latency of a message on an otherwise idle broker.
 *
 * <pre>
 * bin/mvn -q -pl appserver -am -Pjms-benchmark verify
 * </pre>
 *
 * System properties: {@code bench.pairs} (5), {@code bench.seconds} per run (5),
 * {@code bench.warmup} seconds (5), {@code bench.producers} (4), {@code bench.consumers} (4),
 * {@code bench.size} message bytes (1024), {@code bench.window} unconsumed messages (1000),
 * {@code bench.out} (docs/results/jms). Writes {@code runs.csv}, {@code summary.csv}, and per
 * delivery mode {@code throughput-<mode>.png} and {@code latency-<mode>.png}.
 */
public final class JmsBenchmark {

    private record Row(String mode, int pair, String provider, LoadRun.Result result) {
    }

    /** A scenario: its name in the tables, and how many producers, consumers and unconsumed messages it runs with. */
    private record Scenario(String name, int producers, int consumers, int window) {
    }

    private JmsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        int pairs = Integer.getInteger("bench.pairs", 5);
        int seconds = Integer.getInteger("bench.seconds", 5);
        int warmup = Integer.getInteger("bench.warmup", 5);
        int producers = Integer.getInteger("bench.producers", 4);
        int consumers = Integer.getInteger("bench.consumers", 4);
        int size = Integer.getInteger("bench.size", 1024);
        int window = Integer.getInteger("bench.window", 1000);
        Path out = Path.of(System.getProperty("bench.out", "docs/results/jms")).toAbsolutePath();
        Files.createDirectories(out);
        Path work = Files.createTempDirectory("jms-bench");

        int syncNanos = DiskSync.measureNanos(work);
        System.out.printf(Locale.ROOT, "disk sync (4 KiB write + force): %d us%n", syncNanos / 1000);
        List<BenchProvider> providers = List.of(new IsolaBench(work.resolve("isola")),
                new LinkedIsolaBench(work.resolve("isola-link"), work.resolve("mvm")),
                new ArtemisBench(work.resolve("artemis"), true, 1, syncNanos),
                new ArtemisBench(work.resolve("artemis-defaults"), false, 2, syncNanos));
        List<Scenario> scenarios = List.of(new Scenario("throughput", producers, consumers, window), new Scenario("latency", 1, 1, 1));
        List<Row> rows = new ArrayList<>();
        try {
            for (boolean persistent : List.of(false, true)) {
                for (Scenario scenario : scenarios) {
                    String mode = (persistent ? "persistent" : "non-persistent") + " " + scenario.name();
                    for (BenchProvider p : providers) {
                        System.out.printf(Locale.ROOT, "warm-up %s %s%n", p.name(), mode);
                        new LoadRun(p, persistent, scenario.producers(), scenario.consumers(), scenario.window(), size).run(warmup);
                    }
                    for (int pair = 1; pair <= pairs; pair++) {
                        for (BenchProvider p : providers) {
                            LoadRun.Result r = new LoadRun(p, persistent, scenario.producers(), scenario.consumers(), scenario.window(), size)
                                    .run(seconds);
                            rows.add(new Row(mode, pair, p.name(), r));
                            System.out.printf(Locale.ROOT, "%-27s pair %d %-16s %9.0f msg/s  send p50 %7.0f us  e2e p50 %7.0f us p99 %8.0f us%n",
                                    mode, pair, p.name(), r.receivedPerSecond(), r.sendP50(), r.endToEndP50(), r.endToEndP99());
                        }
                    }
                }
            }
            if (providers.getFirst() instanceof IsolaBench isola) {
                System.out.println("isola store: " + isola.storeStatistics());
            }
        } finally {
            for (BenchProvider p : providers) {
                p.close();
            }
        }
        writeRuns(out.resolve("runs.csv"), rows);
        Map<String, Map<String, LoadRun.Result>> medians = medians(rows);
        writeSummary(out.resolve("summary.csv"), medians, providers);
        plot(out, medians, providers);
        System.out.println("settings:");
        providers.forEach(p -> System.out.println("  " + p.name() + ": " + p.settings()));
        System.out.printf(Locale.ROOT, "run %s: %d pairs of %d s; throughput: %d producers, %d listener consumers, window %d;"
                + " latency: 1 producer, 1 consumer, 1 message in flight; %d-byte text messages%n",
                LocalDate.now(), pairs, seconds, producers, consumers, window, size);
        System.out.println(Files.readString(out.resolve("summary.csv")));
    }

    private static void writeRuns(Path file, List<Row> rows) throws IOException {
        StringBuilder csv = new StringBuilder("mode,pair,provider,sent_per_s,received_per_s,send_p50_us,send_p99_us,e2e_p50_us,e2e_p95_us,e2e_p99_us\n");
        for (Row row : rows) {
            LoadRun.Result r = row.result();
            csv.append(String.format(Locale.ROOT, "%s,%d,%s,%.0f,%.0f,%.1f,%.1f,%.1f,%.1f,%.1f%n", row.mode(), row.pair(), row.provider(),
                    r.sentPerSecond(), r.receivedPerSecond(), r.sendP50(), r.sendP99(), r.endToEndP50(), r.endToEndP95(), r.endToEndP99()));
        }
        Files.writeString(file, csv);
    }

    /** Per mode and provider, the median of each figure over the pairs. */
    private static Map<String, Map<String, LoadRun.Result>> medians(List<Row> rows) {
        Map<String, Map<String, LoadRun.Result>> byMode = new LinkedHashMap<>();
        for (String mode : rows.stream().map(Row::mode).distinct().toList()) {
            Map<String, LoadRun.Result> byProvider = new LinkedHashMap<>();
            for (String provider : rows.stream().map(Row::provider).distinct().toList()) {
                List<LoadRun.Result> results = rows.stream().filter(r -> r.mode().equals(mode) && r.provider().equals(provider))
                        .map(Row::result).toList();
                byProvider.put(provider, new LoadRun.Result(median(results, LoadRun.Result::sentPerSecond),
                        median(results, LoadRun.Result::receivedPerSecond), median(results, LoadRun.Result::sendP50),
                        median(results, LoadRun.Result::sendP99), median(results, LoadRun.Result::endToEndP50),
                        median(results, LoadRun.Result::endToEndP95), median(results, LoadRun.Result::endToEndP99)));
            }
            byMode.put(mode, byProvider);
        }
        return byMode;
    }

    private static double median(List<LoadRun.Result> results, ToDoubleFunction<LoadRun.Result> figure) {
        double[] values = results.stream().mapToDouble(figure).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    private static void writeSummary(Path file, Map<String, Map<String, LoadRun.Result>> medians, List<BenchProvider> providers)
            throws IOException {
        StringBuilder csv = new StringBuilder("mode,provider,received_per_s,send_p50_us,send_p99_us,e2e_p50_us,e2e_p95_us,e2e_p99_us,"
                + "throughput_ratio_isola_to_this,throughput_ratio_isola_link_to_this\n");
        for (Map.Entry<String, Map<String, LoadRun.Result>> mode : medians.entrySet()) {
            LoadRun.Result ours = mode.getValue().get(providers.getFirst().name());
            LoadRun.Result linked = mode.getValue().get(providers.get(1).name());
            for (Map.Entry<String, LoadRun.Result> p : mode.getValue().entrySet()) {
                LoadRun.Result r = p.getValue();
                csv.append(String.format(Locale.ROOT, "%s,%s,%.0f,%.1f,%.1f,%.1f,%.1f,%.1f,%.2f,%.2f%n", mode.getKey(), p.getKey(),
                        r.receivedPerSecond(), r.sendP50(), r.sendP99(), r.endToEndP50(), r.endToEndP95(), r.endToEndP99(),
                        ours.receivedPerSecond() / r.receivedPerSecond(), linked.receivedPerSecond() / r.receivedPerSecond()));
            }
        }
        Files.writeString(file, csv);
    }

    /** One chart per delivery mode and figure: the modes differ by orders of magnitude, so they do not share an axis. */
    private static void plot(Path out, Map<String, Map<String, LoadRun.Result>> medians, List<BenchProvider> providers) throws IOException {
        for (String mode : List.of("non-persistent", "persistent")) {
            CategoryChart throughput = new CategoryChartBuilder().width(800).height(450)
                    .title("JMS " + mode + " throughput, client in the broker's JVM or over a link (median of pairs)").xAxisTitle("provider")
                    .yAxisTitle("messages received per second").build();
            CategoryChart latency = new CategoryChartBuilder().width(800).height(450)
                    .title("JMS " + mode + " end-to-end latency, one message in flight (median of pairs)").xAxisTitle("percentile")
                    .yAxisTitle("microseconds").build();
            Map<String, LoadRun.Result> loaded = medians.get(mode + " throughput");
            Map<String, LoadRun.Result> idle = medians.get(mode + " latency");
            for (BenchProvider p : providers) {
                throughput.addSeries(p.name(), List.of(mode), List.of(loaded.get(p.name()).receivedPerSecond()));
                LoadRun.Result r = idle.get(p.name());
                latency.addSeries(p.name(), List.of("p50", "p95", "p99"), List.of(r.endToEndP50(), r.endToEndP95(), r.endToEndP99()));
            }
            BitmapEncoder.saveBitmap(throughput, out.resolve("throughput-" + mode + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
            BitmapEncoder.saveBitmap(latency, out.resolve("latency-" + mode + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }
}

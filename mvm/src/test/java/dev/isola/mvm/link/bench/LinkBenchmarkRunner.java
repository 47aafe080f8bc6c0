package dev.isola.mvm.link.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the link and codec benchmarks interleaved (every benchmark once per round, rounds
 * repeated), so that the ratios compare runs made side by side on a shared machine, and writes
 * {@code results.csv} (every run), {@code summary.csv} (medians), {@code ratios.csv} (median of
 * the per-round ratios, with the targets) and PNG charts into the output directory.
 *
 * <p>Each run's score is the median of its measurement iterations, and each benchmark's figure
 * the median of its rounds: one iteration disturbed by another process on a shared machine
 * moves neither.
 *
 * <p>Arguments: output directory, then optionally the number of rounds (default 5).
 */
public final class LinkBenchmarkRunner {

    private static final List<String> BENCHMARKS = List.of(
            "LinkBenchmarks.roundTripLink", "LinkBenchmarks.roundTripUnixSocket", "LinkBenchmarks.callLinkInvoker",
            "LinkBenchmarks.callRmi", "LinkBenchmarks.callTcpJdkSerialization", "LinkBenchmarks.callTcpSameCodec",
            "LinkBenchmarks.oneWayLink", "LinkBenchmarks.oneWayUnixSocket", "LinkBenchmarks.oneWayTcp",
            "LinkBenchmarks.transfer1MiBCopy", "LinkBenchmarks.transfer1MiBMigrate",
            "CodecBenchmarks.intArrayOurs", "CodecBenchmarks.intArrayKryo", "CodecBenchmarks.intArrayJdk",
            "CodecBenchmarks.treeOurs", "CodecBenchmarks.treeKryo", "CodecBenchmarks.treeJdk",
            "CodecBenchmarks.smallOurs", "CodecBenchmarks.smallKryo", "CodecBenchmarks.smallJdk");

    /** slower (or, for throughput, faster) / ours, the target, and what it says. */
    private record Ratio(String name, String numerator, String denominator, double target) {
    }

    private static final List<Ratio> RATIOS = List.of(
            new Ratio("small call: RMI / link invoker", "LinkBenchmarks.callRmi", "LinkBenchmarks.callLinkInvoker", 8),
            new Ratio("small call: TCP same codec / link invoker", "LinkBenchmarks.callTcpSameCodec", "LinkBenchmarks.callLinkInvoker", 3),
            new Ratio("small call: TCP JDK serialization / link invoker", "LinkBenchmarks.callTcpJdkSerialization", "LinkBenchmarks.callLinkInvoker", 0),
            new Ratio("64 B round trip: Unix socket link / shared-memory link", "LinkBenchmarks.roundTripUnixSocket", "LinkBenchmarks.roundTripLink", 0),
            new Ratio("one-way msgs/s: shared-memory link / TCP", "LinkBenchmarks.oneWayLink", "LinkBenchmarks.oneWayTcp", 0),
            new Ratio("one-way msgs/s: shared-memory link / Unix socket link", "LinkBenchmarks.oneWayLink", "LinkBenchmarks.oneWayUnixSocket", 0),
            new Ratio("1 MiB: copy / migrate", "LinkBenchmarks.transfer1MiBCopy", "LinkBenchmarks.transfer1MiBMigrate", 10),
            new Ratio("int[65536]: JDK / ours", "CodecBenchmarks.intArrayJdk", "CodecBenchmarks.intArrayOurs", 5),
            new Ratio("tree of 1023: JDK / ours", "CodecBenchmarks.treeJdk", "CodecBenchmarks.treeOurs", 5),
            new Ratio("small message: JDK / ours", "CodecBenchmarks.smallJdk", "CodecBenchmarks.smallOurs", 0),
            new Ratio("int[65536]: Kryo / ours", "CodecBenchmarks.intArrayKryo", "CodecBenchmarks.intArrayOurs", 0),
            new Ratio("tree of 1023: Kryo / ours", "CodecBenchmarks.treeKryo", "CodecBenchmarks.treeOurs", 0),
            new Ratio("small message: Kryo / ours", "CodecBenchmarks.smallKryo", "CodecBenchmarks.smallOurs", 0));

    private LinkBenchmarkRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: LinkBenchmarkRunner <output directory> [rounds]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Files.createDirectories(out);
        Path home = Files.createTempDirectory("mvm-bench-home");
        String mvmHome = "-Dmvm.home=" + home;

        Map<String, List<Double>> scores = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        StringBuilder results = new StringBuilder("round,benchmark,mode,median_of_iterations,mean,error,unit\n");
        for (int round = 1; round <= rounds; round++) {
            for (String benchmark : BENCHMARKS) {
                // Link benchmarks warm up two JVMs (this one and the peer isolate); the codec only this one.
                boolean link = benchmark.startsWith("LinkBenchmarks.");
                Options options = new OptionsBuilder()
                        .include("^" + LinkBenchmarkRunner.class.getPackageName().replace(".", "\\.") + "\\." + benchmark.replace(".", "\\.") + "$")
                        .forks(1)
                        .warmupIterations(link ? 3 : 2).warmupTime(TimeValue.seconds(1))
                        .measurementIterations(link ? 5 : 3).measurementTime(TimeValue.seconds(1))
                        .jvmArgsAppend("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xmx1g", mvmHome)
                        .build();
                Collection<RunResult> run = new Runner(options).run();
                RunResult result = run.iterator().next();
                List<Double> iterations = result.getBenchmarkResults().stream()
                        .flatMap(b -> b.getIterationResults().stream())
                        .map(i -> i.getPrimaryResult().getScore())
                        .toList();
                double score = median(iterations);
                String unit = result.getPrimaryResult().getScoreUnit();
                scores.computeIfAbsent(benchmark, k -> new ArrayList<>()).add(score);
                units.put(benchmark, unit);
                results.append(String.format(Locale.ROOT, "%d,%s,%s,%.4f,%.4f,%.4f,%s%n", round, benchmark, result.getParams().getMode().shortLabel(),
                        score, result.getPrimaryResult().getScore(), result.getPrimaryResult().getScoreError(), unit));
                Files.writeString(out.resolve("results.csv"), results);
            }
        }

        StringBuilder summary = new StringBuilder("benchmark,unit,median,min,max,rounds\n");
        scores.forEach((name, values) -> summary.append(String.format(Locale.ROOT, "%s,%s,%.4f,%.4f,%.4f,%d%n", name, units.get(name),
                median(values), values.stream().mapToDouble(d -> d).min().orElse(0), values.stream().mapToDouble(d -> d).max().orElse(0), values.size())));
        Files.writeString(out.resolve("summary.csv"), summary);

        StringBuilder ratios = new StringBuilder("ratio,median,min,max,target,met\n");
        for (Ratio ratio : RATIOS) {
            List<Double> a = scores.get(ratio.numerator());
            List<Double> b = scores.get(ratio.denominator());
            List<Double> perRound = new ArrayList<>();
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                perRound.add(a.get(i) / b.get(i));
            }
            double median = median(perRound);
            ratios.append(String.format(Locale.ROOT, "%s,%.2f,%.2f,%.2f,%s,%s%n", ratio.name(), median,
                    perRound.stream().mapToDouble(d -> d).min().orElse(0), perRound.stream().mapToDouble(d -> d).max().orElse(0),
                    ratio.target() > 0 ? ">= " + (int) ratio.target() : "-", ratio.target() > 0 ? (median >= ratio.target() ? "yes" : "no") : "-"));
        }
        Files.writeString(out.resolve("ratios.csv"), ratios);
        System.out.println(summary);
        System.out.println(ratios);

        chart(out.resolve("latency.png"), "Round trips and transfers, median µs per operation (log scale)", scores,
                List.of("roundTripLink", "roundTripUnixSocket", "callLinkInvoker", "callTcpSameCodec", "callTcpJdkSerialization", "callRmi",
                        "transfer1MiBMigrate", "transfer1MiBCopy"), "LinkBenchmarks.", true);
        chart(out.resolve("codec.png"), "Deep copy (encode + decode), median µs per copy (log scale)", scores,
                List.of("intArrayOurs", "intArrayKryo", "intArrayJdk", "treeOurs", "treeKryo", "treeJdk", "smallOurs", "smallKryo", "smallJdk"),
                "CodecBenchmarks.", true);
        chart(out.resolve("throughput.png"), "One-way 64-byte messages, median messages per second", scores,
                List.of("oneWayLink", "oneWayUnixSocket", "oneWayTcp"), "LinkBenchmarks.", false);
    }

    private static void chart(Path file, String title, Map<String, List<Double>> scores, List<String> names, String prefix, boolean log)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(520).title(title).build();
        chart.getStyler().setLegendVisible(false);
        List<Double> medians = names.stream().map(n -> median(scores.get(prefix + n))).toList();
        chart.getStyler().setYAxisLogarithmic(log);
        if (log) {
            double smallest = medians.stream().mapToDouble(d -> d).min().orElse(1);
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(smallest))));
        }
        chart.getStyler().setXAxisLabelRotation(20);
        chart.addSeries("median", names, medians);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}

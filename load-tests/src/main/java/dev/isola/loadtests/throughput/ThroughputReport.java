package dev.isola.loadtests.throughput;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * The throughput benchmark's results: every measurement in {@code throughput.csv}, the medians
 * and the per-round ratios in {@code README.md} beside the paper's figures, and three plots
 * (median throughput, median response times, the ratio of each round).
 *
 * @param results    every measured period, in the order they ran
 * @param comparisons the two comparisons, each as (ours, baseline)
 */
record ThroughputReport(List<LoadResult> results, List<Comparison> comparisons) {

    /** Two configurations measured against each other, with the paper's figures and our target. */
    record Comparison(String key, String title, String ours, String baseline, double targetRatio, String paper) {
    }

    void write(Path directory, String command, String setup, String machine) throws IOException {
        Files.createDirectories(directory);
        writeCsv(directory.resolve("throughput.csv"));
        throughputChart(directory.resolve("throughput.png"));
        latencyChart(directory.resolve("latency.png"));
        roundsChart(directory.resolve("rounds.png"));
        Files.writeString(directory.resolve("README.md"), readme(command, setup, machine));
    }

    private void writeCsv(Path file) throws IOException {
        StringBuilder csv = new StringBuilder("comparison,configuration,round,clients,seconds,requests,errors,throughput_rps,p50_ms,p95_ms,p99_ms\n");
        for (LoadResult r : results) {
            csv.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.2f,%d,%d,%.1f,%.3f,%.3f,%.3f%n", r.comparison(), r.configuration(), r.round(),
                    r.clients(), r.seconds(), r.requests(), r.errors(), r.throughput(), r.p50Millis(), r.p95Millis(), r.p99Millis()));
        }
        Files.writeString(file, csv);
    }

    List<LoadResult> of(String configuration) {
        return results.stream().filter(r -> r.configuration().equals(configuration)).toList();
    }

    double median(String configuration, ToDoubleFunction<LoadResult> figure) {
        return median(of(configuration).stream().mapToDouble(figure).boxed().toList());
    }

    /** ours / baseline of {@code figure}, round by round (the two ran next to each other). */
    List<Double> ratios(Comparison c, ToDoubleFunction<LoadResult> figure) {
        List<LoadResult> ours = of(c.ours());
        List<LoadResult> baseline = of(c.baseline());
        List<Double> ratios = new ArrayList<>();
        for (LoadResult o : ours) {
            baseline.stream().filter(b -> b.round() == o.round()).findFirst()
                    .ifPresent(b -> ratios.add(figure.applyAsDouble(o) / figure.applyAsDouble(b)));
        }
        return ratios;
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private List<String> configurations() {
        return comparisons.stream().flatMap(c -> java.util.stream.Stream.of(c.ours(), c.baseline())).distinct().toList();
    }

    private void throughputChart(Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title("Throughput under constant load (median of rounds)")
                .yAxisTitle("requests/s").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisMin(0.0);
        List<String> names = configurations();
        chart.addSeries("req/s", names, names.stream().map(n -> median(n, LoadResult::throughput)).toList());
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private void latencyChart(Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title("Response time (median of rounds)")
                .yAxisTitle("ms").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setYAxisMin(0.0);
        List<String> names = configurations();
        chart.addSeries("p50", names, names.stream().map(n -> median(n, LoadResult::p50Millis)).toList());
        chart.addSeries("p95", names, names.stream().map(n -> median(n, LoadResult::p95Millis)).toList());
        chart.addSeries("p99", names, names.stream().map(n -> median(n, LoadResult::p99Millis)).toList());
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private void roundsChart(Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(520).title("Throughput ratio in each round (ours / baseline)")
                .xAxisTitle("round").yAxisTitle("ratio").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setXAxisDecimalPattern("0");
        for (Comparison c : comparisons) {
            List<Double> ratios = ratios(c, LoadResult::throughput);
            if (!ratios.isEmpty()) {
                chart.addSeries(c.ours() + " / " + c.baseline(), IntStream.rangeClosed(1, ratios.size()).boxed().toList(), ratios);
                chart.addSeries("target " + c.ours() + " / " + c.baseline(), List.of(1, Math.max(2, ratios.size())),
                        List.of(c.targetRatio(), c.targetRatio())).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private String readme(String command, String setup, String machine) {
        StringBuilder md = new StringBuilder();
        md.append("# Throughput: database co-located vs separate, MDC vs MS\n\n");
        md.append("The paper's throughput test (section 4.3): a simple products application under constant load. Here the application is\n")
                .append("`load-tests/products` (a servlet calling a stateless EJB that reads products from Derby through the domain's datasource\n")
                .append("`java:global/jdbc/products`, 2,000 products; each request runs a price-range query and a count by name), deployed unmodified.\n\n");
        md.append("- Command: `").append(command).append("`\n");
        md.append("- Date: ").append(LocalDate.now()).append("\n");
        md.append("- Setup: ").append(setup).append("\n\n");
        md.append("## What the numbers say\n\n");
        md.append("| comparison | throughput ratio (median of rounds) | interval of the median | target | median response time ratio | paper |\n"
                + "|---|---|---|---|---|---|\n");
        for (Comparison c : comparisons) {
            List<Double> rounds = ratios(c, LoadResult::throughput);
            double ratio = median(rounds);
            MedianInterval interval = MedianInterval.of(rounds);
            double latency = median(ratios(c, LoadResult::p50Millis));
            md.append(String.format(Locale.ROOT, "| %s: %s / %s | **%.2f** (%+.0f%% throughput; rounds: %s) | %.2f to %.2f (%.1f%%) | ≥ %.2f: %s | %.2f (%+.0f%% median response time) | %s |%n",
                    c.title(), c.ours(), c.baseline(), ratio, (ratio - 1) * 100, list(rounds), interval.low(), interval.high(),
                    interval.coverage() * 100, c.targetRatio(), verdict(ratio, interval, c.targetRatio()), latency, (latency - 1) * 100, c.paper()));
        }
        md.append("\nThe interval holds the median of the rounds' ratios with the probability in brackets, whatever their distribution "
                + "(the k-th smallest to the k-th largest ratio), and a target counts as shown in this run only when the whole interval "
                + "meets it. It covers the rounds' noise, not what sets the JVMs of one run apart for their whole life (what their JIT "
                + "compiled): on this shared machine a configuration measured against an identical twin differed by up to 26 % in a "
                + "round, and by 0.97 (interval 0.94 to 0.98) over twenty rounds of one run (docs/results/throughput/same-configuration/). "
                + "A difference of a few percent needs repeated runs.\n");
        md.append("\n## Medians per configuration\n\n");
        md.append("| configuration | rounds | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|\n");
        for (String name : configurations()) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.2f | %.2f | %.2f | %d |%n", name, of(name).size(),
                    median(name, LoadResult::throughput), median(name, LoadResult::p50Millis), median(name, LoadResult::p95Millis),
                    median(name, LoadResult::p99Millis), of(name).stream().mapToLong(LoadResult::errors).sum()));
        }
        md.append("\n![throughput](throughput.png)\n\n![latency](latency.png)\n\n![rounds](rounds.png)\n\n");
        md.append("Raw measurements: [throughput.csv](throughput.csv) (one line per measured period).\n\n");
        md.append("## Machine\n\n```\n").append(machine.strip()).append("\n```\n");
        return md.toString();
    }

    /** Met only if the median meets the target; "shown" only if the whole interval of the median does. */
    static String verdict(double ratio, MedianInterval interval, double target) {
        if (ratio < target) {
            return interval.high() < target ? "not met (the whole interval below)" : "not met";
        }
        return interval.wholeAtLeast(target) ? "met (the whole interval)" : "met by the median, not shown: the interval reaches below";
    }

    private static String list(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList());
    }
}

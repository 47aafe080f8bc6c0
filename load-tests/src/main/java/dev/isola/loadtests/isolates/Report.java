package dev.isola.loadtests.isolates;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Writes what a benchmark run measured: {@code isolates.csv} (one row per step of every
 * sweep), {@code breakdown.csv} (the last step of every sweep, by category),
 * {@code summary.md} (medians, ratios, machine) and the plots.
 */
final class Report {

    private static final double MB = 1024.0 * 1024.0;

    private final List<Configuration> configurations;
    private final List<Sample> samples;
    private final List<SweepDetail> details;
    private final int maxInstances;

    Report(List<Configuration> configurations, List<Sample> samples, List<SweepDetail> details, int maxInstances) {
        this.configurations = configurations;
        this.samples = samples;
        this.details = details;
        this.maxInstances = maxInstances;
    }

    void write(Path out, String command, String setup, String machine) throws IOException {
        Files.createDirectories(out);
        writeSamples(out.resolve("isolates.csv"));
        writeDetails(out.resolve("breakdown.csv"));
        Map<Configuration, List<Double>> pss = new LinkedHashMap<>();
        Map<Configuration, List<Double>> startup = new LinkedHashMap<>();
        for (Configuration c : configurations) {
            pss.put(c, mediansByInstances(c, s -> s.totalPss() / MB));
            startup.put(c, mediansByInstances(c, Sample::startupMillis));
        }
        Charts.lines(out.resolve("footprint.png"), "Total PSS of n servers (median of repetitions)", "total PSS (MB)", pss);
        Charts.lines(out.resolve("startup.png"), "Spawn to first HTTP 200 of the n-th server (median)", "milliseconds", startup);
        Map<String, List<Double>> categories = new LinkedHashMap<>();
        categories.put("Java heap", configurations.stream().map(c -> medianDetail(c, d -> d.heapPss() / MB)).toList());
        categories.put("class metadata", configurations.stream().map(c -> medianDetail(c, d -> d.classMetadataPss() / MB)).toList());
        categories.put("code cache", configurations.stream().map(c -> medianDetail(c, d -> d.codeCachePss() / MB)).toList());
        categories.put("other", configurations.stream().map(c -> medianDetail(c, d -> d.otherPss() / MB)).toList());
        Charts.breakdown(out.resolve("breakdown.png"), "PSS of " + maxInstances + " servers by category (median)", configurations, categories);
        Files.writeString(out.resolve("summary.md"), summary(command, setup, machine, pss, startup, categories));
    }

    private List<Double> mediansByInstances(Configuration c, ToDoubleFunction<Sample> value) {
        List<Double> medians = new ArrayList<>();
        for (int n = 1; n <= maxInstances; n++) {
            int instances = n;
            medians.add(Statistics.median(samples.stream().filter(s -> s.configuration() == c && s.instances() == instances)
                    .map(s -> value.applyAsDouble(s)).toList()));
        }
        return medians;
    }

    private double medianDetail(Configuration c, ToDoubleFunction<SweepDetail> value) {
        return Statistics.median(details.stream().filter(d -> d.configuration() == c).map(d -> value.applyAsDouble(d)).toList());
    }

    /** The median over repetitions of {@code value(x) / value(y)} at n = N, pairing the sweeps of one repetition. */
    private double medianPairedRatio(Configuration x, Configuration y, ToDoubleFunction<Sample> value) {
        List<Double> ratios = new ArrayList<>();
        for (Sample a : samples) {
            if (a.configuration() == x && a.instances() == maxInstances) {
                samples.stream().filter(b -> b.configuration() == y && b.instances() == maxInstances && b.repetition() == a.repetition())
                        .findFirst().ifPresent(b -> ratios.add(value.applyAsDouble(a) / value.applyAsDouble(b)));
            }
        }
        return Statistics.median(ratios);
    }

    private String summary(String command, String setup, String machine, Map<Configuration, List<Double>> pss,
                           Map<Configuration, List<Double>> startup, Map<String, List<Double>> categories) {
        StringBuilder md = new StringBuilder();
        md.append("# Isolates against plain JVMs: generated summary\n\n");
        md.append("Written by the benchmark itself; the discussion is in README.md.\n\n");
        md.append("- Command: `").append(command).append("`\n");
        md.append("- Date: ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n');
        md.append("- ").append(setup).append("\n\n");
        for (Configuration c : configurations) {
            md.append("- ").append(c.label()).append('\n');
        }
        md.append("\n## Total PSS of n servers (MB, median)\n\n");
        table(md, pss, "%.1f");
        md.append("\n## Spawn to first HTTP 200 of the n-th server (ms, median)\n\n");
        table(md, startup, "%.0f");
        md.append("\n## Ratios at n = ").append(maxInstances).append("\n\n");
        md.append("Ratio of medians, and in brackets the median of the per-repetition ratios (sweeps of one repetition run back to back).\n\n");
        md.append("| ratio | total PSS of ").append(maxInstances).append(" servers | startup of server ").append(maxInstances)
                .append(" |\n|---|---|---|\n");
        Configuration isolates = Configuration.ISOLATES;
        for (Configuration baseline : configurations) {
            if (baseline == isolates || !configurations.contains(isolates)) {
                continue;
            }
            md.append("| (").append(isolates.letter()).append(")/(").append(baseline.letter()).append(") | ")
                    .append(ratio(pss, isolates, baseline)).append(" (").append(format("%.3f", medianPairedRatio(isolates, baseline, s -> s.totalPss())))
                    .append(") | ").append(ratio(startup, isolates, baseline)).append(" (")
                    .append(format("%.3f", medianPairedRatio(isolates, baseline, Sample::startupMillis))).append(") |\n");
        }
        md.append("\n## PSS of ").append(maxInstances).append(" servers by category (MB, median, all servers together)\n\n");
        md.append("| category |");
        configurations.forEach(c -> md.append(" (").append(c.letter()).append(") |"));
        md.append("\n|---|").append("---|".repeat(configurations.size())).append('\n');
        categories.forEach((name, values) -> {
            md.append("| ").append(name).append(" |");
            values.forEach(v -> md.append(' ').append(format("%.1f", v)).append(" |"));
            md.append('\n');
        });
        md.append("\n## AOT cache mapping per isolate at n = ").append(maxInstances).append(" (MB, median)\n\n");
        md.append("| configuration | shared | private |\n|---|---|---|\n");
        for (Configuration c : configurations) {
            if (c.isolates()) {
                md.append("| ").append(c.label()).append(" | ").append(format("%.1f", medianDetail(c, d -> d.cacheMappingShared() / MB)))
                        .append(" | ").append(format("%.1f", medianDetail(c, d -> d.cacheMappingPrivate() / MB))).append(" |\n");
            }
        }
        md.append("\n## Share of the n-th server's classes from the class-data archive (median)\n\n");
        Map<Configuration, List<Double>> cached = new LinkedHashMap<>();
        configurations.forEach(c -> cached.put(c, mediansByInstances(c, s -> s.classesFromCache() * 100)));
        table(md, cached, "%.0f%%");
        md.append("\n## Machine\n\n```\n").append(machine).append("```\n");
        return md.toString();
    }

    private String ratio(Map<Configuration, List<Double>> medians, Configuration x, Configuration y) {
        return format("%.3f", medians.get(x).get(maxInstances - 1) / medians.get(y).get(maxInstances - 1));
    }

    private void table(StringBuilder md, Map<Configuration, List<Double>> values, String pattern) {
        md.append("| n |");
        values.keySet().forEach(c -> md.append(" (").append(c.letter()).append(") |"));
        md.append("\n|---|").append("---|".repeat(values.size())).append('\n');
        for (int n = 1; n <= maxInstances; n++) {
            md.append("| ").append(n).append(" |");
            for (List<Double> series : values.values()) {
                md.append(' ').append(format(pattern, series.get(n - 1))).append(" |");
            }
            md.append('\n');
        }
    }

    private void writeSamples(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("repetition,configuration,instances,startup_ms,total_pss_mb,total_rss_mb,total_shared_mb,total_private_mb,classes_from_archive_pct");
        for (Sample s : samples) {
            lines.add(csv(s.repetition(), s.configuration().letter(), s.instances(), format("%.1f", s.startupMillis()), mb(s.totalPss()),
                    mb(s.totalRss()), mb(s.totalShared()), mb(s.totalPrivate()), format("%.1f", s.classesFromCache() * 100)));
        }
        Files.write(file, lines);
    }

    private void writeDetails(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("repetition,configuration,instances,heap_pss_mb,class_metadata_pss_mb,code_cache_pss_mb,other_pss_mb,"
                + "cache_mapping_shared_mb_per_isolate,cache_mapping_private_mb_per_isolate");
        for (SweepDetail d : details) {
            lines.add(csv(d.repetition(), d.configuration().letter(), d.instances(), mb(d.heapPss()), mb(d.classMetadataPss()),
                    mb(d.codeCachePss()), mb(d.otherPss()), mb(d.cacheMappingShared()), mb(d.cacheMappingPrivate())));
        }
        Files.write(file, lines);
    }

    private static String mb(long bytes) {
        return format("%.2f", bytes / MB);
    }

    private static String csv(Object... fields) {
        return String.join(",", java.util.Arrays.stream(fields).map(String::valueOf).toList());
    }

    private static String format(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}

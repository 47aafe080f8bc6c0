package dev.isola.loadtests.evaluation;

import dev.isola.mvm.probe.Breakdown;
import dev.isola.mvm.probe.Category;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import dev.isola.mvm.probe.MemoryFigures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Paper figure 9: N servers with the Pet Store exercised, per setup, and their PSS broken into
 * Java heap, class metadata (the part shared with other processes, e.g. the AOT cache or the
 * JDK's CDS archive, and the private part), and VM/other (code cache, thread stacks, GC and
 * compiler structures, libraries). The categories come from {@link FootprintProbe#detailed},
 * which attaches to each JVM, so it runs after the totals are read.
 */
final class BreakdownExperiment {

    private static final List<String> PARTS = List.of("heap_mb", "class_shared_mb", "class_private_mb", "code_cache_mb", "other_mb");
    private static final List<String> COLUMNS = List.of("repetition", "setup", "processes", "pss_mb", "heap_mb", "class_shared_mb",
            "class_private_mb", "code_cache_mb", "other_mb");

    private BreakdownExperiment() {
    }

    static String run(Run run) throws IOException, InterruptedException {
        Table table = new Table(run.out().resolve("breakdown.csv"), COLUMNS);
        for (int repetition = 1; repetition <= run.repetitions(); repetition++) {
            for (Setup setup : run.order(repetition)) {
                try (Fleet fleet = run.open(setup, true)) {
                    for (int n = 1; n <= run.servers(); n++) {
                        fleet.startNext();
                        PetStoreClient.exercise(fleet.port(n), run.rounds());
                    }
                    fleet.awaitQuiet();
                    Thread.sleep(run.settle());
                    List<Long> pids = fleet.pids();
                    MemoryFigures total = FootprintProbe.totalOf(pids);
                    Map<String, Double> parts = new LinkedHashMap<>();
                    PARTS.forEach(p -> parts.put(p, 0.0));
                    for (long pid : pids) {
                        Footprint detailed = FootprintProbe.detailed(pid);
                        Breakdown breakdown = detailed.breakdown().orElseThrow(() -> new IOException("process " + pid + " gave no breakdown"));
                        MemoryFigures classes = breakdown.of(Category.CLASS_METADATA);
                        parts.merge("heap_mb", Run.megabytes(breakdown.of(Category.JAVA_HEAP).pss()), Double::sum);
                        parts.merge("class_private_mb", Run.megabytes(classes.privateBytes()), Double::sum);
                        parts.merge("class_shared_mb", Run.megabytes(classes.pss() - classes.privateBytes()), Double::sum);
                        parts.merge("code_cache_mb", Run.megabytes(breakdown.of(Category.CODE_CACHE).pss()), Double::sum);
                        parts.merge("other_mb", Run.megabytes(breakdown.of(Category.OTHER).pss()), Double::sum);
                    }
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("repetition", repetition);
                    row.put("setup", setup.label());
                    row.put("processes", pids.size());
                    row.put("pss_mb", Run.megabytes(total.pss()));
                    row.putAll(parts);
                    table.add(row);
                    System.out.printf(Locale.ROOT, "breakdown %d %-8s %d processes PSS %7.1f MB %s%n", repetition, setup.label(), pids.size(),
                            Run.megabytes(total.pss()), parts);
                }
                run.cleanWork();
            }
        }
        return report(run, table);
    }

    private static String report(Run run, Table table) throws IOException {
        StringBuilder text = new StringBuilder();
        boolean ratio = run.setups().contains(Setup.MS_PLAIN);
        text.append("\nPSS in MB of ").append(run.servers()).append(" server(s) with the Pet Store exercised, median of ").append(run.repetitions())
                .append(" repetition(s).\n\n| setup | processes | total PSS | heap | class metadata, shared | class metadata, private | code cache | other |")
                .append(ratio ? " total / MS-plain |\n" : "\n").append("|---".repeat(ratio ? 9 : 8)).append("|\n");
        double plain = median(table, Setup.MS_PLAIN, "pss_mb");
        Map<String, List<Double>> byCategory = new LinkedHashMap<>();
        List<String> labels = new ArrayList<>();
        for (Setup setup : run.setups()) {
            labels.add(setup.label());
            text.append(String.format(Locale.ROOT, "| %s | %.0f | %.1f |", setup.label(), median(table, setup, "processes"), median(table, setup, "pss_mb")));
            for (String part : PARTS) {
                double mb = median(table, setup, part);
                byCategory.computeIfAbsent(label(part), k -> new ArrayList<>()).add(mb);
                text.append(String.format(Locale.ROOT, " %.1f |", mb));
            }
            text.append(ratio ? String.format(Locale.ROOT, " %.2f |%n", median(table, setup, "pss_mb") / plain) : "\n");
        }
        Plots.stacked(run.out().resolve("breakdown.png"), run.servers() + " server(s) with the Pet Store: PSS by category", "PSS (MB)", labels, byCategory);
        text.append("\n![breakdown](breakdown.png)\n");
        return text.toString();
    }

    private static String label(String part) {
        return switch (part) {
            case "heap_mb" -> "Java heap";
            case "class_shared_mb" -> "class metadata, shared";
            case "class_private_mb" -> "class metadata, private";
            case "code_cache_mb" -> "code cache";
            default -> "VM/other";
        };
    }

    private static double median(Table table, Setup setup, String column) {
        return table.median(column, Table.is("setup", setup.label()));
    }
}

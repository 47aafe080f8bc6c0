package dev.isola.loadtests.evaluation;

import dev.isola.mvm.probe.FootprintProbe;
import dev.isola.mvm.probe.MemoryFigures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Paper figures 4 and 5: the total PSS of n = 1..N servers, idle (no application) and with the
 * Pet Store deployed and exercised, for each setup. After the n-th server answers (and, with
 * the Pet Store, has had its fixed workload), the run waits {@link Run#settle} and sums
 * {@code Pss} of {@code /proc/<pid>/smaps_rollup} over every process of the fleet, the admin
 * isolate included.
 */
final class FootprintExperiment {

    private static final List<String> COLUMNS = List.of("repetition", "setup", "application", "n", "ready_ms", "pss_mb", "shared_mb",
            "private_mb");

    private FootprintExperiment() {
    }

    static String run(Run run) throws IOException, InterruptedException {
        Table table = new Table(run.out().resolve("footprint.csv"), COLUMNS);
        for (int repetition = 1; repetition <= run.repetitions(); repetition++) {
            for (Setup setup : run.order(repetition)) {
                for (boolean withApplication : new boolean[]{false, true}) {
                    sweep(run, table, repetition, setup, withApplication);
                }
            }
        }
        return report(run, table);
    }

    private static void sweep(Run run, Table table, int repetition, Setup setup, boolean withApplication) throws IOException, InterruptedException {
        String application = withApplication ? "petstore" : "idle";
        try (Fleet fleet = run.open(setup, withApplication)) {
            for (int n = 1; n <= run.servers(); n++) {
                long readyMs = fleet.startNext().toMillis();
                if (withApplication) {
                    PetStoreClient.exercise(fleet.port(n), run.rounds());
                }
                fleet.awaitQuiet();
                Thread.sleep(run.settle());
                MemoryFigures total = FootprintProbe.totalOf(fleet.pids());
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("repetition", repetition);
                row.put("setup", setup.label());
                row.put("application", application);
                row.put("n", n);
                row.put("ready_ms", readyMs);
                row.put("pss_mb", Run.megabytes(total.pss()));
                row.put("shared_mb", Run.megabytes(total.shared()));
                row.put("private_mb", Run.megabytes(total.privateBytes()));
                table.add(row);
                System.out.printf(Locale.ROOT, "footprint %d %-8s %-8s n=%d ready %5d ms  PSS %7.1f MB%n", repetition, setup.label(), application, n,
                        readyMs, Run.megabytes(total.pss()));
            }
        }
        run.cleanWork();
    }

    private static String report(Run run, Table table) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String application : List.of("idle", "petstore")) {
            Map<String, List<Double>> series = new LinkedHashMap<>();
            text.append("\n### ").append(application.equals("idle") ? "Idle servers (no application): paper figure 4"
                    : "Pet Store deployed and exercised: paper figure 5").append("\n\n");
            text.append("Total PSS in MB, median of ").append(run.repetitions()).append(" repetition(s); ratios to MS-plain and MS-tuned at the same n.\n\n");
            text.append("| n |");
            for (Setup setup : run.setups()) {
                text.append(' ').append(setup.label()).append(" |");
            }
            for (Setup setup : run.setups()) {
                if (!setup.standalone()) {
                    text.append(' ').append(setup.label()).append(" / MS-plain | ").append(setup.label()).append(" / MS-tuned |");
                }
            }
            text.append('\n').append("|---".repeat(1 + run.setups().size() + 2 * (int) run.setups().stream().filter(s -> !s.standalone()).count()))
                    .append("|\n");
            for (int n = 1; n <= run.servers(); n++) {
                int servers = n;
                text.append("| ").append(n).append(" |");
                for (Setup setup : run.setups()) {
                    double pss = pss(table, setup, application, servers);
                    series.computeIfAbsent(setup.label(), k -> new ArrayList<>()).add(pss);
                    text.append(String.format(Locale.ROOT, " %.1f |", pss));
                }
                for (Setup setup : run.setups()) {
                    if (!setup.standalone()) {
                        double pss = pss(table, setup, application, servers);
                        text.append(' ').append(ratio(pss, pss(table, Setup.MS_PLAIN, application, servers))).append(" | ")
                                .append(ratio(pss, pss(table, Setup.MS_TUNED, application, servers))).append(" |");
                    }
                }
                text.append('\n');
            }
            text.append('\n');
            for (Setup setup : run.setups()) {
                double first = pss(table, setup, application, 1);
                double last = pss(table, setup, application, run.servers());
                text.append(String.format(Locale.ROOT, "- %s: first server %.1f MB, each further server %.1f MB on average%n", setup.label(), first,
                        run.servers() > 1 ? (last - first) / (run.servers() - 1) : Double.NaN));
            }
            String png = "footprint-" + application + ".png";
            Plots.lines(run.out().resolve(png), "Total PSS of n servers, " + (application.equals("idle") ? "idle" : "Pet Store exercised"),
                    "PSS (MB)", series);
            text.append("\n![").append(application).append("](").append(png).append(")\n");
        }
        return text.toString();
    }

    /** {@code a / b} with two decimals, or "not run" when the baseline was not part of the run. */
    private static String ratio(double a, double b) {
        return Double.isNaN(b) ? "not run" : String.format(Locale.ROOT, "%.2f", a / b);
    }

    private static double pss(Table table, Setup setup, String application, int n) {
        return table.median("pss_mb", Table.is("setup", setup.label()).and(Table.is("application", application)).and(Table.is("n", n)));
    }
}

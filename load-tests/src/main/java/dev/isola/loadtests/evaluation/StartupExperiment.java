package dev.isola.loadtests.evaluation;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Paper figures 6 and 10: the time from the request to start the n-th server (spawning its JVM;
 * the admin's {@code POST /api/domains/{d}/start}) to the first HTTP 200 of its Pet Store, while
 * the n-1 servers before it keep running. Servers start one after another, none is exercised.
 */
final class StartupExperiment {

    private static final List<String> COLUMNS = List.of("repetition", "setup", "n", "ready_ms");

    private StartupExperiment() {
    }

    static String run(Run run) throws IOException, InterruptedException {
        Table table = new Table(run.out().resolve("startup.csv"), COLUMNS);
        for (int repetition = 1; repetition <= run.repetitions(); repetition++) {
            for (Setup setup : run.order(repetition)) {
                try (Fleet fleet = run.open(setup, true)) {
                    for (int n = 1; n <= run.servers(); n++) {
                        long readyMs = fleet.startNext().toMillis();
                        Map<String, Object> row = new LinkedHashMap<>();
                        row.put("repetition", repetition);
                        row.put("setup", setup.label());
                        row.put("n", n);
                        row.put("ready_ms", readyMs);
                        table.add(row);
                        System.out.printf(Locale.ROOT, "startup %d %-8s n=%d ready %5d ms%n", repetition, setup.label(), n, readyMs);
                    }
                }
                run.cleanWork();
            }
        }
        return report(run, table);
    }

    private static String report(Run run, Table table) throws IOException {
        StringBuilder text = new StringBuilder();
        double cold = ready(table, Setup.MS_PLAIN, 1);
        text.append("\nTime to the first HTTP 200 of the n-th server's Pet Store in ms, median of ").append(run.repetitions())
                .append(" repetition(s); the last columns divide by the cold standalone server (MS-plain, n = 1: ")
                .append(String.format(Locale.ROOT, "%.0f ms", cold)).append(").\n\n| n |");
        for (Setup setup : run.setups()) {
            text.append(' ').append(setup.label()).append(" ms |");
        }
        for (Setup setup : run.setups()) {
            text.append(' ').append(setup.label()).append(" / cold |");
        }
        text.append('\n').append("|---".repeat(1 + 2 * run.setups().size())).append("|\n");
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (int n = 1; n <= run.servers(); n++) {
            text.append("| ").append(n).append(" |");
            for (Setup setup : run.setups()) {
                double ms = ready(table, setup, n);
                series.computeIfAbsent(setup.label(), k -> new ArrayList<>()).add(ms / 1000.0);
                text.append(String.format(Locale.ROOT, " %.0f |", ms));
            }
            for (Setup setup : run.setups()) {
                text.append(String.format(Locale.ROOT, " %.2f |", ready(table, setup, n) / cold));
            }
            text.append('\n');
        }
        Plots.lines(run.out().resolve("startup.png"), "Time to the n-th server's first Pet Store 200", "seconds", series);
        text.append("\n![startup](startup.png)\n");
        return text.toString();
    }

    private static double ready(Table table, Setup setup, int n) {
        return table.median("ready_ms", Table.is("setup", setup.label()).and(Table.is("n", n)));
    }
}

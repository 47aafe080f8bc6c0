import dev.isola.mvm.probe.Breakdown;
import dev.isola.mvm.probe.Category;
import dev.isola.mvm.probe.DiagnosticCommands;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * By hand (measure.sh): each isolate's PSS, heap and old generation (used and committed, from
 * {@code jcmd GC.heap_info}) at one phase of the run, appended to idle-old-generation.csv; then
 * {@code plot} draws idle-old-generation.png from it and prints the rows.
 *
 * <pre>
 * java -cp "mvm/target/image/lib/*:load-tests/target/image/lib/*" IdleOldGeneration.java measure OUT PHASE (BUILD ISOLATE PID)...
 * java -cp "mvm/target/image/lib/*:load-tests/target/image/lib/*" IdleOldGeneration.java plot OUT
 * </pre>
 */
public class IdleOldGeneration {
    private static final double MB = 1024 * 1024;
    private static final String CSV = "idle-old-generation.csv";
    private static final Pattern TENURED = Pattern.compile("Tenured\\s+total (\\d+)K, used (\\d+)K");

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        Path csv = out.resolve(CSV);
        if (args[0].equals("plot")) {
            plot(out, Files.readAllLines(csv));
            return;
        }
        String phase = args[2];
        if (!Files.exists(csv)) {
            Files.writeString(csv, "build,isolate,phase,pss_mb,heap_mb,old_used_mb,old_committed_mb\n");
        }
        for (int i = 3; i + 2 < args.length; i += 3) {
            long pid = Long.parseLong(args[i + 2]);
            Footprint footprint = FootprintProbe.detailed(pid);
            Breakdown b = footprint.breakdown().orElseThrow();
            Matcher tenured = TENURED.matcher(DiagnosticCommands.execute(pid, "GC.heap_info"));
            if (!tenured.find()) {
                throw new IOException("no serial old generation in jcmd " + pid + " GC.heap_info");
            }
            String row = String.format(Locale.ROOT, "%s,%s,%s,%.1f,%.1f,%.1f,%.1f%n", args[i], args[i + 1], phase,
                    footprint.total().pss() / MB, b.of(Category.JAVA_HEAP).pss() / MB, Long.parseLong(tenured.group(2)) / 1024.0,
                    Long.parseLong(tenured.group(1)) / 1024.0);
            Files.writeString(csv, row, StandardOpenOption.APPEND);
            System.out.print(row);
        }
    }

    /** One bar per build, isolate and phase: the isolate's PSS. */
    private static void plot(Path out, List<String> lines) throws IOException {
        Map<String, Map<String, Double>> byPhase = new LinkedHashMap<>();
        List<String> isolates = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            String isolate = f[1] + " (" + f[0] + ")";
            if (!isolates.contains(isolate)) {
                isolates.add(isolate);
            }
            byPhase.computeIfAbsent(f[2], k -> new LinkedHashMap<>()).put(isolate, Double.parseDouble(f[3]));
        }
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title("Isolates with a fixed young generation: PSS after load and once idle")
                .xAxisTitle("isolate (build)").yAxisTitle("PSS (MB)").build();
        byPhase.forEach((phase, values) -> chart.addSeries(phase, isolates, isolates.stream().map(i -> values.getOrDefault(i, 0.0)).toList()));
        BitmapEncoder.saveBitmap(chart, out.resolve("idle-old-generation.png").toString(), BitmapEncoder.BitmapFormat.PNG);
        lines.forEach(System.out::println);
    }
}

import dev.isola.mvm.probe.Breakdown;
import dev.isola.mvm.probe.Category;
import dev.isola.mvm.probe.DiagnosticCommands;
import dev.isola.mvm.probe.Footprint;
import dev.isola.mvm.probe.FootprintProbe;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * By hand (measure.sh): the footprint of idle domains by category, with their classes, threads and start time;
 * writes idle-domains.csv and idle-domains.png into OUT and prints each variant's means.
 *
 * <pre>java -cp "mvm/target/image/lib/*:load-tests/target/image/lib/*" IdleDomains.java OUT (VARIANT DOMAIN PID READY_MS)...</pre>
 */
public class IdleDomains {
    private static final double MB = 1024 * 1024;

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        StringBuilder csv = new StringBuilder("variant,domain,pss_mb,heap_mb,class_metadata_mb,code_cache_mb,other_mb,classes,derby_classes,threads,ready_ms\n");
        Map<String, List<double[]>> byVariant = new LinkedHashMap<>();
        List<String> domains = new ArrayList<>();
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (String category : List.of("heap", "class metadata", "code cache", "other")) {
            series.put(category, new ArrayList<>());
        }
        for (int i = 1; i + 3 < args.length; i += 4) {
            String variant = args[i], domain = args[i + 1];
            long pid = Long.parseLong(args[i + 2]);
            int ready = Integer.parseInt(args[i + 3]);
            Footprint footprint = FootprintProbe.detailed(pid);
            Breakdown b = footprint.breakdown().orElseThrow();
            double pss = footprint.total().pss() / MB, heap = b.of(Category.JAVA_HEAP).pss() / MB, meta = b.of(Category.CLASS_METADATA).pss() / MB,
                    code = b.of(Category.CODE_CACHE).pss() / MB, other = b.of(Category.OTHER).pss() / MB;
            List<String> classes = DiagnosticCommands.execute(pid, "VM.classes").lines().toList();
            long loaded = classes.stream().filter(l -> l.startsWith("0x")).count();
            long derby = classes.stream().filter(l -> l.contains(" org.apache.derby.")).count();
            long threads;
            try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
                threads = tasks.count();
            }
            csv.append(String.format(Locale.ROOT, "%s,%s,%.1f,%.1f,%.1f,%.1f,%.1f,%d,%d,%d,%d%n", variant, domain, pss, heap, meta, code, other,
                    loaded, derby, threads, ready));
            byVariant.computeIfAbsent(variant, k -> new ArrayList<>()).add(new double[]{pss, heap, meta, code, other, loaded, derby, threads, ready});
            domains.add(domain);
            series.get("heap").add(heap);
            series.get("class metadata").add(meta);
            series.get("code cache").add(code);
            series.get("other").add(other);
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("idle-domains.csv"), csv);
        CategoryChart chart = new CategoryChartBuilder().width(900).height(560).title("Idle combined domains: PSS by category")
                .xAxisTitle("domain").yAxisTitle("MB").build();
        chart.getStyler().setStacked(true);
        series.forEach((name, values) -> chart.addSeries(name, domains, values));
        BitmapEncoder.saveBitmap(chart, out.resolve("idle-domains.png").toString(), BitmapEncoder.BitmapFormat.PNG);
        System.out.print(csv);
        byVariant.forEach((variant, rows) -> {
            double[] mean = new double[rows.getFirst().length];
            rows.forEach(r -> {
                for (int k = 0; k < r.length; k++) {
                    mean[k] += r[k] / rows.size();
                }
            });
            System.out.printf(Locale.ROOT, "%s: mean PSS %.1f MB (heap %.1f, class metadata %.1f, code %.1f, other %.1f), %.0f classes (%.0f Derby), %.0f threads, ready in %.0f ms%n",
                    variant, mean[0], mean[1], mean[2], mean[3], mean[4], mean[5], mean[6], mean[7], mean[8]);
        });
    }
}

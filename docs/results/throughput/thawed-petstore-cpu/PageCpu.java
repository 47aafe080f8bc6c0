import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * By hand: the CPU a domain isolate spends per page (the Pet Store's catalog, or {@code -Dpages}), for two domains measured in turn
 * in the same rounds. Closed loop, {@code clients} clients browsing the pages of one
 * domain for {@code seconds}, then the other's; CPU is the isolate's user and system time over
 * the measurement ({@code ProcessHandle.Info#totalCpuDuration}). Writes page-cpu.csv and page-cpu.png into {@code out}.
 *
 * <pre>java [-Dpages=/a,/b] -cp "load-tests/target/image/lib/*" PageCpu.java OUT SECONDS CLIENTS ROUNDS NAME=URL@PID NAME=URL@PID</pre>
 */
public class PageCpu {
    /** The pages each client cycles through: the Pet Store's catalog unless -Dpages=/a,/b says otherwise. */
    private static final String[] PAGES = System.getProperty("pages", String.join(",", "/petstore/", "/petstore/category?id=FISH",
            "/petstore/category?id=DOGS", "/petstore/category?id=CATS", "/petstore/category?id=BIRDS", "/petstore/category?id=REPTILES")).split(",");

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int seconds = Integer.parseInt(args[1]), clients = Integer.parseInt(args[2]), rounds = Integer.parseInt(args[3]);
        Map<String, List<Double>> cpuPerPage = new LinkedHashMap<>();
        StringBuilder csv = new StringBuilder("round,domain,pages,errors,pages_per_s,cpu_ms_per_page\n");
        for (int round = 1; round <= rounds; round++) {
            for (int t = 4; t < args.length; t++) {
                String name = args[t].substring(0, args[t].indexOf('='));
                String base = args[t].substring(name.length() + 1, args[t].indexOf('@'));
                long pid = Long.parseLong(args[t].substring(args[t].indexOf('@') + 1));
                long[] result = measure(base, pid, seconds, clients);
                double cpu = result[2] / (double) result[0];
                cpuPerPage.computeIfAbsent(name, k -> new ArrayList<>()).add(cpu);
                csv.append(String.format(java.util.Locale.ROOT, "%d,%s,%d,%d,%.1f,%.4f%n", round, name, result[0], result[1], result[0] / (double) seconds, cpu));
                System.out.printf(java.util.Locale.ROOT, "round %d %-8s %8.1f pages/s  %.4f ms CPU/page  errors %d%n", round, name, result[0] / (double) seconds, cpu, result[1]);
            }
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("page-cpu.csv"), csv);
        CategoryChart chart = new CategoryChartBuilder().width(900).height(560).title("CPU per page (" + String.join(", ", PAGES) + "), domains measured in turn")
                .xAxisTitle("round").yAxisTitle("ms of CPU per page").build();
        List<String> x = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            x.add(Integer.toString(r));
        }
        cpuPerPage.forEach((name, values) -> chart.addSeries(name, x, values));
        BitmapEncoder.saveBitmap(chart, out.resolve("page-cpu.png").toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** {pages, errors, CPU ms} of {@code clients} clients browsing {@code base} for {@code seconds}. */
    private static long[] measure(String base, long pid, int seconds, int clients) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        AtomicLong pages = new AtomicLong(), errors = new AtomicLong();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long cpuBefore = cpuMillis(pid);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int first = c;
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = first; System.nanoTime() < end; i++) {
                    try {
                        HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(base + PAGES[i % PAGES.length])).build(),
                                HttpResponse.BodyHandlers.discarding());
                        (r.statusCode() == 200 ? pages : errors).incrementAndGet();
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return new long[]{pages.get(), errors.get(), cpuMillis(pid) - cpuBefore};
    }

    /** The process's CPU time (user and system), in ms. */
    private static long cpuMillis(long pid) {
        return ProcessHandle.of(pid).flatMap(process -> process.info().totalCpuDuration())
                .orElseThrow(() -> new IllegalStateException("no CPU time for process " + pid)).toMillis();
    }
}

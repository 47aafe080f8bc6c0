package dev.isola.loadtests.throughput;

import org.HdrHistogram.Histogram;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Constant load in a closed model, as in the paper: a fixed number of clients, each sending
 * its next request as soon as the previous one is answered (no think time). Clients are
 * virtual threads, spread evenly over the target URLs, on one Jetty HTTP client with
 * persistent connections; every response time goes into an HdrHistogram (1 µs to 60 s, 3
 * significant digits). An answer counts when its status is 200 and its body ends the product
 * table; anything else is an error, and the first one is kept to report.
 */
final class ClosedLoad implements AutoCloseable {

    private static final long HIGHEST_MICROS = TimeUnit.SECONDS.toMicros(60);
    private static final String EXPECTED = "</table>";

    private final HttpClient http;

    ClosedLoad(int clients) throws Exception {
        http = new HttpClient();
        http.setMaxConnectionsPerDestination(Math.max(64, clients));
        http.setFollowRedirects(false);
        http.start();
    }

    /** The error seen first in the last {@link #run}, if any. */
    private volatile String firstError = "";

    String firstError() {
        return firstError;
    }

    /**
     * Runs {@code clients} clients against {@code targets} (client i uses target i mod n) for
     * {@code duration}, and returns what they measured.
     */
    LoadResult run(String comparison, String configuration, int round, List<URI> targets, int clients, Duration duration) throws InterruptedException {
        firstError = "";
        long end = System.nanoTime() + duration.toNanos();
        List<Histogram> histograms = new ArrayList<>();
        AtomicLong errors = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        long begin = System.nanoTime();
        for (int i = 0; i < clients; i++) {
            URI target = targets.get(i % targets.size());
            Histogram histogram = new Histogram(1, HIGHEST_MICROS, 3);
            histograms.add(histogram);
            threads.add(Thread.ofVirtual().name("client-" + i).start(() -> {
                while (System.nanoTime() < end) {
                    long sent = System.nanoTime();
                    try {
                        ContentResponse response = http.newRequest(target).timeout(30, TimeUnit.SECONDS).send();
                        long micros = Math.max(1, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent));
                        if (response.getStatus() == 200 && response.getContentAsString().contains(EXPECTED)) {
                            histogram.recordValue(Math.min(micros, HIGHEST_MICROS));
                        } else {
                            error(errors, target + " answered " + response.getStatus() + ": " + abbreviate(response.getContentAsString()));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    } catch (Exception e) {
                        error(errors, target + ": " + e);
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - begin) / 1e9;
        Histogram all = new Histogram(1, HIGHEST_MICROS, 3);
        histograms.forEach(all::add);
        return new LoadResult(comparison, configuration, round, clients, seconds, all.getTotalCount(), errors.get(),
                all.getTotalCount() / seconds, millis(all, 50), millis(all, 95), millis(all, 99));
    }

    private void error(AtomicLong errors, String what) {
        if (errors.getAndIncrement() == 0) {
            firstError = what;
        }
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    private static String abbreviate(String body) {
        String line = body.replaceAll("\\s+", " ").strip();
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    @Override
    public void close() throws Exception {
        http.stop();
    }
}

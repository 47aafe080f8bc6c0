package dev.isola.domains.isolate;

import dev.isola.domains.DomainDirectory;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.applications.ApplicationRecord;
import dev.isola.domains.applications.ApplicationRegistry;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigJson;
import dev.isola.domains.config.DomainMode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Measurement, not product code (docs/results/startup/warm-jvm/): boots {@code N} fresh combined
 * domains, each with the Pet Store recorded (so its tables are created and seeded, as for the
 * startup experiment's n-th domain), one after another in this one JVM, and prints each one's time
 * to ready and to its first page. Boot 1 is a cold JVM's; the later ones show what a domain start
 * would cost in a JVM that is already running and warm. After each boot it prints this JVM's
 * memory with the domain running, and again once the domain is stopped and the heap collected:
 * what a warm spare JVM, waiting for the next domain, would keep.
 *
 * <pre>BootTimes petstore.ear N</pre>
 */
public final class BootTimes {
    /** This process's resident and proportional set sizes: what a warm spare JVM would cost. */
    static String pss() throws Exception {
        return Files.readAllLines(Path.of("/proc/self/smaps_rollup")).stream().filter(l -> l.startsWith("Pss:") || l.startsWith("Rss:")).map(String::trim).reduce((a, b) -> a + ", " + b).orElse("");
    }
    public static void main(String[] args) throws Exception {
        Path ear = Path.of(args[0]);
        int boots = Integer.parseInt(args[1]);
        Path root = Files.createTempDirectory("boot-times");
        long jvmStart = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("main after " + (System.currentTimeMillis() - jvmStart) + " ms of JVM");
        for (int i = 1; i <= boots; i++) {
            long t0 = System.nanoTime();
            DomainDirectory directory = DomainsRoot.at(root).create(DomainConfig.defaults("d" + i, DomainMode.COMBINED, 0));
            Path stored = Files.copy(ear, directory.archives().resolve("petstore.ear"));
            new ApplicationRegistry(directory).put(ApplicationRecord.ofStored("petstore", stored));
            DomainConfig config = DomainConfigJson.load(directory.configFile());
            try (InProcessDomain domain = InProcessDomain.boot(config, directory, "t")) {
                int port = domain.httpPort();
                long ready = System.nanoTime();
                HttpClient http = HttpClient.newHttpClient();
                int code = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/petstore/")).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                long page = System.nanoTime();
                System.out.printf("boot %d: ready %d ms, first page %d (%d ms)%n", i, (ready - t0) / 1_000_000, code, (page - ready) / 1_000_000);
                for (int k = 0; k < 20; k++) http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/petstore/category?id=FISH")).build(), HttpResponse.BodyHandlers.discarding());
                Thread.sleep(3000);
                System.out.println("boot " + i + " running: " + pss());
            }
            System.gc(); System.gc();
            Thread.sleep(5000);
            System.out.println("boot " + i + " stopped (a spare): " + pss());
        }
        System.exit(0);
    }
}

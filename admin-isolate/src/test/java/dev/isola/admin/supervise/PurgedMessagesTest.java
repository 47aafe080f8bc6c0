package dev.isola.admin.supervise;

import dev.isola.admin.metrics.PrometheusMetrics;
import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.mvm.image.Image;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The purge counter as {@code /metrics} exports it, from a supervisor of two stopped domains
 * (the purges themselves, against real domains, are in {@code JmsQueuesIT}): one series per
 * domain and destination, a durable subscription's with its id as a label, summed over purges,
 * none before the first purge.
 */
class PurgedMessagesTest {

    @TempDir
    Path dir;

    private Supervisor supervisor;

    @BeforeEach
    void twoStoppedDomains() {
        DomainsRoot root = DomainsRoot.at(dir.resolve("domains"));
        root.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        root.create(DomainConfig.defaults("crm", DomainMode.SEPARATED, 8081));
        supervisor = new Supervisor(root, Image.ofCurrentJvm("test"), dir.resolve("mvm"), RestartPolicy.DEFAULTS);
    }

    @AfterEach
    void close() {
        supervisor.close();
    }

    private String scrape() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PrometheusMetrics(supervisor, Instant.now()).write(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> purgeLines(String metrics) {
        return metrics.lines().filter(l -> l.contains("isola_jms_messages_purged")).toList();
    }

    @Test
    void noPurgeNoSeries() throws IOException {
        assertEquals(List.of(), purgeLines(scrape()));
        assertEquals(Map.of(), supervisor.domain("shop").purgedMessages().totals());
    }

    @Test
    void eachDomainAndDestinationCountsWhatItsPurgesRemovedWithASubscriptionAsALabel() throws IOException {
        PurgedMessages shop = supervisor.domain("shop").purgedMessages();
        shop.add(PurgedMessages.Source.queue("orders"), 4);
        shop.add(PurgedMessages.Source.queue("orders"), 3);
        shop.add(PurgedMessages.Source.subscription("prices", "app:audit"), 2);
        shop.add(PurgedMessages.Source.queue("invoices"), 0);
        supervisor.domain("crm").purgedMessages().add(PurgedMessages.Source.queue("orders"), 5);

        Map<PurgedMessages.Source, Long> expected = new LinkedHashMap<>();
        expected.put(PurgedMessages.Source.queue("invoices"), 0L);
        expected.put(PurgedMessages.Source.queue("orders"), 7L);
        expected.put(PurgedMessages.Source.subscription("prices", "app:audit"), 2L);
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(shop.totals().entrySet()), "sorted by destination, summed over purges");

        // The exposition sorts a metric's series by their labels.
        List<String> lines = purgeLines(scrape());
        assertEquals(List.of(
                "# HELP isola_jms_messages_purged_total Messages removed by purges of a queue or durable subscription since the admin isolate started",
                "# TYPE isola_jms_messages_purged_total counter",
                "isola_jms_messages_purged_total{destination=\"invoices\",domain=\"shop\"} 0.0",
                "isola_jms_messages_purged_total{destination=\"orders\",domain=\"crm\"} 5.0",
                "isola_jms_messages_purged_total{destination=\"orders\",domain=\"shop\"} 7.0",
                "isola_jms_messages_purged_total{destination=\"prices\",domain=\"shop\",subscription=\"app:audit\"} 2.0"), lines);
    }

    @Test
    void theCounterSitsWithTheOtherJmsCountersInTheirFormat() throws IOException {
        supervisor.domain("shop").purgedMessages().add(PurgedMessages.Source.queue("orders"), 1);
        String metrics = scrape();
        assertTrue(metrics.contains("# TYPE isola_domain_restarts gauge\n"), metrics);
        assertFalse(metrics.contains("isola_jms_messages_purged_total_total"), "named as the other counters are: _total once");
        assertTrue(metrics.indexOf("# TYPE isola_jms_messages_purged_total counter") > metrics.indexOf("# TYPE isola_domain_restarts gauge"),
                "gauges first, then counters, as for every metric here");
    }
}

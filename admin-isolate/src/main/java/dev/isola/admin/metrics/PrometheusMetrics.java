package dev.isola.admin.metrics;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.IsolateView;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.control.DataSourceStatus;
import dev.isola.domains.control.MemberMetrics;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Prometheus metrics of {@code /metrics}, taken when scraped: each domain's state,
 * restarts and applications; each isolate's heap, young generation, collections, PSS
 * (shared and private) and classes from the shared AOT cache; each JMS destination's depth,
 * consumers and counters, and the messages purged from each queue and durable subscription since
 * the admin isolate started; each web module's requests by status class, those being answered and
 * their durations as a histogram. Written in the Prometheus text format by the Prometheus Java client.
 */
public final class PrometheusMetrics {

    public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private final Supervisor supervisor;
    private final Instant adminStarted;

    public PrometheusMetrics(Supervisor supervisor, Instant adminStarted) {
        this.supervisor = supervisor;
        this.adminStarted = adminStarted;
    }

    public void write(OutputStream out) throws IOException {
        PrometheusTextFormatWriter.create().write(out, collect());
    }

    MetricSnapshots collect() {
        Gauges gauges = new Gauges();
        Counters counters = new Counters();
        Histograms histograms = new Histograms();
        gauges.add("isola_admin_uptime_seconds", "Seconds since the admin isolate started", Labels.EMPTY,
                Duration.between(adminStarted, Instant.now()).toSeconds());
        for (DomainRuntime domain : supervisor.all()) {
            Labels domainLabels = Labels.of("domain", domain.name());
            for (DomainRuntime.State state : DomainRuntime.State.values()) {
                gauges.add("isola_domain_state", "1 for the state the domain is in, 0 for the others", domainLabels.add("state", state.name()),
                        domain.state() == state ? 1 : 0);
            }
            var view = domain.view();
            gauges.add("isola_domain_restarts", "Restarts of the domain's isolates within the restart policy's window", domainLabels, view.restarts());
            gauges.add("isola_domain_applications", "Applications recorded for the domain", domainLabels, view.applications().size());
            for (IsolateView isolate : domain.isolates()) {
                Labels labels = Labels.of("domain", domain.name(), "isolate", isolate.name(), "member", isolate.member());
                gauges.add("isola_isolate_uptime_seconds", "Seconds since the isolate's process started", labels, isolate.uptimeSeconds());
                gauges.addIfKnown("isola_isolate_heap_used_bytes", "Java heap in use", labels, isolate.heapUsedBytes());
                gauges.addIfKnown("isola_isolate_heap_max_bytes", "Java heap limit (-Xmx)", labels, isolate.heapMaxBytes());
                gauges.addIfKnown("isola_isolate_young_generation_bytes", "Current capacity of the young generation", labels, isolate.youngGenerationBytes());
                gauges.addIfKnown("isola_isolate_pss_bytes", "Proportional set size: the isolate's share of the memory it uses", labels, isolate.pssBytes());
                gauges.addIfKnown("isola_isolate_shared_bytes", "Resident memory shared with other processes", labels, isolate.sharedBytes());
                gauges.addIfKnown("isola_isolate_private_bytes", "Resident memory only this isolate maps", labels, isolate.privateBytes());
                gauges.addIfKnown("isola_isolate_classes_loaded", "Classes loaded since the isolate started", labels, isolate.classesLoaded());
                gauges.addIfKnown("isola_isolate_classes_from_cache", "Classes that came from the image's shared AOT cache", labels,
                        isolate.classesFromCache());
                counters.addIfKnown("isola_isolate_gc_collections", "Garbage collections", labels, isolate.gcCount());
                if (isolate.gcTimeMillis() != null) {
                    counters.add("isola_isolate_gc_seconds", "Time spent in garbage collection", labels, isolate.gcTimeMillis() / 1000.0);
                }
            }
            domain.purgedMessages().totals().forEach((source, removed) -> {
                Labels labels = Labels.of("destination", source.destination(), "domain", domain.name());
                counters.add("isola_jms_messages_purged", "Messages removed by purges of a queue or durable subscription since the admin isolate"
                        + " started", source.subscription() == null ? labels : labels.add("subscription", source.subscription()), removed);
            });
            for (Map.Entry<String, MemberMetrics> member : domain.metrics().entrySet()) {
                for (MemberMetrics.DestinationMetrics d : member.getValue().jmsDestinations()) {
                    Labels labels = Labels.of("destination", d.name(), "domain", domain.name(), "isolate", member.getKey(), "type", d.type());
                    gauges.add("isola_jms_destination_depth", "Messages waiting on the destination", labels, d.depth());
                    gauges.add("isola_jms_destination_in_flight", "Messages delivered and not yet acknowledged", labels, d.inFlight());
                    gauges.add("isola_jms_destination_consumers", "Consumers of the destination", labels, d.consumers());
                    counters.add("isola_jms_messages_enqueued", "Messages sent to the destination", labels, d.enqueued());
                    counters.add("isola_jms_messages_acknowledged", "Messages consumed from the destination", labels, d.acknowledged());
                    counters.add("isola_jms_messages_dead_lettered", "Messages moved to a dead-letter queue", labels, d.deadLettered());
                }
                for (DataSourceStatus d : member.getValue().dataSources()) {
                    if (!DataSourceStatus.OPEN.equals(d.state())) {
                        continue; // a pool not open has no figures: it is listed by the API, not measured
                    }
                    Labels labels = Labels.of("application", d.application(), "datasource", d.name(), "domain", domain.name(), "isolate",
                            member.getKey());
                    gauges.add("isola_datasource_connections", "Connections of a datasource's pool, lent to applications (active) or waiting in"
                            + " the pool (idle)", labels.add("state", "active"), d.active());
                    gauges.add("isola_datasource_connections", "Connections of a datasource's pool, lent to applications (active) or waiting in"
                            + " the pool (idle)", labels.add("state", "idle"), d.idle());
                    gauges.add("isola_datasource_connections_max", "The bound of a datasource's pool", labels, d.maxPoolSize());
                    gauges.add("isola_datasource_threads_waiting", "Threads waiting for a connection of a datasource's pool (it is exhausted while"
                            + " above 0)", labels, d.waiting());
                }
                for (MemberMetrics.WebModuleMetrics m : member.getValue().webModules()) {
                    Labels labels = Labels.of("application", m.application(), "context", m.contextPath().isEmpty() ? "/" : m.contextPath(),
                            "domain", domain.name(), "isolate", member.getKey(), "module", m.module());
                    for (int statusClass = 0; statusClass < m.byStatusClass().size(); statusClass++) {
                        counters.add("isola_http_requests", "HTTP requests a web module answered since its deployment, by status class",
                                labels.add("status", (statusClass + 1) + "xx"), m.byStatusClass().get(statusClass));
                    }
                    gauges.add("isola_http_requests_active", "HTTP requests a web module is answering", labels, m.active());
                    histograms.add("isola_http_request_duration_seconds", "Time from a request reaching a web module to its response",
                            histogramPoint(labels, m));
                }
            }
        }
        List<MetricSnapshot> all = new ArrayList<>();
        all.addAll(gauges.build());
        all.addAll(counters.build());
        all.addAll(histograms.build());
        return new MetricSnapshots(all);
    }

    /** A web module's durations as a classic histogram: its buckets with the last one's bound +Inf, and their sum. */
    private static HistogramSnapshot.HistogramDataPointSnapshot histogramPoint(Labels labels, MemberMetrics.WebModuleMetrics m) {
        double[] bounds = new double[m.byDuration().size()];
        long[] counts = new long[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = i < m.bucketBounds().size() ? m.bucketBounds().get(i) : Double.POSITIVE_INFINITY;
            counts[i] = m.byDuration().get(i);
        }
        return HistogramSnapshot.HistogramDataPointSnapshot.builder().classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts))
                .sum(m.durationSeconds()).labels(labels).build();
    }

    /** Data points grouped by metric, in the order first seen; {@code P} a data point, {@code S} a metric's snapshot. */
    private abstract static class Family<P, S> {
        private final Map<String, String> help = new LinkedHashMap<>();
        private final Map<String, List<P>> points = new LinkedHashMap<>();

        abstract S snapshot(String name, String help, List<P> points);

        void add(String name, String text, P point) {
            help.putIfAbsent(name, text);
            points.computeIfAbsent(name, n -> new ArrayList<>()).add(point);
        }

        List<S> build() {
            List<S> built = new ArrayList<>();
            points.forEach((name, list) -> built.add(snapshot(name, help.get(name), list)));
            return built;
        }
    }

    /** A family whose data points are one number each. */
    private abstract static class ValueFamily<P, S> extends Family<P, S> {

        abstract P point(Labels labels, double value);

        void add(String name, String text, Labels labels, double value) {
            add(name, text, point(labels, value));
        }

        void addIfKnown(String name, String text, Labels labels, Long value) {
            if (value != null) {
                add(name, text, labels, value);
            }
        }
    }

    private static final class Gauges extends ValueFamily<GaugeSnapshot.GaugeDataPointSnapshot, GaugeSnapshot> {
        @Override
        GaugeSnapshot.GaugeDataPointSnapshot point(Labels labels, double value) {
            return GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
        }

        @Override
        GaugeSnapshot snapshot(String name, String help, List<GaugeSnapshot.GaugeDataPointSnapshot> points) {
            GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
            points.forEach(b::dataPoint);
            return b.build();
        }
    }

    private static final class Counters extends ValueFamily<CounterSnapshot.CounterDataPointSnapshot, CounterSnapshot> {
        @Override
        CounterSnapshot.CounterDataPointSnapshot point(Labels labels, double value) {
            return CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build();
        }

        @Override
        CounterSnapshot snapshot(String name, String help, List<CounterSnapshot.CounterDataPointSnapshot> points) {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
            points.forEach(b::dataPoint);
            return b.build();
        }
    }

    private static final class Histograms extends Family<HistogramSnapshot.HistogramDataPointSnapshot, HistogramSnapshot> {
        @Override
        HistogramSnapshot snapshot(String name, String help, List<HistogramSnapshot.HistogramDataPointSnapshot> points) {
            HistogramSnapshot.Builder b = HistogramSnapshot.builder().name(name).help(help);
            points.forEach(b::dataPoint);
            return b.build();
        }
    }
}

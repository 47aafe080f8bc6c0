package dev.isola.appserver.web;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The requests one web module has answered since it was deployed: how many, by status class
 * (1xx to 5xx), how long they took (as counts per duration bucket, and in total), and how many
 * are being answered now. What an operator graphs per application: traffic, error rate and
 * latency, as Prometheus reads them from the admin's {@code /metrics}.
 *
 * <p>Counters rather than a log of requests: recording one costs a few uncontended additions,
 * and the figures of a module stay the same size however long it runs. They start from zero
 * with each deployment, as a counter does with each process in Prometheus.
 */
public final class RequestStatistics {

    /** The upper bounds of the duration buckets, in seconds: the Prometheus clients' defaults, from a quick page to a slow report. */
    public static final List<Double> BUCKET_BOUNDS = List.of(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0);

    private final LongAdder[] byStatusClass = adders(5);
    /** One per bound, and the last for the requests slower than every bound. */
    private final LongAdder[] byDuration = adders(BUCKET_BOUNDS.size() + 1);
    private final LongAdder nanos = new LongAdder();
    private final LongAdder active = new LongAdder();

    /**
     * What a module's requests came to at one moment.
     *
     * @param byStatusClass    responses with a 1xx, 2xx, 3xx, 4xx and 5xx status, in that order
     * @param byDuration       responses per duration bucket of {@link #BUCKET_BOUNDS}, not cumulative, the last one for the slower ones
     * @param durationSeconds  the time all responses took together
     * @param active           requests being answered
     */
    public record Snapshot(List<Long> byStatusClass, List<Long> byDuration, double durationSeconds, long active) implements Serializable {

        public Snapshot {
            byStatusClass = List.copyOf(byStatusClass);
            byDuration = List.copyOf(byDuration);
        }

        /** Every response counted. */
        public long requests() {
            return byStatusClass.stream().mapToLong(Long::longValue).sum();
        }
    }

    /** A request has come in. */
    void begin() {
        active.increment();
    }

    /** The request that {@link #begin} counted was answered with {@code status} after {@code elapsedNanos}. */
    void end(int status, long elapsedNanos) {
        active.decrement();
        // A status outside 100 to 599 cannot be sent; should a component set one anyway, it counts as a server error.
        int statusClass = status >= 100 && status <= 599 ? status / 100 - 1 : 4;
        byStatusClass[statusClass].increment();
        nanos.add(elapsedNanos);
        double seconds = elapsedNanos / 1e9;
        int bucket = 0;
        while (bucket < BUCKET_BOUNDS.size() && seconds > BUCKET_BOUNDS.get(bucket)) {
            bucket++;
        }
        byDuration[bucket].increment();
    }

    /** The figures now; taken while requests run, so they may be a request apart from one another, never further. */
    public Snapshot snapshot() {
        return new Snapshot(sums(byStatusClass), sums(byDuration), nanos.sum() / 1e9, active.sum());
    }

    private static LongAdder[] adders(int count) {
        LongAdder[] adders = new LongAdder[count];
        for (int i = 0; i < count; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }

    private static List<Long> sums(LongAdder[] adders) {
        List<Long> sums = new ArrayList<>(adders.length);
        for (LongAdder adder : adders) {
            sums.add(adder.sum());
        }
        return sums;
    }
}

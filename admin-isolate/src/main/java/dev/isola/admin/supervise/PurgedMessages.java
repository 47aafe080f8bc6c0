package dev.isola.admin.supervise;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many messages purges removed from each of a domain's JMS queues and durable subscriptions
 * since the admin isolate started: what {@code /metrics} exports as
 * {@code isola_jms_messages_purged_total}. The admin counts them, not the broker, because every
 * purge is asked for through the admin, and the broker's counts would start again with each
 * restart of the domain's JMS isolate.
 *
 * <pre>{@code
 * domain.purgedMessages().totals()   // {orders=12, prices/app:audit=3}, by destination then subscription
 * }</pre>
 */
public final class PurgedMessages {

    /**
     * What a purge removed messages from.
     *
     * @param destination  the queue, or the topic of a durable subscription
     * @param subscription the durable subscription's id ({@code clientId:name}, or {@code name}), null for a queue
     */
    public record Source(String destination, String subscription) {

        static final Comparator<Source> ORDER = Comparator.comparing(Source::destination)
                .thenComparing(Source::subscription, Comparator.nullsFirst(Comparator.naturalOrder()));

        static Source queue(String queue) {
            return new Source(queue, null);
        }

        static Source subscription(String topic, String subscription) {
            return new Source(topic, subscription);
        }
    }

    private final ConcurrentMap<Source, LongAdder> removed = new ConcurrentHashMap<>();

    /** Counts {@code count} messages removed from {@code source}; a purge that found none still makes the source appear, at 0. */
    void add(Source source, int count) {
        removed.computeIfAbsent(source, s -> new LongAdder()).add(count);
    }

    /** The messages removed from each source purged so far, sorted by destination, the queue before the subscriptions of a topic. */
    public Map<Source, Long> totals() {
        Map<Source, Long> totals = new TreeMap<>(Source.ORDER);
        removed.forEach((source, count) -> totals.put(source, count.sum()));
        return totals;
    }
}

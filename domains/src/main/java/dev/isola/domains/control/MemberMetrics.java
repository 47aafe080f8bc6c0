package dev.isola.domains.control;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/**
 * Application-level figures of one domain isolate, for the admin's metrics (memory and GC
 * figures the admin reads from the process itself, with {@link dev.isola.mvm.probe.FootprintProbe}).
 *
 * @param at              when they were taken
 * @param applications    applications deployed
 * @param jmsDestinations every JMS destination of the isolate's JMS sub-server (none without one)
 * @param webModules      the requests of every web module of the isolate's web sub-server (none without one)
 * @param dataSources     every datasource of the isolate with its pool's figures
 */
public record MemberMetrics(Instant at, int applications, List<DestinationMetrics> jmsDestinations, List<WebModuleMetrics> webModules,
                            List<DataSourceStatus> dataSources) implements Serializable {

    /**
     * One JMS destination.
     *
     * @param type queue or topic
     */
    public record DestinationMetrics(String name, String type, int depth, int inFlight, int consumers, long enqueued, long acknowledged,
                                     long expired, long deadLettered) implements Serializable {
    }

    /**
     * The requests one web module has answered since it was deployed.
     *
     * @param contextPath     where it is served ("" for the root)
     * @param byStatusClass   responses with a 1xx, 2xx, 3xx, 4xx and 5xx status, in that order
     * @param bucketBounds    upper bounds of the duration buckets, in seconds, ascending
     * @param byDuration      responses per duration bucket, not cumulative: one per bound, then one for the slower ones
     * @param durationSeconds the time all responses took together
     * @param active          requests being answered when the figures were taken
     */
    public record WebModuleMetrics(String application, String module, String contextPath, List<Long> byStatusClass, List<Double> bucketBounds,
                                   List<Long> byDuration, double durationSeconds, long active) implements Serializable {

        public WebModuleMetrics {
            byStatusClass = List.copyOf(byStatusClass);
            bucketBounds = List.copyOf(bucketBounds);
            byDuration = List.copyOf(byDuration);
            if (byStatusClass.size() != 5 || byDuration.size() != bucketBounds.size() + 1) {
                throw new IllegalArgumentException("5 status classes and one duration bucket more than bounds expected, got "
                        + byStatusClass.size() + " and " + byDuration.size() + " for " + bucketBounds.size() + " bounds");
            }
        }

        /** Every response counted. */
        public long requests() {
            return byStatusClass.stream().mapToLong(Long::longValue).sum();
        }

        /** The responses whose status is {@code hundreds}xx (1 to 5). */
        public long withStatusClass(int hundreds) {
            return byStatusClass.get(hundreds - 1);
        }
    }

    public MemberMetrics {
        jmsDestinations = List.copyOf(jmsDestinations);
        // An isolate of an earlier build, adopted after an upgrade, sends figures without web modules: Java serialization
        // then gives this component null, and its figures should still be read.
        webModules = webModules == null ? List.of() : List.copyOf(webModules);
        dataSources = dataSources == null ? List.of() : List.copyOf(dataSources);
    }
}

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
 */
public record MemberMetrics(Instant at, int applications, List<DestinationMetrics> jmsDestinations) implements Serializable {

    /**
     * One JMS destination.
     *
     * @param type queue or topic
     */
    public record DestinationMetrics(String name, String type, int depth, int inFlight, int consumers, long enqueued, long acknowledged,
                                     long expired, long deadLettered) implements Serializable {
    }

    public MemberMetrics {
        jmsDestinations = List.copyOf(jmsDestinations);
    }
}

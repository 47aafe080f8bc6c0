package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.control.MemberMetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/domains/{domain}/jms}: every JMS destination of the domain's JMS sub-server, as
 * the isolate hosting it reports it over its control link (the same figures as the
 * {@code isola_jms_*} metrics).
 */
final class JmsResource {

    /**
     * One destination.
     *
     * @param isolate      the isolate whose JMS sub-server holds it
     * @param type         queue or topic
     * @param depth        messages waiting
     * @param inFlight     delivered and not yet acknowledged
     * @param deadLettered moved to a dead-letter queue after too many delivery attempts
     */
    record Destination(String isolate, String name, String type, int depth, int inFlight, int consumers, long enqueued, long acknowledged,
                       long expired, long deadLettered) {
    }

    private final Supervisor supervisor;

    JmsResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    ApiResponse destinations(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        List<Destination> destinations = new ArrayList<>();
        for (Map.Entry<String, MemberMetrics> member : domain.metrics().entrySet()) {
            for (MemberMetrics.DestinationMetrics d : member.getValue().jmsDestinations()) {
                destinations.add(new Destination(member.getKey(), d.name(), d.type(), d.depth(), d.inFlight(), d.consumers(), d.enqueued(),
                        d.acknowledged(), d.expired(), d.deadLettered()));
            }
        }
        return ApiResponse.ok(destinations);
    }
}

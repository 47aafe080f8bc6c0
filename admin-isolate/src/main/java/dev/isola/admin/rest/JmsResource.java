package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.JmsQueues;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.control.JmsQueueContents;
import dev.isola.domains.control.MemberMetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/domains/{domain}/jms}: every JMS destination of the domain's JMS sub-server, as
 * the isolate hosting it reports it over its control link (the same figures as the
 * {@code isola_jms_*} metrics); and {@code /jms/{destination}/messages}: the messages waiting in
 * a queue, listed without consuming them ({@code GET}) or purged ({@code DELETE}).
 */
final class JmsResource {

    /** How many waiting messages a listing gives unless {@code ?limit} says otherwise, and at most. */
    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1000;

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

    /**
     * The messages waiting in a queue; those in flight (delivered, not yet acknowledged) are
     * counted and not listed.
     *
     * @param depth    messages waiting, more than listed when the limit cut the listing short
     * @param messages the first ones in delivery order
     */
    record QueueMessages(String destination, String isolate, int depth, int inFlight, List<JmsQueueContents.Message> messages) {
    }

    /** What a purge removed. */
    record Purged(String destination, String isolate, int removed) {
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

    ApiResponse messages(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        int limit = request.number("limit", DEFAULT_LIMIT, MAX_LIMIT);
        JmsQueues.Listing listing = domain.jmsQueues().list(request.path("destination"), limit);
        JmsQueueContents contents = listing.contents();
        return ApiResponse.ok(new QueueMessages(contents.queue(), listing.isolate(), contents.depth(), contents.inFlight(), contents.messages()));
    }

    ApiResponse purge(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String destination = request.path("destination");
        JmsQueues.Purge purge = domain.jmsQueues().purge(destination);
        return ApiResponse.ok(new Purged(destination, purge.isolate(), purge.removed()));
    }
}

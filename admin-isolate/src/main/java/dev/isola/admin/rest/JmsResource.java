package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.JmsQueues;
import dev.isola.admin.supervise.JmsSubscriptions;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.control.JmsQueueContents;
import dev.isola.domains.control.JmsSubscription;
import dev.isola.domains.control.MemberMetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/domains/{domain}/jms}: every JMS destination of the domain's JMS sub-server, as
 * the isolate hosting it reports it over its control link (the same figures as the
 * {@code isola_jms_*} metrics); {@code /jms/{destination}/messages}: the messages waiting in a
 * queue, listed without consuming them ({@code GET}) or purged ({@code DELETE}); and
 * {@code /jms/{destination}/subscriptions}: a topic's durable subscriptions, and with
 * {@code /{subscription}/messages} the messages waiting in one, listed or purged as a queue's.
 * A subscription is named by its id, {@code clientId:name}, or {@code name} for one without a
 * client id.
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
     * The messages waiting in a queue or a durable subscription; those in flight (delivered, not
     * yet acknowledged) are counted and not listed.
     *
     * @param subscription the durable subscription's id, absent for a queue
     * @param depth        messages waiting, more than listed when the limit cut the listing short
     * @param messages     the first ones in delivery order
     */
    record WaitingMessages(String destination, String subscription, String isolate, int depth, int inFlight,
                           List<JmsQueueContents.Message> messages) {
    }

    /**
     * What a purge removed.
     *
     * @param subscription the durable subscription's id, absent for a queue
     */
    record Purged(String destination, String subscription, String isolate, int removed) {
    }

    /** A topic's durable subscriptions, sorted by id. */
    record TopicSubscriptions(String destination, String isolate, List<JmsSubscription> subscriptions) {
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
        return ApiResponse.ok(waiting(null, domain.jmsQueues().list(request.path("destination"), limit)));
    }

    ApiResponse purge(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String destination = request.path("destination");
        JmsQueues.Purge purge = domain.jmsQueues().purge(destination);
        return ApiResponse.ok(new Purged(destination, null, purge.isolate(), purge.removed()));
    }

    ApiResponse subscriptions(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String topic = request.path("destination");
        JmsSubscriptions.Listing listing = domain.jmsSubscriptions().list(topic);
        return ApiResponse.ok(new TopicSubscriptions(topic, listing.isolate(), listing.subscriptions()));
    }

    ApiResponse subscriptionMessages(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        int limit = request.number("limit", DEFAULT_LIMIT, MAX_LIMIT);
        String subscription = request.path("subscription");
        return ApiResponse.ok(waiting(subscription, domain.jmsSubscriptions().browse(request.path("destination"), subscription, limit)));
    }

    ApiResponse purgeSubscription(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String topic = request.path("destination");
        String subscription = request.path("subscription");
        JmsQueues.Purge purge = domain.jmsSubscriptions().purge(topic, subscription);
        return ApiResponse.ok(new Purged(topic, subscription, purge.isolate(), purge.removed()));
    }

    private static WaitingMessages waiting(String subscription, JmsQueues.Listing listing) {
        JmsQueueContents contents = listing.contents();
        return new WaitingMessages(contents.queue(), subscription, listing.isolate(), contents.depth(), contents.inFlight(), contents.messages());
    }
}

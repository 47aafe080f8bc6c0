package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.events.DomainEvent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** {@code /api/events} and {@code /api/domains/{domain}/events}: starts, exits with their causes, restarts, deployments; oldest first. */
final class EventsResource {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 10_000;

    private final Supervisor supervisor;

    EventsResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    ApiResponse ofDomain(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        return ApiResponse.ok(domain.journal().last(request.number("limit", DEFAULT_LIMIT, MAX_LIMIT)));
    }

    ApiResponse all(ApiRequest request) {
        int limit = request.number("limit", DEFAULT_LIMIT, MAX_LIMIT);
        List<DomainEvent> events = new ArrayList<>();
        for (DomainRuntime domain : supervisor.all()) {
            events.addAll(domain.journal().last(limit));
        }
        events.sort(Comparator.comparing(DomainEvent::at));
        return ApiResponse.ok(events.subList(Math.max(0, events.size() - limit), events.size()));
    }
}

package dev.isola.admin.rest;

import dev.isola.admin.supervise.DataSources;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.control.DataSourcePing;
import dev.isola.domains.control.DataSourceStatus;
import dev.isola.domains.control.MemberMetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/domains/{domain}/datasources}: every datasource of the domain's isolates with its
 * pool's figures (the same as the {@code isola_datasource_*} metrics); and
 * {@code POST .../datasources/ping?name=java:global/jdbc/orders[&application=shop]}: whether its
 * database answers now. JNDI names hold slashes, so the name is a query parameter rather than a
 * path segment.
 */
final class DataSourcesResource {

    /**
     * One datasource of one isolate.
     *
     * @param isolate     the isolate whose pool it is (a separated domain's web and EJB isolates each have their own)
     * @param application the application that defined it; empty for the domain's own
     */
    record DataSource(String isolate, String name, String application, String database, String state, int active, int idle, int waiting,
                      int maxPoolSize) {
    }

    /** What a ping found; {@code product} and {@code millis} when reachable, {@code sqlState} and {@code problem} when not. */
    record Ping(String domain, String isolate, String name, String application, boolean reachable, String product, Long millis,
                Boolean openedPool, String sqlState, String problem) {
    }

    private final Supervisor supervisor;

    DataSourcesResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    ApiResponse list(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        List<DataSource> all = new ArrayList<>();
        for (Map.Entry<String, MemberMetrics> member : domain.metrics().entrySet()) {
            for (DataSourceStatus d : member.getValue().dataSources()) {
                all.add(new DataSource(member.getKey(), d.name(), d.application(), d.database(), d.state(), d.active(), d.idle(), d.waiting(),
                        d.maxPoolSize()));
            }
        }
        return ApiResponse.ok(all);
    }

    ApiResponse ping(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String name = request.query("name").filter(n -> !n.isBlank()).orElseThrow(() -> new ApiException(400,
                "say which datasource to ping: ?name=java:global/jdbc/orders (deploy-tool list-datasources lists them)"));
        DataSources.Ping ping = domain.dataSources().ping(name, request.query("application").orElse(null));
        DataSourcePing answer = ping.answer();
        return ApiResponse.ok(answer.reachable()
                ? new Ping(domain.name(), ping.isolate(), answer.name(), answer.application(), true, answer.product(), answer.millis(),
                        answer.openedPool(), null, null)
                : new Ping(domain.name(), ping.isolate(), answer.name(), answer.application(), false, null, null, null, answer.sqlState(),
                        answer.problem()));
    }
}

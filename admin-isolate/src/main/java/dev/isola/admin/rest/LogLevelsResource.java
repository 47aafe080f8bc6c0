package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.DomainConfigJson;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code GET} and {@code PUT /api/domains/{domain}/log-levels}: the levels of the domain's
 * loggers that differ from the defaults, read and replaced; a replacement takes effect in the
 * running isolates at once ({@link DomainRuntime#setLogLevels}).
 */
final class LogLevelsResource {

    /** The answer: the levels, and for a change what it changed and where it took effect. */
    record LogLevelsView(String domain, Map<String, String> levels, List<String> changes, Map<String, Map<String, String>> applied,
                         Map<String, String> notApplied) {
    }

    private final Supervisor supervisor;

    LogLevelsResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    ApiResponse get(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        return ApiResponse.ok(new LogLevelsView(domain.name(), domain.nextConfiguration().logLevels().asText(), List.of(), Map.of(), Map.of()));
    }

    /** The body is {@code {"levels": {"org.apache.catalina": "FINE"}}}, the whole set: a logger left out goes back to its default. */
    ApiResponse replace(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        JsonNode body = DomainsResource.readJson(request);
        JsonNode levels = body.get("levels");
        if (!body.isObject() || levels == null || !levels.isObject() || body.size() != 1) {
            throw new DomainConfigException("levels", "the body is {\"levels\": {\"<logger>\": \"<level>\", ...}}, every logger whose level is"
                    + " not the default (an empty object puts every default back)");
        }
        DomainRuntime.LogLevelChange change = domain.setLogLevels(DomainConfigJson.readLogLevels(levels));
        return ApiResponse.ok(new LogLevelsView(domain.name(), change.levels().asText(), change.changes(), change.applied(), change.notApplied()));
    }
}

package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.DomainView;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.DomainConfigJson;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * {@code /api/domains}: list, create, detail, delete, start, stop, restart.
 *
 * <p>Creating checks the configuration (errors name the field) and the port: neither another
 * domain nor another process may have it. Without {@code httpPort} the first free port from
 * 8080 up is taken. A created domain is stopped unless the body says {@code "start": true}.
 */
final class DomainsResource {

    private static final int MAX_BODY = 64 * 1024;

    private final Supervisor supervisor;
    private final DomainPorts ports;

    DomainsResource(Supervisor supervisor) {
        this.supervisor = supervisor;
        this.ports = new DomainPorts(supervisor);
    }

    ApiResponse list(ApiRequest request) {
        return ApiResponse.ok(supervisor.all().stream().map(DomainRuntime::view).toList());
    }

    ApiResponse get(ApiRequest request) {
        return ApiResponse.ok(supervisor.domain(request.path("domain")).view());
    }

    ApiResponse create(ApiRequest request) throws IOException {
        JsonNode body = readJson(request);
        boolean start = false;
        if (body instanceof ObjectNode object && object.has("start")) {
            JsonNode flag = object.remove("start");
            if (!flag.isBoolean()) {
                throw new DomainConfigException("start", flag + " must be true or false");
            }
            start = flag.booleanValue();
        }
        Optional<String> name = Optional.ofNullable(body.get("name")).filter(JsonNode::isTextual).map(JsonNode::asText);
        if (name.isPresent()) {
            DomainConfig.checkName(name.get());
            if (supervisor.root().names().contains(name.get())) {
                throw new ApiException(409, "domain '" + name.get() + "' already exists; choose another name or delete it first");
            }
        }
        String host = Optional.ofNullable(body.get("host")).map(JsonNode::asText).orElse(DomainConfig.DEFAULT_HOST);
        DomainConfig config = DomainConfigJson.read(body, body.has("httpPort") ? Integer.MIN_VALUE : ports.free(host));
        ports.check(config, List.of());
        config.https().checkKeyStore(supervisor.root().directory(config.name()).path());
        DomainRuntime created = supervisor.create(config);
        if (start) {
            created.start();
        }
        return ApiResponse.created(created.view());
    }

    ApiResponse delete(ApiRequest request) {
        String name = request.path("domain");
        supervisor.delete(name, request.flag("force", false));
        return ApiResponse.ok(new Message("domain " + name + " deleted"));
    }

    ApiResponse start(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        domain.start();
        return ApiResponse.ok(domain.view());
    }

    ApiResponse stop(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        domain.stop();
        return ApiResponse.ok(domain.view());
    }

    ApiResponse restart(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        domain.restart();
        return ApiResponse.ok(domain.view());
    }

    /** A one-line answer: {@code {"message": "..."}}. */
    record Message(String message) {
    }

    static JsonNode readJson(ApiRequest request) throws IOException {
        byte[] bytes = JsonBody.bytes(request, MAX_BODY, "a domain configuration is at most " + MAX_BODY / 1024 + " KB");
        if (bytes.length == 0) {
            throw new ApiException(400, "the body must be the domain's configuration as JSON, e.g. {\"name\": \"shop\", \"mode\": \"combined\"}");
        }
        try {
            return JsonFiles.MAPPER.readTree(bytes);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new DomainConfigException("(document)", "not valid JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        }
    }
}

package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.DomainView;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainConfigException;
import dev.isola.domains.config.DomainConfigJson;

import java.io.IOException;
import java.util.List;

/**
 * {@code /api/domains/{domain}/configuration}: a domain's configuration, read and replaced.
 *
 * <p>GET answers the configuration the domain will start with next, in the explicit form of
 * {@code config/domain.json}, so that a client can change a field and PUT the document back.
 * PUT takes a whole configuration, checked as on create (errors name the field; the port
 * against the other domains and other processes); {@code name} may be left out, and so may
 * {@code httpPort}, which then stays as it is. A running domain takes the change at its next
 * start or restart, a stopped one when it starts (see {@link DomainRuntime#configure}).
 */
final class ConfigurationResource {

    private final Supervisor supervisor;
    private final DomainPorts ports;

    ConfigurationResource(Supervisor supervisor) {
        this.supervisor = supervisor;
        this.ports = new DomainPorts(supervisor);
    }

    ApiResponse get(ApiRequest request) {
        return ApiResponse.ok(DomainConfigJson.write(supervisor.domain(request.path("domain")).nextConfiguration()));
    }

    ApiResponse replace(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        JsonNode body = DomainsResource.readJson(request);
        if (!(body instanceof ObjectNode document)) {
            throw new DomainConfigException("(document)", "a domain configuration is a JSON object, e.g. {\"httpPort\": 8090}");
        }
        JsonNode name = document.get("name");
        if (name == null) {
            document.put("name", domain.name());
        } else if (!name.isTextual() || !name.asText().equals(domain.name())) {
            throw new DomainConfigException("name", name + " is not this domain's name (" + domain.name()
                    + "); a domain keeps its name: create another domain for another name");
        }
        DomainConfig next = DomainConfigJson.read(document, document.has("httpPort") ? Integer.MIN_VALUE : portKept(domain));
        // The ports the domain listens on now are its own; any other must be free.
        ports.check(next, domain.config().ports());
        next.https().checkKeyStore(domain.directory().path());
        DomainRuntime.Reconfiguration done = domain.configure(next);
        boolean running = domain.state() != DomainRuntime.State.STOPPED && domain.state() != DomainRuntime.State.FAILED;
        return ApiResponse.ok(new Answer(message(domain.name(), done, running), done.changes(), done.pending(), domain.view()));
    }

    /** The port a configuration without one keeps: the waiting configuration's, else the current one's (also when the waiting file does not read, which this PUT replaces). */
    private static int portKept(DomainRuntime domain) {
        try {
            return domain.nextConfiguration().httpPort();
        } catch (RuntimeException unreadable) {
            return domain.config().httpPort();
        }
    }

    private static String message(String name, DomainRuntime.Reconfiguration done, boolean running) {
        if (done.changes().isEmpty()) {
            return "domain " + name + ": no change";
        }
        String count = done.changes().size() + (done.changes().size() == 1 ? " change" : " changes");
        if (done.pending()) {
            return "domain " + name + ": " + count + ", applied at its next start; restart it to apply now: deploy-tool restart-domain " + name;
        }
        // A running domain with nothing waiting was given new log levels only, which its isolates took at once.
        return running ? "domain " + name + ": " + count + ", taken by its running isolates at once"
                : "domain " + name + ": " + count + " saved; it starts with them: deploy-tool start-domain " + name;
    }

    /**
     * The answer to a PUT.
     *
     * @param changes one line per setting that changed, against the configuration the domain runs with (or would start with)
     * @param pending whether the change waits for the domain's next start (it runs)
     */
    record Answer(String message, List<String> changes, boolean pending, DomainView domain) {
    }
}

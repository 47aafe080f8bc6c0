package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.logging.LogTail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code /api/domains/{domain}/logs}: the last lines of the log of each of the domain's isolates, running or not. */
final class LogsResource {

    static final int DEFAULT_LINES = 50;
    static final int MAX_LINES = 1000;

    /** The tail of one isolate's log, oldest line first. */
    record IsolateLog(String isolate, String file, List<String> lines) {
    }

    private final Supervisor supervisor;

    LogsResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    /** The tails of every isolate's log, or with {@code ?isolate=NAME} of that one's only (404 naming those there are, for another). */
    ApiResponse tail(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        int lines = request.number("lines", DEFAULT_LINES, MAX_LINES);
        List<String> isolates = domain.config().members().stream().map(member -> member.isolateName(domain.name())).toList();
        Optional<String> only = request.query("isolate");
        if (only.isPresent() && !isolates.contains(only.get())) {
            throw new ApiException(404, "domain " + domain.name() + " has no isolate '" + only.get() + "'; its isolates: "
                    + String.join(", ", isolates));
        }
        List<IsolateLog> logs = new ArrayList<>();
        for (String isolate : isolates) {
            if (only.isEmpty() || only.get().equals(isolate)) {
                Path file = domain.directory().logFile(isolate);
                logs.add(new IsolateLog(isolate, file.toString(), LogTail.of(file, lines)));
            }
        }
        return ApiResponse.ok(logs);
    }
}

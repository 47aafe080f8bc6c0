package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.domains.logging.LogTail;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.config.Member;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

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

    ApiResponse tail(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        int lines = request.number("lines", DEFAULT_LINES, MAX_LINES);
        List<IsolateLog> logs = new ArrayList<>();
        for (Member member : domain.config().members()) {
            String isolate = member.isolateName(domain.name());
            var file = domain.directory().logFile(isolate);
            logs.add(new IsolateLog(isolate, file.toString(), LogTail.of(file, lines)));
        }
        return ApiResponse.ok(logs);
    }
}

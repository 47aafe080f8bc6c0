package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.mvm.probe.DiagnosticCommands;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Locale;

/**
 * {@code GET /api/domains/{domain}/isolates/{isolate}/thread-dump}: what every thread of a
 * domain's isolate is doing, as GlassFish's {@code generate-jvm-report --type thread} or
 * WildFly's {@code dump-all-threads} give it, for a hung request or a deadlock. Taken from
 * outside, through the JVM's attach mechanism ({@link DiagnosticCommands}), so that it works
 * even when the isolate's own threads, its control link's among them, are stuck.
 *
 * <ul>
 *   <li>{@code format=text} (the default): every thread, the virtual threads requests run on too
 *       ({@code Thread.dump_to_file});</li>
 *   <li>{@code format=json}: the same as JSON;</li>
 *   <li>{@code format=locks}: the platform threads with the locks they hold and wait for, and the
 *       deadlocks the JVM finds ({@code Thread.print -l}).</li>
 * </ul>
 */
final class ThreadDumpResource {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin");

    private enum Format { TEXT, JSON, LOCKS }

    private final Supervisor supervisor;

    ThreadDumpResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    ApiResponse dump(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String name = request.path("isolate");
        Format format = format(request.query("format").orElse("text"));
        // Only the process ids: IsolateView's memory figures read every isolate's memory map, for nothing here.
        Map<String, Long> running = domain.runningIsolates();
        Long pid = running.get(name);
        if (pid == null) {
            throw running.isEmpty()
                    ? new ApiException(409, "domain " + domain.name() + " has no isolate running (it is " + domain.state().name().toLowerCase(Locale.ROOT)
                            + "); start it first: deploy-tool start-domain " + domain.name())
                    : new ApiException(404, "domain " + domain.name() + " has no running isolate '" + name + "'; its isolates: "
                            + String.join(", ", running.keySet()));
        }
        LOG.log(System.Logger.Level.INFO, "[" + domain.name() + "] thread dump of " + name + " (pid " + pid + ", " + format.name()
                .toLowerCase(Locale.ROOT) + ") for " + request.http().getRemoteAddr());
        try {
            return switch (format) {
                case LOCKS -> ApiResponse.ok(new ApiResponse.Text("text/plain; charset=utf-8", DiagnosticCommands.execute(pid, "Thread.print -l")));
                case TEXT -> ApiResponse.ok(new ApiResponse.Text("text/plain; charset=utf-8", dumpToFile(pid, "text")));
                case JSON -> ApiResponse.ok(new ApiResponse.Text("application/json", dumpToFile(pid, "json")));
            };
        } catch (IOException e) {
            throw new ApiException(500, "cannot take a thread dump of isolate " + name + " (pid " + pid + "): " + e.getMessage());
        }
    }

    private static Format format(String text) {
        try {
            return Format.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, "query parameter format=" + text + " must be text, json or locks");
        }
    }

    /** The JVM writes the dump itself, into a file it creates (it refuses one that exists), which is read back and removed. */
    private static String dumpToFile(long pid, String format) throws IOException {
        Path directory = Files.createTempDirectory("isola-thread-dump-");
        Path file = directory.resolve("threads." + format);
        try {
            String said = DiagnosticCommands.execute(pid, "Thread.dump_to_file -format=" + format + " " + file);
            if (!Files.exists(file)) {
                throw new IOException("the JVM wrote no dump: " + said.strip());
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(directory);
        }
    }
}

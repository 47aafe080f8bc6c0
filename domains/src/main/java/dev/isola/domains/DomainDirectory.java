package dev.isola.domains;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The directory of one domain, {@code <domains root>/<name>/}, self-contained so that
 * domains never collide on a path:
 *
 * <pre>
 *   config/domain.json          the configuration ({@link dev.isola.domains.config.DomainConfigJson})
 *   config/domain.next.json     a changed configuration that waits for the domain's next start (while it runs)
 *   config/applications.json    the applications deployed, in order: redeployed when an isolate starts
 *   config/state.json           whether the admin should keep the domain running
 *   applications/&lt;name&gt;.ear    the uploaded archives, as deployed ({@code .ear}, {@code .war} or {@code .jar})
 *   applications/&lt;name&gt;/       what the isolate of a combined domain unpacked
 *   applications/web/&lt;name&gt;/   ... and the isolates of a separated domain ({@code web/}, {@code ejb/})
 *   autodeploy/                 archives dropped here are deployed by the admin, with marker files saying how it went
 *   data/                       embedded Derby databases and the JMS store (each kept by the one isolate that hosts it)
 *   logs/&lt;isolate&gt;.log          each isolate's log, one line per event
 *   logs/events.jsonl           starts, exits with their causes, restarts: one JSON object a line
 * </pre>
 */
public record DomainDirectory(Path path) {

    public DomainDirectory {
        path = path.toAbsolutePath().normalize();
    }

    /** The domain's name: the directory's. */
    public String name() {
        return path.getFileName().toString();
    }

    public Path config() { return path.resolve("config"); }

    public Path configFile() { return config().resolve("domain.json"); }

    /**
     * A configuration changed while the domain ran: it takes the place of {@link #configFile()} at
     * the domain's next start, so that the running isolates and any restart of one of them keep
     * the configuration they started with.
     */
    public Path nextConfigFile() { return config().resolve("domain.next.json"); }

    public Path applicationsFile() { return config().resolve("applications.json"); }

    public Path stateFile() { return config().resolve("state.json"); }

    /** The users of the domain's applications (its file realm, {@code Keyfile}); the admin isolate writes it, the web isolate reads it. */
    public Path keyfile() { return config().resolve("keyfile"); }

    public Path applications() { return path.resolve("applications"); }

    /** Where uploaded archives are kept: {@code applications/} itself, next to what is unpacked from them. */
    public Path archives() { return applications(); }

    /** Where the domain's isolates unpack applications (an isolate of a separated domain in a sub-directory named after its role). */
    public Path workDirectory() { return applications(); }

    /** Where an archive dropped is deployed, and its removal undeploys it (the admin's {@code AutoDeploy}). */
    public Path autodeploy() { return path.resolve("autodeploy"); }

    /** The domain's databases and JMS store; the isolates of a separated domain share it, each keeping its own part. */
    public Path data() { return path.resolve("data"); }

    public Path logs() { return path.resolve("logs"); }

    public Path logFile(String isolateName) { return logs().resolve(isolateName + ".log"); }

    public Path eventsFile() { return logs().resolve("events.jsonl"); }

    /** What {@code config/state.json} holds: whether the admin keeps the domain running, since when. */
    public record DesiredState(boolean running, Instant since) {
    }

    /** Whether the admin should keep this domain running (false for a domain never started, or stopped on request). */
    public boolean keepRunning() {
        if (!Files.exists(stateFile())) {
            return false;
        }
        try {
            return JsonFiles.read(stateFile(), DesiredState.class).running();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + stateFile() + ": " + e.getMessage(), e);
        }
    }

    /** Records whether the admin should keep this domain running, also across its own restarts. */
    public void keepRunning(boolean running) {
        try {
            JsonFiles.write(stateFile(), new DesiredState(running, Instant.now()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + stateFile() + ": " + e.getMessage(), e);
        }
    }

    /** Creates the directories of the layout that do not exist yet. */
    public void createLayout() throws IOException {
        for (Path dir : new Path[]{config(), archives(), autodeploy(), data(), logs()}) {
            Files.createDirectories(dir);
        }
    }
}

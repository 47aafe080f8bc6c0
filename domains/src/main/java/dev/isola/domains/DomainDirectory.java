package dev.isola.domains;

import dev.isola.domains.config.Member;

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
 *   config/applications.json    the applications deployed, in order: redeployed when an isolate starts
 *   config/state.json           whether the admin should keep the domain running
 *   applications/archives/      the uploaded archives, as deployed ({@code <name>.ear|.war|.jar})
 *   applications/&lt;member&gt;/     what each isolate unpacked (server, web, ejb, jms)
 *   data/&lt;member&gt;/             each isolate's embedded Derby databases and JMS store
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

    public Path applicationsFile() { return config().resolve("applications.json"); }

    public Path stateFile() { return config().resolve("state.json"); }

    public Path applications() { return path.resolve("applications"); }

    public Path archives() { return applications().resolve("archives"); }

    /** Where {@code member}'s isolate unpacks applications. */
    public Path workDirectory(Member member) { return applications().resolve(member.key()); }

    public Path data() { return path.resolve("data"); }

    /** {@code member}'s databases and JMS store. */
    public Path dataDirectory(Member member) { return data().resolve(member.key()); }

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
        for (Path dir : new Path[]{config(), archives(), data(), logs()}) {
            Files.createDirectories(dir);
        }
    }
}

package dev.isola.mvm.isolate;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the registry knows about one isolate, read from its run directory: enough for a
 * listing ({@code bin/mvm ps}), for the footprint probe, and for adopting it.
 *
 * @param state       STARTING, RUNNING, SPARE (warmed up, waiting to be taken over), EXITING or TERMINATED
 * @param termination how it ended, when it has and an observer recorded it
 * @param imageBuild  which build of its image it runs ({@link dev.isola.mvm.image.ImageCaches#buildOf}), empty when unknown
 */
public record IsolateRecord(
        String id,
        String name,
        long pid,
        Instant processStart,
        String mainClass,
        List<String> arguments,
        String imageName,
        String classPath,
        String maxHeap,
        String youngGeneration,
        String collector,
        OrphanPolicy orphanPolicy,
        long creatorPid,
        Instant createdAt,
        String state,
        Optional<String> termination,
        Path runDirectory,
        String imageBuild) {

    public boolean alive() {
        return !state.equals("TERMINATED");
    }

    /** Time since the process started, zero once it has ended. */
    public Duration uptime() {
        return alive() ? Duration.between(processStart, Instant.now()) : Duration.ZERO;
    }

    public Path stdoutLog() {
        return runDirectory.resolve("stdout.log");
    }

    public Path stderrLog() {
        return runDirectory.resolve("stderr.log");
    }
}

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

    /**
     * What this isolate runs when it is not {@code currentBuild}, the build its image's jars hold
     * now ({@link dev.isola.mvm.image.ImageCaches#buildOf}, computed once by the caller for all
     * the records it looks at): "build X of the image, not build Y that its jars hold now". Empty
     * when it runs that build, or when the image's build cannot be told.
     */
    public Optional<String> earlierBuildThan(Optional<String> currentBuild) {
        if (currentBuild.isEmpty() || currentBuild.get().equals(imageBuild)) {
            return Optional.empty();
        }
        return Optional.of(imageBuild.isEmpty()
                ? "an earlier build of the image (one that did not record which), not build " + currentBuild.get()
                : "build " + imageBuild + " of the image, not build " + currentBuild.get() + " that its jars hold now");
    }

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

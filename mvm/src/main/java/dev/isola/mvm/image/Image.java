package dev.isola.mvm.image;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What isolates are started from: a JDK and an ordered class path, and optionally how to
 * train the image's AOT cache.
 *
 * <p>Every isolate of one image runs the same JDK with the same class path, which is what
 * lets them map one shared AOT cache of class metadata. An image with a {@link TrainingRun}
 * gets such a cache: the runtime records it once from the training run and starts every
 * isolate of the image with it (see {@link ImageCaches}). An image without one starts its
 * isolates with the JDK's default class data sharing only.
 *
 * <pre>{@code
 * Image web = new Image("web", jdk, List.of(app, tomcat, derby))
 *         .withTraining(new TrainingRun("com.example.TrainWeb", List.of("--requests", "200")));
 * }</pre>
 *
 * @param name           a short name for listings ({@code bin/mvm ps}) and cache directories
 * @param javaHome       the JDK (or JRE) the isolates run on
 * @param classPath      the class path, in order; with a training run, jar files only
 * @param training       how to record the image's AOT cache; empty for none
 * @param archiveMapping where isolates map the cache, which decides how much of it they share
 */
public record Image(String name, Path javaHome, List<Path> classPath, Optional<TrainingRun> training,
                    ArchiveMapping archiveMapping) {

    public Image {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(javaHome, "javaHome");
        Objects.requireNonNull(training, "training");
        Objects.requireNonNull(archiveMapping, "archiveMapping");
        classPath = List.copyOf(classPath);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("image name '" + name + "' must be letters, digits, '.', '_' or '-'");
        }
        if (training.isPresent()) {
            for (Path entry : classPath) {
                // The JDK refuses to record an AOT cache when a class path entry is a non-empty directory.
                if (Files.isDirectory(entry)) {
                    throw new IllegalArgumentException("image '" + name + "': class path entry " + entry
                            + " is a directory; an image with an AOT cache needs jar files (package it as a jar)");
                }
            }
        }
    }

    /** An image without an AOT cache of its own. */
    public Image(String name, Path javaHome, List<Path> classPath) {
        this(name, javaHome, classPath, Optional.empty(), ArchiveMapping.FIXED_ADDRESS);
    }

    /** The image of the running JVM: its JDK and its class path, without a training run. */
    public static Image ofCurrentJvm(String name) {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry).toAbsolutePath());
            }
        }
        return new Image(name, Path.of(System.getProperty("java.home")), entries);
    }

    /** This image with an AOT cache recorded from {@code run}. */
    public Image withTraining(TrainingRun run) {
        return new Image(name, javaHome, classPath, Optional.of(run), archiveMapping);
    }

    /** This image with its cache mapped as {@code mapping} says. */
    public Image withArchiveMapping(ArchiveMapping mapping) {
        return new Image(name, javaHome, classPath, training, mapping);
    }

    /** The {@code java} launcher of this image's JDK. */
    public Path javaLauncher() {
        return javaHome.resolve("bin").resolve("java");
    }

    /** The class path as the {@code -cp} flag wants it. */
    public String classPathArgument() {
        return String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList());
    }

    /** Entries of the class path that do not exist, so a launch can be refused with their names. */
    public List<Path> missingEntries() {
        List<Path> missing = new ArrayList<>();
        if (!Files.isExecutable(javaLauncher())) {
            missing.add(javaLauncher());
        }
        for (Path entry : classPath) {
            if (!Files.exists(entry)) {
                missing.add(entry);
            }
        }
        return missing;
    }
}

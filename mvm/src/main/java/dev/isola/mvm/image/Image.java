package dev.isola.mvm.image;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What isolates are started from: a JDK and an ordered class path.
 *
 * <p>Every isolate of one image runs the same JDK with the same class path, which is what
 * lets them map one shared AOT cache of class metadata. Two images differ if either part
 * differs.
 *
 * @param name      a short name for listings ({@code bin/mvm ps}) and cache directories
 * @param javaHome  the JDK (or JRE) the isolates run on
 * @param classPath the class path, in order
 */
public record Image(String name, Path javaHome, List<Path> classPath) {

    public Image {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(javaHome, "javaHome");
        classPath = List.copyOf(classPath);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("image name '" + name + "' must be letters, digits, '.', '_' or '-'");
        }
    }

    /** The image of the running JVM: its JDK and its class path. */
    public static Image ofCurrentJvm(String name) {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry).toAbsolutePath());
            }
        }
        return new Image(name, Path.of(System.getProperty("java.home")), entries);
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

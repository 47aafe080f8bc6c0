package dev.isola.mvm.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The packaged runtime the integration tests build images from: the jars of
 * {@code mvm/target/image/lib} (an AOT cache needs jar files, and the test class path has
 * directories), and the test classes as a jar. Failsafe passes both locations.
 */
public final class PackagedRuntime {

    private PackagedRuntime() {
    }

    /** The runtime image's jar directory. */
    public static Path lib() {
        return existing("mvm.test.imageLib");
    }

    /** The jar of the test classes, with the test workloads. */
    public static Path testJar() {
        return existing("mvm.test.testJar");
    }

    /** Copies the runtime image's jars into {@code directory}, so that a test may change them. */
    public static Path copyLib(Path directory) throws IOException {
        Files.createDirectories(directory);
        try (Stream<Path> jars = Files.list(lib())) {
            for (Path jar : jars.toList()) {
                Files.copy(jar, directory.resolve(jar.getFileName()));
            }
        }
        return directory;
    }

    /** The command line of a running process, from {@code /proc}. */
    public static List<String> commandLine(long pid) throws IOException {
        String raw = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"));
        return List.of(raw.split("\0"));
    }

    /** True if process {@code pid} has {@code file} mapped. */
    public static boolean maps(long pid, Path file) throws IOException {
        try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "maps"))) {
            return lines.anyMatch(line -> line.endsWith(" " + file.toString()));
        }
    }

    private static Path existing(String property) {
        String value = System.getProperty(property);
        if (value == null || !Files.exists(Path.of(value))) {
            throw new IllegalStateException("system property " + property + " (" + value + ") names no existing file;"
                    + " integration tests run in the integration-test phase: bin/mvn verify");
        }
        return Path.of(value);
    }
}

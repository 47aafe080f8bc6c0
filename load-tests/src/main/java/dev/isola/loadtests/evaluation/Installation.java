package dev.isola.loadtests.evaluation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the experiments find what they run: the JDK, the server image (the class path of every
 * domain isolate, and of the standalone servers) and the Pet Store EAR.
 *
 * @param javaHome JDK 25
 * @param image    {@code admin-isolate/target/image/lib}
 * @param ear      {@code petstore-demo/target/petstore.ear}
 * @param mvmHome  the mvm home of the admin isolates (its image cache is recorded once and reused)
 */
record Installation(Path javaHome, Path image, Path ear, Path mvmHome) {

    Installation {
        requireFile(javaHome.resolve("bin/java"), "the JDK's java launcher");
        if (!Files.isDirectory(image)) {
            throw new IllegalArgumentException("no server image at " + image + " (build it: bin/mvn -pl admin-isolate -am package)");
        }
        requireFile(ear, "the Pet Store EAR (build it: bin/mvn -pl petstore-demo/petstore-ear -am package)");
    }

    Path java() {
        return javaHome.resolve("bin/java");
    }

    Optional<Path> earIf(boolean withApplication) {
        return withApplication ? Optional.of(ear) : Optional.empty();
    }

    private static void requireFile(Path file, String what) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no " + what + " at " + file);
        }
    }
}

package dev.isola.mvm.isolate;

import dev.isola.mvm.image.Image;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;

/** The image isolates in tests run from: this JDK and the test class path. */
final class TestImages {

    private TestImages() {
    }

    static Image testImage() {
        // Surefire may run tests from a manifest-only jar; it names the real class path here.
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new Image("test", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
    }
}

package dev.isola.mvm.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** {@link ImageCaches#buildOf}: what tells an isolate running old code after an upgrade from one running the current jars. */
class ImageBuildTest {

    @TempDir
    Path dir;

    private Image image(Path... entries) {
        return new Image("app", Path.of(System.getProperty("java.home")), List.of(entries));
    }

    @Test
    void theBuildFollowsTheJarsContentsNotTheirTimestamps() throws IOException {
        Path lib = Files.writeString(dir.resolve("lib.jar"), "library 1");
        Path app = Files.writeString(dir.resolve("app.jar"), "application 1");
        ImageCaches caches = ImageCaches.of(dir.resolve("home"));
        String first = caches.buildOf(image(lib, app)).orElseThrow();

        Files.setLastModifiedTime(app, FileTime.fromMillis(Files.getLastModifiedTime(app).toMillis() + 5_000));
        assertEquals(first, caches.buildOf(image(lib, app)).orElseThrow(), "rebuilt with the same content: the same code");
        assertEquals(first, ImageCaches.of(dir.resolve("other-home")).buildOf(image(lib, app)).orElseThrow(),
                "another runtime computes the same build");

        Files.writeString(app, "application 2");
        String second = caches.buildOf(image(lib, app)).orElseThrow();
        assertNotEquals(first, second, "a changed jar is another build");
        assertNotEquals(second, caches.buildOf(image(app, lib)).orElseThrow(), "the class path's order decides which class wins");
    }

    @Test
    void anImageWithADirectoryOrAMissingJarHasNoBuild() throws IOException {
        Path app = Files.writeString(dir.resolve("app.jar"), "application");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        ImageCaches caches = ImageCaches.of(dir.resolve("home"));
        assertEquals(Optional.empty(), caches.buildOf(image(app, classes)));
        assertEquals(Optional.empty(), caches.buildOf(image(app, dir.resolve("missing.jar"))));
    }
}

package dev.isola.mvm.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Deleting a directory with everything in it: isolates' run directories, caches' build
 * directories, unpacked applications, scratch directories of benchmarks. In the lowest module so
 * that every module deletes trees the same way; callers decide what a failure means to them.
 */
public final class DirectoryTrees {

    private DirectoryTrees() {
    }

    /**
     * Deletes {@code root} and everything below it, deepest first; nothing if it does not exist. Files that vanish
     * meanwhile (another process cleaning up too) are not an error.
     *
     * @throws IOException the first file or directory that could not be deleted
     */
    public static void delete(Path root) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.sorted(Comparator.reverseOrder()).toList();
        } catch (NoSuchFileException e) {
            return;
        } catch (UncheckedIOException e) {
            throw e.getCause(); // a directory that could not be read while walking
        }
        for (Path p : paths) {
            Files.deleteIfExists(p);
        }
    }
}

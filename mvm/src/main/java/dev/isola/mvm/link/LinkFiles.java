package dev.isola.mvm.link;

import dev.isola.mvm.isolate.MvmHome;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where links keep their backing files: the ring ({@code <id>.ring}) or socket
 * ({@code <id>.sock}) and the migrated bulk buffers ({@code <id>.bulk-<n>}) in flight on it.
 *
 * <p>The directory is the system property {@code mvm.links.dir} if set; otherwise
 * {@code /dev/shm/isola-<user>} (tmpfs: pages live in memory and are never written back to a
 * disk), or {@code <mvm home>/links} where {@code /dev/shm} does not exist. It is created
 * readable by its owner only. A link's files are deleted when both ends have closed or died.
 */
final class LinkFiles {

    static final String PROPERTY = "mvm.links.dir";

    private LinkFiles() {
    }

    static Path directory() {
        String configured = System.getProperty(PROPERTY);
        Path dir;
        if (configured != null && !configured.isBlank()) {
            dir = Path.of(configured).toAbsolutePath();
        } else if (Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))) {
            dir = Path.of("/dev/shm", "isola-" + System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_"));
        } else {
            dir = MvmHome.resolve().resolve("links");
        }
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the links directory " + dir + " (set -D" + PROPERTY + " to another one)", e);
        }
        return dir;
    }

    static String newId() {
        return "l" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    }

    static Path bulkFile(Path linkPath, String linkId, long sequence) {
        return linkPath.resolveSibling(linkId + ".bulk-" + sequence);
    }

    /** Deletes a link's backing file and the bulk buffers still named after it. */
    static void deleteAll(Path linkPath, String linkId) {
        try {
            Files.deleteIfExists(linkPath);
            try (DirectoryStream<Path> bulk = Files.newDirectoryStream(linkPath.getParent(), linkId + ".bulk-*")) {
                for (Path file : bulk) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            System.getLogger(LinkFiles.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot delete the files of link " + linkId + " in " + linkPath.getParent() + ": " + e.getMessage());
        }
    }
}

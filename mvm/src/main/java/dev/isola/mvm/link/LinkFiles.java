package dev.isola.mvm.link;

import dev.isola.mvm.isolate.MvmHome;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where links keep their backing files: the ring ({@code <id>.ring}) or socket
 * ({@code <id>.sock}), and the pool of bulk buffers ({@code <id>.pool}).
 *
 * <p>The directory is the system property {@code mvm.links.dir} if set; otherwise
 * {@code /dev/shm/isola-<user>} (tmpfs: pages live in memory and are never written back to a
 * disk), or {@code <mvm home>/links} where {@code /dev/shm} does not exist. It is created
 * readable by its owner only. A link's files are deleted when both ends have closed or died.
 */
final class LinkFiles {

    static final String PROPERTY = "mvm.links.dir";
    private static final long STALE_SOCKET_MILLIS = 10_000;

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

    /**
     * Deletes what links left behind when both of their ends died without closing: ring files
     * whose two ends are closed or dead, with their bulk pools, and socket files no process
     * listens on any more. Reads ring headers without mapping them.
     *
     * @return how many files were deleted
     */
    static int sweep(Path dir) {
        int deleted = 0;
        long startedAt = System.currentTimeMillis();
        Set<String> listening = listeningUnixSockets();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".ring") && bothEndsGone(file)) {
                    deleteAll(file, name.substring(0, name.length() - ".ring".length()));
                    deleted++;
                } else if (name.endsWith(".sock") && listening != null && !listening.contains(file.toString())
                        && Files.getLastModifiedTime(file).toMillis() < startedAt - STALE_SOCKET_MILLIS) {
                    // A socket file outlives the process that bound it; nobody can connect to it any more.
                    // (Only old ones: a socket bound after /proc/net/unix was read is not in the list.)
                    Files.deleteIfExists(file);
                    deleted++;
                }
            }
        } catch (IOException e) {
            System.getLogger(LinkFiles.class.getName()).log(System.Logger.Level.DEBUG, "cannot sweep " + dir + ": " + e.getMessage());
        }
        return deleted;
    }

    /** The paths of Unix domain sockets some process has bound now (Linux), or null if unknown. */
    private static Set<String> listeningUnixSockets() {
        try {
            Set<String> paths = new HashSet<>();
            for (String line : Files.readAllLines(Path.of("/proc/net/unix"))) {
                int slash = line.indexOf(" /");
                if (slash >= 0) {
                    paths.add(line.substring(slash + 1).strip());
                }
            }
            return paths;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean bothEndsGone(Path ring) {
        ByteBuffer header = ByteBuffer.allocate((int) SharedRing.TAIL_AT).order(ByteOrder.nativeOrder());
        try (FileChannel channel = FileChannel.open(ring, StandardOpenOption.READ)) {
            while (header.hasRemaining() && channel.read(header) >= 0) {
                Thread.onSpinWait();
            }
        } catch (IOException e) {
            return false;
        }
        if (header.hasRemaining() || header.getInt(0) != SharedRing.MAGIC) {
            return false;
        }
        return gone(header, (int) SharedRing.PRODUCER_AT) && gone(header, (int) SharedRing.CONSUMER_AT);
    }

    private static boolean gone(ByteBuffer header, int side) {
        int state = header.getInt(side + 16);
        return state == SharedRing.STATE_CLOSED
                || (state == SharedRing.STATE_ATTACHED && !new PeerProcess(header.getLong(side), header.getLong(side + 8)).alive());
    }

    /**
     * Deletes a link's backing file and bulk pool. Processes that still map the pool keep its
     * memory until they end.
     */
    static void deleteAll(Path linkPath, String linkId) {
        try {
            Files.deleteIfExists(linkPath);
            Files.deleteIfExists(linkPath.resolveSibling(linkId + ".pool"));
        } catch (IOException e) {
            System.getLogger(LinkFiles.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot delete the files of link " + linkId + " in " + linkPath.getParent() + ": " + e.getMessage());
        }
    }
}

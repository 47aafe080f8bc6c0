package dev.isola.mvm.image;

import dev.isola.mvm.io.Sha256;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SHA-256 digests of files, remembered by path, size and modification time, so that jars of
 * tens of megabytes and the caches themselves are read once per version and not on every
 * isolate start. The memo is kept in memory and in a properties file that every process of
 * one mvm home shares; a lost update there only costs a second hashing.
 *
 * <p>A file rewritten with the same size and modification time (which takes deliberate
 * effort) would keep its old digest. The JDK checks only a jar's size and modification time
 * in seconds (JDK 25.0.3 served a changed class from a cache after its jar was rewritten
 * within the same second), which is why the cache key holds these digests as well as the
 * modification time.
 */
final class ContentHashes {

    private record Stamp(long size, long modifiedNanos, String sha256) {
    }

    private final Path memoFile;
    private final Map<Path, Stamp> memo = new ConcurrentHashMap<>();

    ContentHashes(Path memoFile) {
        this.memoFile = memoFile;
        load();
    }

    /**
     * @throws NoSuchFileException naming the file when it does not exist
     */
    String sha256(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        BasicFileAttributes attributes = Files.readAttributes(key, BasicFileAttributes.class);
        long size = attributes.size();
        long modified = modifiedNanos(attributes);
        Stamp known = memo.get(key);
        if (known != null && known.size() == size && known.modifiedNanos() == modified) {
            return known.sha256();
        }
        String digest = Sha256.of(key);
        memo.put(key, new Stamp(size, modified, digest));
        save();
        return digest;
    }

    /** Remembers {@code digest} as the SHA-256 of {@code file} as it is now, computed by the caller. */
    void remember(Path file, String digest) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        BasicFileAttributes attributes = Files.readAttributes(key, BasicFileAttributes.class);
        memo.put(key, new Stamp(attributes.size(), modifiedNanos(attributes), digest));
        save();
    }

    private static long modifiedNanos(BasicFileAttributes attributes) {
        java.time.Instant modified = attributes.lastModifiedTime().toInstant();
        return modified.getEpochSecond() * 1_000_000_000L + modified.getNano();
    }

    private void load() {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(memoFile, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            return;
        }
        for (String path : p.stringPropertyNames()) {
            String[] fields = p.getProperty(path).split(" ");
            if (fields.length == 3) {
                try {
                    memo.put(Path.of(path), new Stamp(Long.parseLong(fields[0]), Long.parseLong(fields[1]), fields[2]));
                } catch (NumberFormatException ignored) {
                    // A damaged line only means that file gets hashed again.
                }
            }
        }
    }

    private synchronized void save() {
        Properties p = new Properties();
        memo.forEach((path, stamp) -> p.setProperty(path.toString(), stamp.size() + " " + stamp.modifiedNanos() + " " + stamp.sha256()));
        try {
            Files.createDirectories(memoFile.getParent());
            Path temporary = memoFile.resolveSibling(memoFile.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            try (Writer w = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                p.store(w, "SHA-256 of files by path: size modification-time-ns digest");
            }
            Files.move(temporary, memoFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // The memo is an optimisation: without it files are hashed again next time.
            System.getLogger(ContentHashes.class.getName()).log(System.Logger.Level.DEBUG,
                    "cannot save content hashes to " + memoFile + ": " + e.getMessage());
        }
    }
}

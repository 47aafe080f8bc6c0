package dev.isola.mvm.image;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;

/**
 * One recorded AOT cache of an image, as it lies in the mvm home:
 *
 * <pre>
 *   images/&lt;image&gt;/&lt;key id&gt;/
 *       image.aot          the cache the JDK wrote at the end of the training run
 *       cache.properties   this record: the key it was made for, the cache's size and SHA-256
 * </pre>
 *
 * The record is written after the cache file is complete, so a directory without one is a
 * build that did not finish. The digest lets the runtime refuse a damaged cache file before
 * a JVM maps it: JDK 25 checks only the header, and a JVM given a cache with a few bytes
 * overwritten near its start crashes.
 *
 * @param key       what the cache is valid for
 * @param file      the cache file
 * @param size      its length in bytes when it was recorded
 * @param sha256    its content digest when it was recorded
 * @param createdAt when the training run finished
 * @param training  how long the training run (including writing the cache) took
 * @param trainedBy the id of the training isolate, whose run directory has its output
 */
public record AotCache(CacheKey key, Path file, long size, String sha256, Instant createdAt, Duration training,
                       String trainedBy) {

    static final String FILE_NAME = "image.aot";
    static final String RECORD_NAME = "cache.properties";

    public Path directory() {
        return file.getParent();
    }

    void writeRecord() throws IOException {
        Properties p = new Properties();
        p.setProperty("key.id", key.id());
        p.setProperty("key", key.describe());
        p.setProperty("size", Long.toString(size));
        p.setProperty("sha256", sha256);
        p.setProperty("createdAt", createdAt.toString());
        p.setProperty("trainingMillis", Long.toString(training.toMillis()));
        p.setProperty("trainedBy", trainedBy);
        Path record = directory().resolve(RECORD_NAME);
        Path temporary = directory().resolve("." + RECORD_NAME + "." + ProcessHandle.current().pid() + ".tmp");
        try (Writer w = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            p.store(w, "AOT cache of image " + key.image() + ", written by the mvm runtime");
        }
        Files.move(temporary, record, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Reads the record in {@code directory}.
     *
     * @throws NoSuchFileException when the directory has no (finished) cache
     * @throws IOException         naming the record when it is unreadable or damaged
     */
    static AotCache read(Path directory) throws IOException {
        Path record = directory.resolve(RECORD_NAME);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(record, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        try {
            return new AotCache(CacheKey.parse(p.getProperty("key", "")), directory.resolve(FILE_NAME),
                    Long.parseLong(p.getProperty("size")), p.getProperty("sha256"), Instant.parse(p.getProperty("createdAt")),
                    Duration.ofMillis(Long.parseLong(p.getProperty("trainingMillis", "0"))), p.getProperty("trainedBy", ""));
        } catch (RuntimeException e) {
            throw new IOException("cache record " + record + " is damaged: " + e.getMessage(), e);
        }
    }
}

package dev.isola.mvm.image;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Everything an AOT cache is valid for: the JDK that recorded it, the class path it was
 * recorded from (each jar by path, content digest and modification time, in order), and the JVM flags that
 * decide whether the JDK accepts it ({@link CacheFlags}). Two isolates get the same cache
 * exactly when their keys are equal; a changed jar, JDK or flag gives a new key and so a
 * new cache, never a stale one.
 *
 * @param image     the image's name, for the cache directory
 * @param jdk       the JDK's vendor, runtime version and location
 * @param classPath one line per class path entry: its SHA-256, its modification time in seconds and its path
 * @param flags     the flags of {@link CacheFlags#of}
 */
public record CacheKey(String image, String jdk, List<String> classPath, List<String> flags) {

    public CacheKey {
        classPath = List.copyOf(classPath);
        flags = List.copyOf(flags);
    }

    /**
     * Computes the key of {@code image} under {@code flags}, hashing jars through
     * {@code hashes} (which remembers digests of unchanged files).
     *
     * @throws IOException naming the JDK or the class path entry that cannot be read
     */
    static CacheKey of(Image image, List<String> flags, ContentHashes hashes) throws IOException {
        List<String> entries = new ArrayList<>();
        for (Path entry : image.classPath()) {
            if (!Files.isRegularFile(entry)) {
                throw new IOException("class path entry " + entry + " of image '" + image.name() + "' is not a jar file");
            }
            // The JVM refuses a cache whose jar has another modification time ("timestamp has changed")
            // even when the content is the same, as after a rebuild of the image: such a jar needs a
            // cache of its own, or every isolate would silently run without one.
            long modifiedSeconds = Files.getLastModifiedTime(entry).to(TimeUnit.SECONDS);
            entries.add(hashes.sha256(entry) + " " + modifiedSeconds + " " + entry.toAbsolutePath().normalize());
        }
        List<String> recorded = new ArrayList<>(flags);
        if (image.training().map(run -> !run.aotClassLinking()).orElse(false)) {
            // A key flag, so that the training run records the cache without class linking, and a
            // cache recorded with it is never taken for one recorded without.
            recorded.add(NO_CLASS_LINKING);
        }
        return new CacheKey(image.name(), jdkIdentity(image.javaHome()), entries, recorded);
    }

    /** The flag that records a cache without AOT class linking ({@link TrainingRun#aotClassLinking}). */
    static final String NO_CLASS_LINKING = "-XX:-AOTClassLinking";

    /** A short, stable name for this key: the start of the SHA-256 of {@link #describe()}. */
    public String id() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(describe().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The key as text, one fact a line; stored beside the cache so that a person can read what it is for. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        text.append("image ").append(image).append('\n');
        text.append("jdk ").append(jdk).append('\n');
        classPath.forEach(entry -> text.append("class-path ").append(entry).append('\n'));
        flags.forEach(flag -> text.append("flag ").append(flag).append('\n'));
        return text.toString();
    }

    /**
     * The key that {@link #describe()} wrote.
     *
     * @throws IllegalArgumentException naming the line that is not part of a key
     */
    static CacheKey parse(String text) {
        String image = null;
        String jdk = null;
        List<String> entries = new ArrayList<>();
        List<String> flags = new ArrayList<>();
        for (String line : text.split("\n")) {
            int space = line.indexOf(' ');
            String value = space < 0 ? "" : line.substring(space + 1);
            switch (space < 0 ? line : line.substring(0, space)) {
                case "image" -> image = value;
                case "jdk" -> jdk = value;
                case "class-path" -> entries.add(value);
                case "flag" -> flags.add(value);
                default -> throw new IllegalArgumentException("not a line of a cache key: '" + line + "'");
            }
        }
        if (image == null || jdk == null) {
            throw new IllegalArgumentException("cache key lacks its image or jdk line");
        }
        return new CacheKey(image, jdk, entries, flags);
    }

    /**
     * The JDK as its {@code release} file names it. The JVM itself refuses a cache of another
     * JVM build, so this only has to tell JDKs apart, not prove their identity.
     */
    private static String jdkIdentity(Path javaHome) throws IOException {
        Path release = javaHome.resolve("release");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(release, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new IOException("cannot tell the version of the JDK at " + javaHome + ": " + release + " is unreadable ("
                    + e.getMessage() + ")", e);
        }
        String version = unquote(p.getProperty("JAVA_RUNTIME_VERSION", p.getProperty("JAVA_VERSION", "")));
        if (version.isEmpty()) {
            throw new IOException("cannot tell the version of the JDK at " + javaHome + ": " + release + " has no JAVA_RUNTIME_VERSION");
        }
        return unquote(p.getProperty("IMPLEMENTOR", "unknown")) + " " + version + " " + javaHome.toRealPath();
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"") ? value.substring(1, value.length() - 1) : value;
    }
}

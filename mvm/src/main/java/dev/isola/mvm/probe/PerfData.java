package dev.isola.mvm.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The performance counters a HotSpot JVM publishes in {@code /tmp/hsperfdata_<user>/<pid>}
 * (what {@code jstat} reads): a small memory-mapped file that the JVM keeps up to date
 * itself. Reading it costs the observed JVM nothing, which is why the probe takes heap, GC
 * and class-loading figures from here rather than asking the JVM.
 *
 * <p>The layout is HotSpot's {@code PerfDataPrologue} (magic {@code 0xcafec0c0}, byte order,
 * version, entry offset and count) followed by {@code PerfDataEntry} records, each with a
 * name, a type ({@code 'J'} for a long, {@code 'B'} for bytes, used for strings) and a value.
 * A JVM started with {@code -XX:-UsePerfData} has no such file.
 *
 * <p>A JVM that is starting creates the file, sizes it (all zeros) and only then writes the
 * prologue, and it sets the prologue's {@code accessible} byte once the counters are in place;
 * until then the file is read as "no counters yet", not as a broken file.
 */
public final class PerfData {

    private static final int MAGIC = 0xcafec0c0;
    /** Magic, byte order, major and minor version, accessible, used, overflow, time stamp, entry offset, entry count. */
    private static final int PROLOGUE_LENGTH = 32;
    private static final int ACCESSIBLE = 7;

    private final Map<String, Object> values;

    private PerfData(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /**
     * The counters of {@code pid}, or empty when it publishes none (not a HotSpot JVM, or
     * perf data disabled).
     *
     * @throws IOException naming the file when it exists but is not a perf data file
     */
    public static Optional<PerfData> of(long pid) throws IOException {
        Optional<Path> file = find(pid);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file.get());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        return parse(bytes, file.get());
    }

    /**
     * The counters in {@code bytes}, or empty when the JVM has not published them yet.
     *
     * @throws IOException naming {@code source} when its prologue is neither a perf data
     *     prologue nor one still being written
     */
    static Optional<PerfData> parse(byte[] bytes, Path source) throws IOException {
        if (bytes.length < PROLOGUE_LENGTH) {
            return Optional.empty();
        }
        int magic = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN).getInt(0);
        if (magic == 0) {
            // Sized but its prologue not yet written.
            return Optional.empty();
        }
        if (magic != MAGIC) {
            throw new IOException(source + " is not a HotSpot perf data file (bad magic)");
        }
        if (bytes[ACCESSIBLE] == 0) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        buffer.order(bytes[4] == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int entryOffset = buffer.getInt(24);
        int entries = buffer.getInt(28);
        Map<String, Object> values = new HashMap<>();
        int at = entryOffset;
        for (int i = 0; i < entries && at + 20 <= bytes.length; i++) {
            int length = buffer.getInt(at);
            int nameOffset = buffer.getInt(at + 4);
            int vectorLength = buffer.getInt(at + 8);
            byte type = buffer.get(at + 12);
            int dataOffset = buffer.getInt(at + 16);
            if (length <= 0 || at + length > bytes.length) {
                break;
            }
            String name = cString(bytes, at + nameOffset, at + length);
            int data = at + dataOffset;
            if (type == 'J' && vectorLength == 0 && data + 8 <= bytes.length) {
                values.put(name, buffer.getLong(data));
            } else if (type == 'B' && vectorLength > 0) {
                values.put(name, cString(bytes, data, Math.min(bytes.length, data + vectorLength)));
            }
            at += length;
        }
        return Optional.of(new PerfData(values));
    }

    /** A long counter, or {@code fallback} when the JVM has none of that name. */
    public long get(String name, long fallback) {
        return values.get(name) instanceof Long value ? value : fallback;
    }

    /** A string counter, or empty when the JVM has none of that name. */
    public Optional<String> string(String name) {
        return values.get(name) instanceof String value ? Optional.of(value) : Optional.empty();
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /** The JVM writes its file under the temp directory of its own mount namespace, named by its pid. */
    private static Optional<Path> find(long pid) throws IOException {
        for (Path tmp : new Path[]{Path.of("/proc", Long.toString(pid), "root", "tmp"), Path.of("/tmp")}) {
            if (!Files.isDirectory(tmp)) {
                continue;
            }
            try (DirectoryStream<Path> users = Files.newDirectoryStream(tmp, "hsperfdata_*")) {
                for (Path user : users) {
                    Path candidate = user.resolve(Long.toString(pid));
                    if (Files.isRegularFile(candidate)) {
                        return Optional.of(candidate);
                    }
                }
            } catch (java.nio.file.AccessDeniedException e) {
                // Another user's process: try the next place.
            }
        }
        return Optional.empty();
    }

    private static String cString(byte[] bytes, int from, int limit) {
        int end = from;
        while (end < limit && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, from, end - from, StandardCharsets.UTF_8);
    }
}

package dev.isola.admin.supervise;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The last lines of a log file, read from its end: a domain's logs grow for as long as the
 * domain lives, and a tail must not read them whole.
 */
public final class LogTail {

    /** How far back from the end a tail looks at most, whatever the number of lines asked. */
    static final int MAX_BYTES = 256 * 1024;

    private LogTail() {
    }

    /**
     * At most {@code lines} last complete lines of {@code file}, oldest first; none when the file
     * does not exist (an isolate that never started).
     *
     * @throws IllegalArgumentException when {@code lines} is not positive
     */
    public static List<String> of(Path file, int lines) throws IOException {
        if (lines < 1) {
            throw new IllegalArgumentException("lines must be at least 1, not " + lines);
        }
        if (!Files.exists(file)) {
            return List.of();
        }
        byte[] bytes;
        boolean fromStart;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            long start = Math.max(0, length - MAX_BYTES);
            fromStart = start == 0;
            bytes = new byte[(int) (length - start)];
            in.seek(start);
            in.readFully(bytes);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        List<String> all = new ArrayList<>(Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\r?\n", -1)));
        if (!all.isEmpty() && all.getLast().isEmpty()) {
            all.removeLast();
        }
        if (!fromStart && !all.isEmpty()) {
            all.removeFirst(); // cut in the middle
        }
        return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}

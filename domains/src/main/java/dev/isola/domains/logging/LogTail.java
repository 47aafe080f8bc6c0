package dev.isola.domains.logging;

import java.io.FileNotFoundException;
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
 * The last lines of a file that grows by lines (a log, the event journal), read from its end:
 * such files grow for as long as a domain lives, and a tail must not read them whole.
 */
public final class LogTail {

    /** How far back from the end a log's tail looks at most, whatever the number of lines asked. */
    static final int MAX_BYTES = 256 * 1024;
    /** Read from the end in pieces of this size, doubled while they hold fewer lines than asked for. */
    private static final int FIRST_PIECE = 64 * 1024;

    private LogTail() {
    }

    /**
     * At most {@code lines} last complete lines of {@code file}, oldest first, from its last
     * {@value #MAX_BYTES} bytes; none when the file does not exist (an isolate that never started).
     *
     * @throws IllegalArgumentException when {@code lines} is not positive
     */
    public static List<String> of(Path file, int lines) throws IOException {
        return of(file, lines, MAX_BYTES);
    }

    /**
     * As {@link #of(Path, int)}, looking back at most {@code maxBytes} from the end: the first
     * piece read is small, and a larger one is read only while fewer lines than asked were found.
     */
    public static List<String> of(Path file, int lines, long maxBytes) throws IOException {
        if (lines < 1) {
            throw new IllegalArgumentException("lines must be at least 1, not " + lines);
        }
        if (!Files.exists(file)) {
            return List.of();
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            for (long piece = Math.min(FIRST_PIECE, maxBytes); ; piece = Math.min(piece * 2, maxBytes)) {
                long start = Math.max(0, length - piece);
                byte[] bytes = new byte[(int) (length - start)];
                in.seek(start);
                in.readFully(bytes);
                List<String> all = new ArrayList<>(Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\r?\n", -1)));
                if (!all.isEmpty() && all.getLast().isEmpty()) {
                    all.removeLast();
                }
                if (start > 0 && !all.isEmpty()) {
                    all.removeFirst(); // cut in the middle
                }
                if (all.size() >= lines || start == 0 || piece >= maxBytes) {
                    return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
                }
            }
        } catch (FileNotFoundException | NoSuchFileException e) {
            return List.of();
        }
    }
}

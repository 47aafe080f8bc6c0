package dev.isola.appserver.web;

import java.io.CharArrayWriter;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.valves.AccessLogValve;

/**
 * Tomcat's access log valve, which starts a new file each day, made to start a new file within
 * the day too once the live one is full, as Open Liberty's {@code maxFileSize} does. The full file
 * is closed and renamed with the next number of its day; the live file keeps its daily name:
 *
 * <pre>
 * shop-access.2025-06-01.001.log   the day's first maxFileSize of lines
 * shop-access.2025-06-01.002.log   the next
 * shop-access.2025-06-01.log       the live file; once the day is over, the day's last lines
 * </pre>
 *
 * Numbers have three digits so that names sort in the order the lines were written: a day's
 * numbered files before its live one (digits sort before {@code l}), so
 * {@code cat shop-access.2025-06-01.*} reads the day in order. A day past 999 rotations goes on
 * with 1000, 1001, ...: still no earlier file overwritten, and {@code ls -v} keeps the order.
 *
 * <p>A line goes whole into one file: the size check, the rename and the write all hold the
 * valve's lock, which Tomcat takes for its own writes and rotations. A line that would take the
 * live file past the limit starts the next file, so no file is larger than the limit (but one
 * holding a single line longer than it). The live file's bytes are counted, not asked of the file
 * system for each request: its length once when it is opened (a domain restarted within the day
 * appends to the day's file), then the UTF-8 length of every line logged, written out or still in
 * Tomcat's buffer.
 *
 * <p>Retention stays Tomcat's: after the valve opens a file (at start, on a new day, after a
 * rotation here), its background process removes the files of the directory whose names start
 * with the prefix and end with the suffix and that were last modified more than {@code maxDays}
 * days ago. It matches names by prefix and suffix, not by date, so the numbered files of old days
 * go too.
 */
final class SizeRotatingAccessLogValve extends AccessLogValve {

    private static final System.Logger LOG = System.getLogger(SizeRotatingAccessLogValve.class.getName());

    private final long maxFileSize;
    /** What the live file holds: its length when opened plus every line logged to it since. Guarded by this. */
    private long liveFileBytes;

    /** @param maxFileSize bytes a file may hold, more than 0 */
    SizeRotatingAccessLogValve(long maxFileSize) {
        if (maxFileSize <= 0) {
            throw new IllegalArgumentException("a size limit is more than 0 bytes, not " + maxFileSize);
        }
        this.maxFileSize = maxFileSize;
    }

    @Override
    public void log(CharArrayWriter message) {
        // Tomcat ends the line with the line separator, and writes it in UTF-8 (AccessLog sets the encoding).
        long lineBytes = Utf8Length.of(message) + System.lineSeparator().length();
        synchronized (this) {
            // A new day first (Tomcat looks at most once a second): yesterday's live file then stays the day's last, unnumbered.
            rotate();
            if (liveFileBytes > 0 && liveFileBytes + lineBytes > maxFileSize) {
                rotateBySize();
            }
            super.log(message);
            liveFileBytes += lineBytes;
        }
    }

    @Override
    protected synchronized void open() {
        super.open();
        liveFileBytes = currentLogFile == null ? 0 : currentLogFile.length();
    }

    private void rotateBySize() {
        File live = currentLogFile;
        if (live == null) {
            return; // Tomcat could not open it, and has logged why
        }
        Path numbered;
        try {
            numbered = nextNumberedFile(live.toPath());
        } catch (IOException | UncheckedIOException e) {
            postpone(live, "cannot list " + live.getParent() + " for the next number: " + e.getMessage());
            return;
        }
        // Tomcat's own: writes out what is buffered, closes the live file, renames it and opens a new live file.
        rotate(numbered.toString());
        if (!Files.exists(numbered)) {
            postpone(live, "could not rename it to " + numbered);
        }
    }

    /** Lets the live file grow another {@code maxFileSize} before the next try, rather than trying again on every request. */
    private void postpone(File live, String why) {
        LOG.log(System.Logger.Level.WARNING, "the access log " + live + " is full (" + maxFileSize + " bytes) but stays the live file: "
                + why + "; trying again after another " + maxFileSize + " bytes");
        liveFileBytes = 0;
    }

    /** {@code <prefix>.<date>.<n>.log} with n one past the highest number of the live file's day, so that no earlier file is overwritten. */
    private Path nextNumberedFile(Path live) throws IOException {
        String name = live.getFileName().toString();
        String stem = name.substring(0, name.length() - suffix.length()) + ".";
        int highest = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(live.getParent())) {
            for (Path file : files) {
                String other = file.getFileName().toString();
                if (other.startsWith(stem) && other.endsWith(suffix) && other.length() > stem.length() + suffix.length()) {
                    String number = other.substring(stem.length(), other.length() - suffix.length());
                    if (number.length() <= 9 && number.chars().allMatch(c -> c >= '0' && c <= '9')) {
                        highest = Math.max(highest, Integer.parseInt(number));
                    }
                }
            }
        }
        return live.resolveSibling(stem + String.format("%03d", highest + 1) + suffix);
    }

    /**
     * Counts the bytes UTF-8 takes for the characters written to it. {@link CharArrayWriter#writeTo}
     * hands it the line's own buffer, so counting copies nothing.
     */
    private static final class Utf8Length extends Writer {
        private long bytes;

        static long of(CharArrayWriter line) {
            Utf8Length length = new Utf8Length();
            try {
                line.writeTo(length);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // not thrown: counting writes nowhere
            }
            return length.bytes;
        }

        @Override
        public void write(char[] chars, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                char c = chars[i];
                // Each half of a surrogate pair counts 2: together the 4 bytes of a character beyond the BMP.
                bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}

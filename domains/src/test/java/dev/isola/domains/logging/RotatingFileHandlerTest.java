package dev.isola.domains.logging;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A log file that rotates by size under its own name, keeps a bounded number of old ones, and loses no line. */
class RotatingFileHandlerTest {

    @TempDir
    Path dir;

    /** Each record as its message and a newline, so that sizes are exact. */
    private static final Formatter MESSAGE_ONLY = new Formatter() {
        @Override
        public String format(LogRecord record) {
            return record.getMessage() + "\n";
        }
    };

    private static RotatingFileHandler handler(Path file, long maxSize, int keep) throws Exception {
        RotatingFileHandler handler = new RotatingFileHandler(file, maxSize, keep);
        handler.setFormatter(MESSAGE_ONLY);
        return handler;
    }

    private static void log(RotatingFileHandler handler, String message) {
        handler.publish(new LogRecord(Level.INFO, message));
    }

    /** A line of exactly 100 bytes with its newline. */
    private static String line(int n) {
        return String.format("%-99s", "line " + n);
    }

    @Test
    void theFileBeingWrittenKeepsItsNameAndOldOnesAreNumberedNewestFirst() throws Exception {
        Path file = dir.resolve("shop.log");
        RotatingFileHandler handler = handler(file, 1024, 2);
        for (int n = 1; n <= 35; n++) {
            log(handler, line(n));
        }
        handler.close();
        // 11 lines (1,100 bytes) reach the limit: lines 1-11, 12-22, 23-33 are rotated away in turn; 34-35 are in the file.
        assertEquals(List.of(line(34), line(35)), Files.readAllLines(file));
        assertEquals(line(23), Files.readAllLines(dir.resolve("shop.log.1")).getFirst());
        assertEquals(line(33), Files.readAllLines(dir.resolve("shop.log.1")).getLast());
        assertEquals(line(12), Files.readAllLines(dir.resolve("shop.log.2")).getFirst());
        assertFalse(Files.exists(dir.resolve("shop.log.3")), "only two old files are kept");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(3, files.count(), "no lock file or other leftover");
        }
    }

    @Test
    void noLineIsLostOrSplitWhenManyThreadsLogAcrossRotations() throws Exception {
        Path file = dir.resolve("busy.log");
        RotatingFileHandler handler = handler(file, 4096, 1000);
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (int t = 0; t < 8; t++) {
                int thread = t;
                threads.submit(() -> {
                    for (int n = 0; n < 250; n++) {
                        log(handler, line(thread * 1000 + n));
                    }
                });
            }
        }
        handler.close();
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                lines.addAll(Files.readAllLines(p));
                assertTrue(Files.size(p) <= 4096 + 100, p + " ends at the record that reached the limit: " + Files.size(p));
            }
        }
        assertEquals(2000, lines.size());
        assertEquals(2000, lines.stream().distinct().count());
        assertTrue(lines.stream().allMatch(l -> l.length() == 99 && l.startsWith("line ")), "every line whole");
    }

    @Test
    void anExistingFileIsAppendedToAndRotatedAtOpenWhenItIsFull() throws Exception {
        Path file = dir.resolve("admin.log");
        Files.writeString(file, line(1) + "\n");
        RotatingFileHandler handler = handler(file, 1024, 5);
        log(handler, line(2));
        handler.close();
        assertEquals(List.of(line(1), line(2)), Files.readAllLines(file), "appended after a restart");

        Files.writeString(file, (line(3) + "\n").repeat(11));
        RotatingFileHandler reopened = handler(file, 1024, 5);
        log(reopened, line(4));
        reopened.close();
        assertEquals(List.of(line(4)), Files.readAllLines(file));
        assertEquals(11, Files.readAllLines(dir.resolve("admin.log.1")).size());
    }

    @Test
    void keepingNoOldFilesStartsTheFileAfresh() throws Exception {
        Path file = dir.resolve("lean.log");
        RotatingFileHandler handler = handler(file, 1024, 0);
        for (int n = 1; n <= 12; n++) {
            log(handler, line(n));
        }
        handler.close();
        assertEquals(List.of(line(12)), Files.readAllLines(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void limitsComeFromSystemPropertiesAndWrongOnesNameTheProperty() {
        assertEquals(new RotatingFileHandler.Limits(10L << 20, 5), RotatingFileHandler.limits(Map.<String, String>of()::get));
        assertEquals(new RotatingFileHandler.Limits(512 << 10, 0),
                RotatingFileHandler.limits(Map.of(RotatingFileHandler.MAX_SIZE_PROPERTY, "512k", RotatingFileHandler.FILES_PROPERTY, "0")::get));
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> RotatingFileHandler.limits(Map.of(RotatingFileHandler.MAX_SIZE_PROPERTY, "lots")::get));
        assertTrue(size.getMessage().contains("isola.log.maxFileSize=lots is not a size"), size.getMessage());
        IllegalArgumentException tiny = assertThrows(IllegalArgumentException.class,
                () -> RotatingFileHandler.limits(Map.of(RotatingFileHandler.MAX_SIZE_PROPERTY, "10")::get));
        assertTrue(tiny.getMessage().contains("below the smallest log file size"), tiny.getMessage());
        IllegalArgumentException files = assertThrows(IllegalArgumentException.class,
                () -> RotatingFileHandler.limits(Map.of(RotatingFileHandler.FILES_PROPERTY, "-1")::get));
        assertTrue(files.getMessage().contains("isola.log.files=-1 is not a number of old log files"), files.getMessage());
    }
}

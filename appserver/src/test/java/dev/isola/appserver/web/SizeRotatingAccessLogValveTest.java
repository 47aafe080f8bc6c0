package dev.isola.appserver.web;

import dev.isola.mvm.isolate.MemorySize;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.AccessLogValve;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The access log with a size limit, driven through the valve's {@code log} method as Tomcat
 * calls it after each request: a full file is renamed with the next number of its day and the
 * live file keeps its daily name; every line lands whole in exactly one file, also with many
 * threads logging; a restart within the day counts what the day's file already holds and never
 * overwrites an earlier numbered file; and Tomcat's retention removes old days' numbered files.
 * Lines are long (10 KB) so that the smallest limit, 1 MB, fills with a hundred of them.
 */
class SizeRotatingAccessLogValveTest {

    private static final int LIMIT = (int) AccessLog.MIN_FILE_SIZE.bytes();
    /** How many lines of 10,000 bytes fill a file of the smallest size (104). */
    private static final int PER_FILE = LIMIT / 10_000;
    private static final String TODAY = LocalDate.now().toString();

    @Test
    void aFullFileIsRenamedWithTheNextNumberOfItsDayAndTheLiveFileKeepsItsName(@TempDir Path logs) throws Exception {
        // 104 lines of 10,000 bytes (the line separator included) fill a file; the 105th starts the next.
        List<String> written = new ArrayList<>();
        AccessLogValve valve = started(logs, 14);
        for (int n = 0; n < 350; n++) {
            written.add(line("r" + n, 10_000));
            log(valve, written.getLast());
        }
        valve.stop();

        assertEquals(List.of("p." + TODAY + ".001.log", "p." + TODAY + ".002.log", "p." + TODAY + ".003.log", "p." + TODAY + ".log"), names(logs),
                "numbered files first, then the live one, in the order the lines were written");
        for (Path file : files(logs)) {
            assertTrue(Files.size(file) <= LIMIT, file + " holds " + Files.size(file) + " bytes");
        }
        assertEquals(PER_FILE, Files.readAllLines(logs.resolve("p." + TODAY + ".001.log")).size());
        assertEquals(350 - 3 * PER_FILE, Files.readAllLines(logs.resolve("p." + TODAY + ".log")).size());
        assertEquals(written, linesInNameOrder(logs));
    }

    @Test
    void sizesAreCountedInTheBytesUtf8Takes(@TempDir Path logs) throws Exception {
        // 4,999 two-byte characters and the separator: 9,999 bytes, 5,000 characters. Counted in characters, 209 would fit.
        List<String> written = new ArrayList<>();
        AccessLogValve valve = started(logs, 14);
        for (int n = 0; n < 150; n++) {
            written.add("é".repeat(4_999));
            log(valve, written.getLast());
        }
        valve.stop();

        assertEquals(List.of("p." + TODAY + ".001.log", "p." + TODAY + ".log"), names(logs));
        assertEquals(LIMIT / 9_999 * 9_999, Files.size(logs.resolve("p." + TODAY + ".001.log")));
        assertEquals(written, linesInNameOrder(logs));
    }

    @Test
    void linesLoggedByManyThreadsAreAllKeptEachWholeInOneFile(@TempDir Path logs) throws Exception {
        int threads = 8;
        int perThread = 150;
        AccessLogValve valve = started(logs, 14);
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> loggers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String thread = "t" + t;
                // Lengths vary so that the limit falls at a different place in each file.
                loggers.add(pool.submit(() -> {
                    for (int n = 0; n < perThread; n++) {
                        log(valve, line(thread + "-" + n, 3_000 + 97 * (n % 50)));
                    }
                }));
            }
            for (Future<?> logger : loggers) {
                logger.get();
            }
        }
        valve.stop();

        Set<String> seen = new HashSet<>();
        for (Path file : files(logs)) {
            assertTrue(Files.size(file) <= LIMIT, file + " holds " + Files.size(file) + " bytes");
            for (String line : Files.readAllLines(file)) {
                String id = line.substring(0, line.indexOf(' '));
                assertEquals(line(id, line.length() + 1), line, "a whole line");
                assertTrue(seen.add(id), id + " twice");
            }
        }
        assertEquals(threads * perThread, seen.size(), "every line");
        assertTrue(names(logs).contains("p." + TODAY + ".005.log"), "about 6 MB make at least 5 full files: " + names(logs));
    }

    @Test
    void aRestartWithinTheDayCountsWhatTheDaysFileHoldsAndOverwritesNoEarlierFile(@TempDir Path logs) throws Exception {
        // What the domain wrote before it stopped: one numbered file, and a live file about 30 KB short of full.
        Files.writeString(logs.resolve("p." + TODAY + ".001.log"), line("earlier", 500) + "\n");
        Files.writeString(logs.resolve("p." + TODAY + ".log"), (line("before", 1_000) + "\n").repeat(LIMIT / 1_000 - 30));

        AccessLogValve valve = started(logs, 14);
        for (int n = 0; n < 4; n++) {
            log(valve, line("after" + n, 10_000));
        }
        valve.stop();

        assertEquals(List.of(line("earlier", 500)), Files.readAllLines(logs.resolve("p." + TODAY + ".001.log")), "not overwritten");
        List<String> second = Files.readAllLines(logs.resolve("p." + TODAY + ".002.log"));
        assertEquals(LIMIT / 1_000 - 30 + 3, second.size(), "the file it found, then the three lines that still fit");
        assertEquals(List.of(line("after3", 10_000)), Files.readAllLines(logs.resolve("p." + TODAY + ".log")));
    }

    @Test
    void retentionRemovesTheNumberedFilesOfOldDaysAndKeepsRecentOnes(@TempDir Path logs) throws Exception {
        Instant now = Instant.now();
        Path oldLive = old(logs.resolve("p.2020-01-01.log"), now.minus(Duration.ofDays(5)));
        Path oldFirst = old(logs.resolve("p.2020-01-01.001.log"), now.minus(Duration.ofDays(5)));
        Path oldSecond = old(logs.resolve("p.2020-01-01.002.log"), now.minus(Duration.ofDays(5)));
        Path recent = old(logs.resolve("p." + LocalDate.now().minusDays(1) + ".001.log"), now.minus(Duration.ofDays(1)));
        Path someoneElses = old(logs.resolve("server.log"), now.minus(Duration.ofDays(5)));

        AccessLogValve valve = started(logs, 3);
        valve.backgroundProcess(); // Tomcat's background thread does this every few seconds; opening a file asks for the look
        assertFalse(Files.exists(oldLive) || Files.exists(oldFirst) || Files.exists(oldSecond), "files of 5 days ago: " + names(logs));
        assertTrue(Files.exists(recent) && Files.exists(someoneElses), names(logs).toString());

        // A rotation by size asks for another look, as a new day does.
        Path oldAgain = old(logs.resolve("p.2020-01-02.001.log"), now.minus(Duration.ofDays(5)));
        for (int n = 0; n <= PER_FILE; n++) {
            log(valve, line("r" + n, 10_000));
        }
        valve.backgroundProcess();
        valve.stop();
        assertFalse(Files.exists(oldAgain), names(logs).toString());
        assertTrue(Files.exists(logs.resolve("p." + TODAY + ".001.log")) && Files.exists(recent));
    }

    /** The valve {@link AccessLog} makes with the smallest size limit, started as the host starts it, writing {@code <logs>/p.<date>.log}. */
    private static AccessLogValve started(Path logs, int maxDays) throws LifecycleException {
        AccessLogValve valve = new AccessLog(logs, "p", "%r", maxDays, AccessLog.MIN_FILE_SIZE).valve();
        assertInstanceOf(SizeRotatingAccessLogValve.class, valve);
        StandardHost host = new StandardHost();
        host.setName("localhost");
        valve.setContainer(host);
        valve.start();
        return valve;
    }

    /** Logs {@code line} as Tomcat does once it has formatted a request's line. */
    private static void log(AccessLogValve valve, String line) {
        CharArrayWriter message = new CharArrayWriter();
        message.append(line);
        valve.log(message);
    }

    /** {@code id}, a space and filler: {@code bytes} with the line separator, in ASCII. */
    private static String line(String id, int bytes) {
        return id + " " + "x".repeat(bytes - id.length() - 2);
    }

    private static Path old(Path file, Instant modified) throws IOException {
        Files.writeString(file, "x\n");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    private static List<Path> files(Path logs) throws IOException {
        try (Stream<Path> files = Files.list(logs)) {
            return files.sorted().toList();
        }
    }

    private static List<String> names(Path logs) throws IOException {
        return files(logs).stream().map(file -> file.getFileName().toString()).toList();
    }

    private static List<String> linesInNameOrder(Path logs) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path file : files(logs)) {
            lines.addAll(Files.readAllLines(file));
        }
        return lines;
    }
}

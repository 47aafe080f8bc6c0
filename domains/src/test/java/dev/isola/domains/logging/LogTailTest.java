package dev.isola.domains.logging;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogTailTest {

    @TempDir
    Path directory;

    @Test
    void theLastLinesOldestFirst() throws IOException {
        Path log = Files.writeString(directory.resolve("a.log"), "one\ntwo\r\nthree\nfour\n");
        assertEquals(List.of("three", "four"), LogTail.of(log, 2));
        assertEquals(List.of("one", "two", "three", "four"), LogTail.of(log, 10));
    }

    @Test
    void aLineBeingWrittenIsShownAsItIs() throws IOException {
        Path log = Files.writeString(directory.resolve("a.log"), "one\ntwo\nhalf a li");
        assertEquals(List.of("two", "half a li"), LogTail.of(log, 2));
    }

    @Test
    void aLongLogIsReadFromItsEndOnlyWithoutAPartialFirstLine() throws IOException {
        String line = "x".repeat(99);
        String content = IntStream.range(0, 5000).mapToObj(i -> String.format("%05d%s", i, line)).collect(Collectors.joining("\n", "", "\n"));
        Path log = Files.writeString(directory.resolve("big.log"), content);
        assertTrue(Files.size(log) > LogTail.MAX_BYTES);
        List<String> all = LogTail.of(log, 5000);
        assertTrue(all.size() < 5000 && all.size() >= LogTail.MAX_BYTES / 105 - 1, "only what the window holds: " + all.size());
        assertTrue(all.stream().allMatch(l -> l.length() == 104), "no cut line");
        assertEquals(String.format("%05d%s", 4999, line), all.getLast());
    }

    @Test
    void aMissingLogHasNoLinesAndACountBelowOneIsRefused() throws IOException {
        assertEquals(List.of(), LogTail.of(directory.resolve("never-started.log"), 5));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LogTail.of(directory.resolve("x.log"), 0));
        assertEquals("lines must be at least 1, not 0", e.getMessage());
    }
}

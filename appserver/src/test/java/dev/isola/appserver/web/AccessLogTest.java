package dev.isola.appserver.web;

import dev.isola.appserver.support.RunningServer;
import dev.isola.appserver.support.TestApps;
import dev.isola.appserver.testapps.metered.StatusServlet;
import dev.isola.mvm.isolate.MemorySize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web sub-server's access log: a line per request in the configured pattern, in a daily file
 * under the given prefix, requests for paths no module serves included; and patterns checked
 * with Tomcat's own parser, so that a code it does not know is refused rather than logged as
 * {@code ???}; with a size limit, requests past it go on in the next file of the day (the
 * numbering, concurrency and retention in {@link SizeRotatingAccessLogValveTest}).
 */
class AccessLogTest {

    @Test
    void everyRequestIsWrittenInThePatternToTheDaysFile(@TempDir Path logs) throws Exception {
        try (RunningServer server = new RunningServer(b -> b.accessLog(new AccessLog(logs, "shop-access", "%r %s", 3, AccessLog.NO_SIZE_LIMIT)))) {
            WebArchive war = TestApps.war("metered.war", StatusServlet.class).add(new StringAsset("hello"), "hello.txt");
            server.server().deploy(server.export(war));
            assertEquals("hello", server.get("/metered/hello.txt"));
            assertEquals(409, server.request("/metered/status?code=409").getStatus());
            assertEquals(404, server.request("/nowhere").getStatus());
        }
        // Stopping the server wrote out what was buffered.
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(logs)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                assertTrue(name.matches("shop-access\\.\\d{4}-\\d{2}-\\d{2}\\.log"), "a daily file under the prefix: " + name);
                lines.addAll(Files.readAllLines(file));
            }
        }
        assertEquals(List.of("GET /metered/hello.txt HTTP/1.1 200", "GET /metered/status?code=409 HTTP/1.1 409", "GET /nowhere HTTP/1.1 404"), lines);
    }

    @Test
    void requestsPastTheSizeLimitGoOnInTheNextFileOfTheDay(@TempDir Path logs) throws Exception {
        // 400 lines of about 3 KB: past the smallest limit of 1 MB once.
        String pad = "x".repeat(3_000);
        List<String> expected = new ArrayList<>();
        try (RunningServer server = new RunningServer(b -> b.accessLog(new AccessLog(logs, "shop-access", "%r %s", 3, AccessLog.MIN_FILE_SIZE)))) {
            for (int n = 0; n < 400; n++) {
                assertEquals(404, server.request("/nowhere?n=" + n + "&pad=" + pad).getStatus());
                expected.add("GET /nowhere?n=" + n + "&pad=" + pad + " HTTP/1.1 404");
            }
        }
        List<String> names = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(logs)) {
            for (Path file : files.sorted().toList()) {
                names.add(file.getFileName().toString());
                assertTrue(Files.size(file) <= AccessLog.MIN_FILE_SIZE.bytes(), file + ": " + Files.size(file) + " bytes");
                lines.addAll(Files.readAllLines(file));
            }
        }
        assertEquals(2, names.size(), names.toString());
        String day = names.get(1).substring("shop-access.".length(), names.get(1).length() - ".log".length());
        assertEquals(List.of("shop-access." + day + ".001.log", "shop-access." + day + ".log"), names);
        assertEquals(expected, lines, "every request once, in order, across the two files");
    }

    @Test
    void aSizeLimitIsNoneOrAtLeastOneMegabyte() {
        for (String size : List.of("0", "1m", "1024k", "100m", "2g")) {
            assertDoesNotThrow(() -> AccessLog.checkMaxFileSize(MemorySize.parse(size)), size);
        }
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> AccessLog.checkMaxFileSize(MemorySize.parse("512k")));
        assertTrue(small.getMessage().contains("512k is below the smallest file size of 1m"), small.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AccessLog.checkMaxFileSize(MemorySize.parse("-1m")));
        assertThrows(IllegalArgumentException.class, () -> new AccessLog(Path.of("logs"), "shop-access", "common", 1, MemorySize.ofBytes(1023)));
    }

    @Test
    void patternsTomcatKnowsAreTakenOthersRefusedNamingTheUnknownCodes() {
        for (String pattern : List.of("common", "combined", "%h %l %u %t \"%r\" %s %b %D %{User-Agent}i %{ms}T", "plain text only")) {
            assertDoesNotThrow(() -> AccessLog.checkPattern(pattern), pattern);
        }
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> AccessLog.checkPattern("%h %Q %s"));
        assertTrue(one.getMessage().contains("a code Tomcat's access log does not know: %Q"), one.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class, () -> AccessLog.checkPattern("%Q %s %J"));
        assertTrue(two.getMessage().contains("codes Tomcat's access log does not know: %Q, %J"), two.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AccessLog.checkPattern(" "));
        IllegalArgumentException days = assertThrows(IllegalArgumentException.class, () -> new AccessLog(Path.of("logs"), "shop-access", "common", 0, AccessLog.NO_SIZE_LIMIT));
        assertTrue(days.getMessage().contains("at least one day"), days.getMessage());
    }

    @Test
    void theLogDirectoryIsMadeWhenMissing(@TempDir Path root) throws Exception {
        Path logs = root.resolve("not/yet");
        try (RunningServer server = new RunningServer(b -> b.accessLog(new AccessLog(logs, "a", "%s", 1, AccessLog.NO_SIZE_LIMIT)))) {
            server.server().deploy(server.export(TestApps.war("metered.war", StatusServlet.class)));
            assertEquals(204, server.request("/metered/status?code=204").getStatus());
        }
        try (Stream<Path> files = Files.list(logs)) {
            assertEquals(List.of("204"), Files.readAllLines(files.findFirst().orElseThrow()));
        }
    }
}

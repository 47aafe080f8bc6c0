package dev.isola.appserver.web;

import dev.isola.appserver.support.RunningServer;
import dev.isola.mvm.io.Sha256;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers that share a {@link JspCache} directory (as the domains of one domains root do): the
 * first server to compile a module's JSPs publishes them; a second server deploying the same
 * archive serves them without generating or compiling anything; pages compiled later, by the
 * first server or by another, are published as a larger generation that the next server
 * restores; a changed archive compiles afresh; a damaged generation is reported, ignored and
 * replaced.
 */
class JspCacheTest {

    private static final String PAGE = """
            <%@ page contentType="text/plain" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><%@ taglib prefix="t" tagdir="/WEB-INF/tags" %>\
            <%@ include file="/WEB-INF/jspf/head.jspf" %><c:forEach var="i" begin="1" end="3"><t:box value="${i}"/></c:forEach>""";

    static Path cache;
    static Path archives;

    /** The first server, stopped before any test starts its own (one server per process). */
    @BeforeAll
    static void firstServerCompilesAndPublishes() throws Exception {
        cache = Files.createTempDirectory("isola-jsp-cache");
        archives = Files.createTempDirectory("isola-jsp-archives");
        try (RunningServer first = server()) {
            first.server().deploy(copy(page("v1"), "v1"));
            assertEquals("v1:[1][2][3]", first.get("/pages/page.jsp").trim());
            assertFalse(generatedSources(first).isEmpty(), "the first server compiles the page itself");
        }
    }

    @AfterAll
    static void stop() throws Exception {
        delete(cache);
        delete(archives);
    }

    @Test
    void theFirstCompileIsPublishedWithAManifest() throws IOException {
        Path entry = newestGeneration(archives.resolve("v1").resolve("pages.war"));
        assertTrue(Files.isRegularFile(entry.resolve(JspCache.MANIFEST)), "no entry at " + entry);
        List<String> manifest = Files.readAllLines(entry.resolve(JspCache.MANIFEST));
        assertTrue(manifest.stream().anyMatch(l -> l.contains("page_jsp.class")), manifest.toString());
        assertTrue(manifest.stream().anyMatch(l -> l.contains("box_tag.class")), manifest.toString());
        try (Stream<Path> files = Files.walk(entry)) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith(".java")), "sources are not cached");
        }
    }

    @Test
    void aSecondServerServesTheSameArchiveWithoutCompiling() throws Exception {
        try (RunningServer second = server()) {
            second.server().deploy(copy(archives.resolve("v1").resolve("pages.war"), "second"));
            assertEquals("v1:[1][2][3]", second.get("/pages/page.jsp").trim());
            assertEquals(List.of(), generatedSources(second), "Jasper generated sources, so it compiled");
            assertFalse(compiledClasses(second).isEmpty(), "the cached classes were copied into the server's own work directory");
        }
    }

    @Test
    void aChangedArchiveCompilesAfresh() throws Exception {
        try (RunningServer other = server()) {
            other.server().deploy(copy(page("v2"), "v2"));
            assertEquals("v2:[1][2][3]", other.get("/pages/page.jsp").trim());
            assertFalse(generatedSources(other).isEmpty(), "a changed archive must not use the first archive's classes");
        }
        assertTrue(Files.isRegularFile(newestGeneration(archives.resolve("v2").resolve("pages.war")).resolve(JspCache.MANIFEST)));
    }

    @Test
    void pagesCompiledLaterAreSharedAsALargerGeneration() throws Exception {
        Path archive = copy(page("v4").addAsWebResource(new StringAsset("<%@ page contentType=\"text/plain\" %>other"), "other.jsp"), "v4");
        try (RunningServer first = server()) {
            first.server().deploy(archive);
            assertEquals("v4:[1][2][3]", first.get("/pages/page.jsp").trim());
        }
        int firstGeneration = size(newestGeneration(archive));

        try (RunningServer second = server()) {
            second.server().deploy(archive);
            assertEquals("v4:[1][2][3]", second.get("/pages/page.jsp").trim());
            assertEquals(List.of(), generatedSources(second), "the first page was restored");
            assertEquals("other", second.get("/pages/other.jsp").trim());
            assertEquals(1, generatedSources(second).size(), "only the page no server had reached is compiled: " + generatedSources(second));
        }
        Path larger = newestGeneration(archive);
        assertTrue(size(larger) > firstGeneration, "the second server published what it compiled beside what it restored: " + larger);
        List<String> manifest = Files.readAllLines(larger.resolve(JspCache.MANIFEST));
        assertTrue(manifest.stream().anyMatch(l -> l.contains("page_jsp.class")) && manifest.stream().anyMatch(l -> l.contains("other_jsp.class")),
                manifest.toString());
        assertEquals(2, JspCache.generationsNewestFirst(entry(archive)).size(), "the older generation stays for servers copying it");

        try (RunningServer third = server()) {
            third.server().deploy(archive);
            assertEquals("other", third.get("/pages/other.jsp").trim());
            assertEquals("v4:[1][2][3]", third.get("/pages/page.jsp").trim());
            assertEquals(List.of(), generatedSources(third), "both pages come from the cache");
        }
        assertEquals(larger, newestGeneration(archive), "nothing new to publish");
    }

    @Test
    void aCorruptEntryIsReportedIgnoredAndReplaced() throws Exception {
        Path archive = copy(page("v3"), "v3");
        try (RunningServer publisher = server()) {
            publisher.server().deploy(archive);
            assertEquals("v3:[1][2][3]", publisher.get("/pages/page.jsp").trim());
        }
        Path entry = newestGeneration(archive);
        Path pageClass;
        try (Stream<Path> files = Files.walk(entry)) {
            pageClass = files.filter(f -> f.getFileName().toString().equals("page_jsp.class")).findFirst().orElseThrow();
        }
        long size = Files.size(pageClass);
        Files.write(pageClass, new byte[] {(byte) 0xCA, (byte) 0xFE});

        List<String> warnings = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                warnings.add(r.getMessage());
            }

            @Override
            public void flush() { }

            @Override
            public void close() { }
        };
        Logger logger = Logger.getLogger(JspCache.class.getName());
        logger.addHandler(handler);
        try (RunningServer next = server()) {
            next.server().deploy(archive);
            assertEquals("v3:[1][2][3]", next.get("/pages/page.jsp").trim());
            assertFalse(generatedSources(next).isEmpty(), "a corrupt entry must not be used");
        } finally {
            logger.removeHandler(handler);
        }
        assertTrue(warnings.stream().anyMatch(w -> w.contains(entry.toString()) && w.contains("page_jsp.class does not match the manifest")),
                warnings.toString());
        assertEquals(size, Files.size(pageClass), "the entry was replaced by the recompiled classes");

        Files.delete(entry.resolve(JspCache.MANIFEST));
        try (RunningServer last = server()) {
            last.server().deploy(archive);
            assertEquals("v3:[1][2][3]", last.get("/pages/page.jsp").trim());
            assertFalse(generatedSources(last).isEmpty(), "an entry without a manifest (partial) must not be used");
        }
        assertTrue(Files.isRegularFile(entry.resolve(JspCache.MANIFEST)), "the partial entry was replaced");
    }

    private static RunningServer server() {
        return new RunningServer(b -> b.jspCache(cache));
    }

    /** A WAR whose JSP uses JSTL, a tag file and a static include, so that Jasper records dependencies to check. */
    private static WebArchive page(String version) {
        return ShrinkWrap.create(WebArchive.class, "pages.war")
                .addAsWebResource(new StringAsset(PAGE), "page.jsp")
                .addAsWebInfResource(new StringAsset(version + ":"), "jspf/head.jspf")
                .addAsWebInfResource(new StringAsset("""
                        <%@ attribute name="value" required="true" %>[${value}]"""), "tags/box.tag");
    }

    /** Exports the archive once per version; servers deploy byte-identical copies of that file from their own directories. */
    private static Path copy(WebArchive archive, String directory) throws IOException {
        Path file = archives.resolve(directory).resolve(archive.getName());
        Files.createDirectories(file.getParent());
        archive.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }

    private static Path copy(Path archive, String directory) throws IOException {
        Path file = archives.resolve(directory).resolve(archive.getFileName());
        Files.createDirectories(file.getParent());
        return Files.copy(archive, file);
    }

    private static Path entry(Path archive) throws IOException {
        return new JspCache(cache).entry(Sha256.of(archive), "pages");
    }

    private static Path newestGeneration(Path archive) throws IOException {
        return JspCache.generationsNewestFirst(entry(archive)).getFirst();
    }

    private static int size(Path generation) {
        return Integer.parseInt(generation.getFileName().toString());
    }

    private static List<Path> generatedSources(RunningServer server) throws IOException {
        return jasperOutput(server, ".java");
    }

    private static List<Path> compiledClasses(RunningServer server) throws IOException {
        return jasperOutput(server, ".class");
    }

    private static List<Path> jasperOutput(RunningServer server, String suffix) throws IOException {
        try (Stream<Path> files = Files.walk(server.workDirectory())) {
            return files.filter(f -> f.toString().contains("/jsp/") && f.toString().endsWith(suffix)).toList();
        }
    }

    private static void delete(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

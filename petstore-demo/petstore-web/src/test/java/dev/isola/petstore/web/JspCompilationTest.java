package dev.isola.petstore.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jasper.JspC;
import org.apache.taglibs.standard.tag.rt.core.OutTag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Translates and compiles every JSP of the web module (with its tag files, fragments and tag
 * libraries) with Tomcat's Jasper, as a server would on first request, so a syntax error fails the
 * build instead of a page.
 */
class JspCompilationTest {
    private static final Path WEBAPP = Path.of("src/main/webapp");

    @Test
    void everyPageTranslatesAndCompiles(@TempDir Path temp) throws Exception {
        Path webapp = temp.resolve("webapp");
        copyTree(WEBAPP, webapp);
        // JSTL is provided by the server; here its implementation jar stands in WEB-INF/lib.
        Path jstl = Path.of(OutTag.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Files.createDirectories(webapp.resolve("WEB-INF/lib"));
        Files.copy(jstl, webapp.resolve("WEB-INF/lib").resolve(jstl.getFileName()));
        Path generated = Files.createDirectories(temp.resolve("generated"));

        JspC jspc = new JspC();
        jspc.setUriroot(webapp.toString());
        jspc.setOutputDir(generated.toString());
        // Tag files compile into the output directory before the pages that use them.
        jspc.setClassPath(System.getProperty("java.class.path") + File.pathSeparator + generated);
        jspc.setCompile(true);
        // One thread: pages compiled in parallel race for the tag files they share.
        jspc.setThreadCount("1");
        jspc.setFailOnError(true);
        jspc.setCompilerSourceVM("21");
        jspc.setCompilerTargetVM("21");
        jspc.setValidateTld(false);
        jspc.setValidateXml(false);
        jspc.execute();

        List<String> pages = names(webapp, ".jsp");
        assertFalse(pages.isEmpty(), "the web module has pages");
        List<String> compiled = names(generated, "_jsp.class").stream()
                .map(name -> name.replace("_jsp.class", ".jsp"))
                .toList();
        assertEquals(pages, compiled, "one compiled servlet per page");
    }

    private static List<String> names(Path root, String suffix) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(suffix))
                    .sorted()
                    .toList();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}

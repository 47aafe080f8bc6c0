package dev.isola.admin.deploy;

import dev.isola.domains.testapp.TestEars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.isola.admin.deploy.TestArchives.text;
import static dev.isola.admin.deploy.TestArchives.zip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every rule of the upload check, with the archive that breaks it and the message that names the problem. */
class ArchiveValidatorTest {

    @TempDir
    Path dir;

    private final ArchiveValidator validator = new ArchiveValidator(new ArchiveValidator.Limits(16L << 20, 1000));

    @Test
    void aProperEarPassesWithItsModules() throws IOException {
        Path ear = TestEars.orders(dir, "orders.ear");
        CheckedArchive checked = validator.check(ear, "orders.ear", Optional.empty());
        assertEquals(ArchiveKind.EAR, checked.kind());
        assertEquals(List.of("orders-ejb.jar", "orders.war"), checked.modules().stream().sorted().toList());
        assertEquals(64, checked.sha256().length());
        assertTrue(checked.expandedBytes() > 0);
    }

    @Test
    void somethingThatIsNotAZipIsRefusedNamingWhatItStartsWith() throws IOException {
        Path html = write("shop.ear", text("<html><body>502 Bad Gateway</body></html>"));
        assertRefused(html, "shop.ear is not a zip archive (it starts with '<htm')", false);
        assertRefused(write("empty.ear", new byte[0]), "empty.ear is empty", false);
        byte[] truncated = zip(Map.of("a.war", zip(Map.of("WEB-INF/web.xml", text("<web-app/>")))));
        assertRefused(write("cut.ear", java.util.Arrays.copyOf(truncated, truncated.length / 2)), "cut.ear is not a readable zip archive", false);
    }

    @Test
    void entriesThatWouldLandOutsideTheApplicationAreRefused() throws IOException {
        assertRefused(write("slip.ear", TestArchives.zipSlipEar()), "entry '../../evil.sh' of slip.ear would be written outside", false);
        assertRefused(write("abs.ear", zip(Map.of("/etc/cron.d/x", text("x")))), "entry '/etc/cron.d/x' of abs.ear is an absolute path", false);
        assertRefused(write("drive.war", zip(Map.of("C:/x", text("x")))), "entry 'C:/x' of drive.war is an absolute path", false);
        byte[] nested = zip(Map.of("web.war", zip(Map.of("WEB-INF/../../../x.jsp", text("x")))));
        assertRefused(write("nested.ear", nested), "entry 'web.war!/WEB-INF/../../../x.jsp' of nested.ear would be written outside", false);
    }

    @Test
    void anArchiveExpandingBeyondTheLimitIsRefusedWithoutExpandingItAll() throws IOException {
        Path bomb = TestArchives.bombEar(dir, 64);
        assertTrue(Files.size(bomb) < 1 << 20, "the bomb is small: " + Files.size(bomb));
        assertRefused(bomb, "bomb.ear expands to more than 16 MB (modules included), the limit", true);
        Map<String, byte[]> many = new LinkedHashMap<>();
        for (int i = 0; i < 1001; i++) {
            many.put("WEB-INF/f" + i, new byte[0]);
        }
        assertRefused(write("many.war", zip(many)), "many.war has more than 1000 entries", true);
    }

    @Test
    void anEarNeedsAtLeastOneModuleAndTheModulesItNames() throws IOException {
        assertRefused(write("none.ear", zip(Map.of("lib/util.jar", zip(Map.of("a/B.class", text("x")))))),
                "none.ear contains no module", false);
        String descriptor = "<application xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"10\"><module><web><web-uri>shop.war</web-uri>"
                + "<context-root>/shop</context-root></web></module></application>";
        assertRefused(write("missing.ear", zip(Map.of("META-INF/application.xml", text(descriptor)))),
                "META-INF/application.xml of missing.ear names module shop.war, which is not in the archive", false);
        assertRefused(write("dtd.ear", zip(Map.of("META-INF/application.xml", text("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>")))),
                "META-INF/application.xml of dtd.ear is not well-formed XML", false);
        assertRefused(write("meta.war", zip(Map.of("META-INF/MANIFEST.MF", text("Manifest-Version: 1.0\n")))),
                "meta.war has nothing but META-INF/", false);
    }

    @Test
    void theKindComesFromTheDeclarationTheNameOrTheContent() throws IOException {
        Path war = write("upload.bin", zip(Map.of("WEB-INF/web.xml", text("<web-app/>"))));
        assertEquals(ArchiveKind.WAR, validator.check(war, "upload.bin", Optional.empty()).kind());
        assertEquals(ArchiveKind.JAR, validator.check(war, "upload.bin", Optional.of(ArchiveKind.JAR)).kind());
        assertEquals(ArchiveKind.EAR, validator.check(TestEars.orders(dir, "x.bin"), "x.bin", Optional.empty()).kind());
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private void assertRefused(Path file, String expected, boolean tooLarge) {
        InvalidArchiveException e = assertThrows(InvalidArchiveException.class,
                () -> validator.check(file, file.getFileName().toString(), Optional.empty()));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(tooLarge, e.tooLarge(), e.getMessage());
        assertFalse(e.getMessage().isBlank());
    }
}

package dev.isola.domains.isolate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.attribute.CompilationIDAttribute;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The warm-up's copy of an archive: every class file, in nested archives too, differs from the
 * original's by the mark and does what it did; everything else is the same, in the same order.
 */
class WarmUpArchiveTest {

    @TempDir
    Path dir;

    /** A class to copy: the copy must still say hello. */
    public static final class Greeter implements Supplier<String> {
        @Override
        public String get() {
            return "hello";
        }
    }

    @Test
    void marksEveryClassFileNestedArchivesIncludedAndLeavesTheRestAlone() throws Exception {
        byte[] greeter = classBytes(Greeter.class);
        byte[] notAClass = "not a class file".getBytes(StandardCharsets.UTF_8);
        byte[] lib = zip(Map.of("dev/x/Greeter.class", greeter));
        Map<String, byte[]> war = new LinkedHashMap<>();
        war.put("WEB-INF/web.xml", "<web-app/>".getBytes(StandardCharsets.UTF_8));
        war.put("WEB-INF/classes/dev/x/Greeter.class", greeter);
        war.put("WEB-INF/lib/lib.jar", lib);
        war.put("index.jsp", "<p>hi</p>".getBytes(StandardCharsets.UTF_8));
        Map<String, byte[]> ear = new LinkedHashMap<>();
        ear.put("META-INF/application.xml", "<application/>".getBytes(StandardCharsets.UTF_8));
        ear.put("web.war", zip(war));
        ear.put("Broken.class", notAClass);
        Path original = dir.resolve("app.ear");
        Files.write(original, zip(ear));

        Path copy = dir.resolve("copy.ear");
        WarmUpArchive.copy(original, copy);

        Map<String, byte[]> copied = unzip(Files.readAllBytes(copy));
        assertEquals(ear.keySet().stream().toList(), copied.keySet().stream().toList(), "the same entries in the same order");
        assertArrayEquals(ear.get("META-INF/application.xml"), copied.get("META-INF/application.xml"));
        assertArrayEquals(notAClass, copied.get("Broken.class"), "what does not parse as a class is copied as it was");
        Map<String, byte[]> copiedWar = unzip(copied.get("web.war"));
        assertEquals(war.keySet().stream().toList(), copiedWar.keySet().stream().toList());
        assertArrayEquals(war.get("index.jsp"), copiedWar.get("index.jsp"));
        assertMarkedAndWorking(greeter, copiedWar.get("WEB-INF/classes/dev/x/Greeter.class"));
        assertMarkedAndWorking(greeter, unzip(copiedWar.get("WEB-INF/lib/lib.jar")).get("dev/x/Greeter.class"));
    }

    @Test
    void theSameArchiveGivesTheSameCopy() throws Exception {
        // The compiled JSPs of the warm-up's copy are shared under its digest: every spare must come to the same one.
        Path original = dir.resolve("app.jar");
        Files.write(original, zip(Map.of("dev/x/Greeter.class", classBytes(Greeter.class))));
        WarmUpArchive.copy(original, dir.resolve("one.jar"));
        WarmUpArchive.copy(original, dir.resolve("two.jar"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("one.jar")), Files.readAllBytes(dir.resolve("two.jar")));
    }

    private static void assertMarkedAndWorking(byte[] original, byte[] marked) throws Exception {
        assertFalse(Arrays.equals(original, marked), "the class file differs from the original, so the AOT cache does not serve it");
        assertEquals(WarmUpArchive.MARK, ClassFile.of().parse(marked).findAttribute(java.lang.classfile.Attributes.compilationId())
                .map(CompilationIDAttribute::compilationId).orElseThrow().stringValue());
        Class<?> loaded = new ClassLoader(null) {
            Class<?> define() {
                return defineClass(Greeter.class.getName(), marked, 0, marked.length);
            }
        }.define();
        @SuppressWarnings("unchecked")
        Supplier<String> greeter = (Supplier<String>) loaded.getConstructor().newInstance();
        assertEquals("hello", greeter.get());
    }

    private static byte[] classBytes(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    private static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static Map<String, byte[]> unzip(byte[] archive) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(archive))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                entries.put(e.getName(), in.readAllBytes());
            }
        }
        return entries;
    }
}

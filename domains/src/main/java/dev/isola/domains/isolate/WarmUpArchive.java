package dev.isola.domains.isolate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.attribute.CompilationIDAttribute;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The copy of an application archive that a spare's warm-up deploys: the same archive, except
 * that every class file in it, nested archives included, carries one more attribute, which the
 * JVM ignores.
 *
 * <p>Why: the image's AOT cache holds the classes of the application it was trained with (the
 * Pet Store), and the JVM gives each of them to the first class loader of the process that
 * defines a class of the same name and the same bytes, and never again, even after that loader
 * is gone. A warm-up that deployed the archive itself took them for its throwaway domain, and the
 * domain the spare became parsed its own copies: private class metadata, and none of the JIT
 * training data recorded with the cached classes, whose compilations wait for the cached classes
 * to be initialised. Its hot methods stayed at the limited-profile tier, and it used 5 to 11 %
 * more CPU per Pet Store page than a cold domain (docs/results/throughput/). With different
 * bytes, the warm-up's classes miss the cache and the domain's hit it, while the warm-up runs
 * the same code through the same server paths.
 */
final class WarmUpArchive {

    /** The attribute's value: says where the class came from, should a class dump ever show it. */
    static final String MARK = "isola spare warm-up copy";

    private WarmUpArchive() {
    }

    /** Writes the marked copy of {@code archive} to {@code target}. */
    static void copy(Path archive, Path target) throws IOException {
        try (InputStream in = Files.newInputStream(archive); OutputStream out = Files.newOutputStream(target)) {
            copy(in, out);
        }
    }

    /** Closes both streams. */
    private static void copy(InputStream archive, OutputStream target) throws IOException {
        try (ZipInputStream in = new ZipInputStream(archive); ZipOutputStream out = new ZipOutputStream(target)) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                ZipEntry copied = new ZipEntry(entry.getName());
                if (entry.getLastModifiedTime() != null) {
                    // The entries' times are kept: unpacking gives them to the files, and Jasper compares a JSP's with its class's.
                    copied.setLastModifiedTime(entry.getLastModifiedTime());
                }
                out.putNextEntry(copied);
                if (!entry.isDirectory()) {
                    out.write(marked(entry.getName(), in.readAllBytes()));
                }
                out.closeEntry();
            }
        }
    }

    /** A class file marked, a nested archive copied the same way, anything else as it was. */
    private static byte[] marked(String name, byte[] content) throws IOException {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".class")) {
            return markedClass(content);
        }
        if (lower.endsWith(".jar") || lower.endsWith(".war") || lower.endsWith(".rar")) {
            ByteArrayOutputStream nested = new ByteArrayOutputStream(content.length);
            copy(new ByteArrayInputStream(content), nested);
            return nested.toByteArray();
        }
        return content;
    }

    /** The class with the mark added; a file that does not parse as a class is left as it was (the deployment will say what is wrong with it). */
    static byte[] markedClass(byte[] classFile) {
        ClassFile classes = ClassFile.of();
        try {
            return classes.transformClass(classes.parse(classFile),
                    ClassTransform.dropping(element -> element instanceof CompilationIDAttribute)
                            .andThen(ClassTransform.endHandler(builder -> builder.with(CompilationIDAttribute.of(MARK)))));
        } catch (IllegalArgumentException e) {
            return classFile;
        }
    }
}

package dev.isola.appserver.deploy;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.CompositeIndex;
import org.jboss.jandex.DotName;
import org.jboss.jandex.Index;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.Indexer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Annotation indexes of application code, built with Jandex from the class files (no class
 * is loaded to find out what it is). A module's index covers its own classes; lookups that
 * follow superclasses use the application-wide composite of all modules and libraries.
 */
public final class AnnotationIndex {

    public static final DotName STATELESS = DotName.createSimple("jakarta.ejb.Stateless");
    public static final DotName STATEFUL = DotName.createSimple("jakarta.ejb.Stateful");
    public static final DotName SINGLETON = DotName.createSimple("jakarta.ejb.Singleton");
    public static final DotName MESSAGE_DRIVEN = DotName.createSimple("jakarta.ejb.MessageDriven");
    public static final List<DotName> COMPONENT_DEFINING = List.of(STATELESS, STATEFUL, SINGLETON, MESSAGE_DRIVEN);

    private AnnotationIndex() {
    }

    /**
     * Every occurrence of a repeatable annotation in {@code index}: alone ({@code single}) or in
     * its container ({@code repeated}); each as {carrier, annotation}, where the carrier is the
     * annotation on the class (itself, or the container) and tells where it was declared.
     */
    static List<AnnotationInstance[]> repeatable(IndexView index, DotName single, DotName repeated) {
        List<AnnotationInstance[]> all = new ArrayList<>();
        for (AnnotationInstance ai : index.getAnnotations(single)) {
            all.add(new AnnotationInstance[] {ai, ai});
        }
        for (AnnotationInstance container : index.getAnnotations(repeated)) {
            for (AnnotationInstance nested : container.value().asNestedArray()) {
                all.add(new AnnotationInstance[] {container, nested});
            }
        }
        return all;
    }

    /** The class an annotation is declared on (or, for a member, the member's description). */
    static String declaringClass(AnnotationInstance carrier) {
        return carrier.target().kind() == AnnotationTarget.Kind.CLASS
                ? carrier.target().asClass().name().toString() : carrier.target().toString();
    }

    /** Indexes every class file under {@code classesDirectory} (an unpacked JAR, or {@code WEB-INF/classes}). */
    public static Index ofDirectory(Path classesDirectory) {
        Indexer indexer = new Indexer();
        addDirectory(indexer, classesDirectory);
        return indexer.complete();
    }

    /** Indexes the class files of a JAR. */
    public static Index ofJar(Path jar) {
        Indexer indexer = new Indexer();
        addJar(indexer, jar);
        return indexer.complete();
    }

    /**
     * A web module's classes: {@code WEB-INF/classes} and every JAR in {@code WEB-INF/lib}, in one
     * index so that it can be written to one file ({@link UnpackedArchive}). The JARs go first: of a
     * class found twice the index keeps the last, and the web module's loader takes the one in
     * {@code WEB-INF/classes}.
     */
    public static Index ofWebModule(Path moduleDirectory) {
        Indexer indexer = new Indexer();
        for (Path jar : jars(moduleDirectory.resolve("WEB-INF/lib"))) {
            addJar(indexer, jar);
        }
        addDirectory(indexer, moduleDirectory.resolve("WEB-INF/classes"));
        return indexer.complete();
    }

    private static void addDirectory(Indexer indexer, Path classesDirectory) {
        if (!Files.isDirectory(classesDirectory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(classesDirectory)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                if (p.getFileName().toString().equals("module-info.class")) {
                    continue;
                }
                try (InputStream in = Files.newInputStream(p)) {
                    indexer.index(in);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot index " + classesDirectory, e);
        }
    }

    private static void addJar(Indexer indexer, Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (e.getName().endsWith(".class") && !e.getName().endsWith("module-info.class") && !e.getName().startsWith("META-INF/versions/")) {
                    try (InputStream in = zip.getInputStream(e)) {
                        indexer.index(in);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot index " + jar, e);
        }
    }

    public static IndexView composite(List<IndexView> indexes) {
        return CompositeIndex.create(indexes);
    }

    /** Whether the index has a class annotated as an enterprise bean. */
    public static boolean hasEnterpriseBeans(IndexView index) {
        return COMPONENT_DEFINING.stream().anyMatch(a -> !index.getAnnotations(a).isEmpty());
    }

    /** The JAR files directly in {@code directory}, sorted by name; none if it does not exist. */
    public static List<Path> jars(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(directory)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }
}

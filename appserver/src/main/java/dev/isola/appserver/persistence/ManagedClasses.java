package dev.isola.appserver.persistence;

import dev.isola.appserver.deploy.AnnotationIndex;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

/**
 * The managed classes of a persistence unit root or JAR file: its classes annotated
 * {@code @Entity}, {@code @Embeddable}, {@code @MappedSuperclass} or {@code @Converter}, found in
 * their Jandex index as everything else the server scans, without loading them.
 */
final class ManagedClasses {

    private static final List<DotName> MANAGED = List.of(
            DotName.createSimple("jakarta.persistence.Entity"),
            DotName.createSimple("jakarta.persistence.Embeddable"),
            DotName.createSimple("jakarta.persistence.MappedSuperclass"),
            DotName.createSimple("jakarta.persistence.Converter"));

    private ManagedClasses() {
    }

    /** The managed classes of {@code root}, a directory of classes or a JAR, by name. */
    static List<String> in(Path root) {
        IndexView index = Files.isDirectory(root) ? AnnotationIndex.ofDirectory(root) : AnnotationIndex.ofJar(root);
        TreeSet<String> names = new TreeSet<>();
        for (DotName annotation : MANAGED) {
            for (AnnotationInstance ai : index.getAnnotations(annotation)) {
                if (ai.target().kind() == AnnotationTarget.Kind.CLASS) {
                    names.add(ai.target().asClass().name().toString());
                }
            }
        }
        return List.copyOf(names);
    }
}

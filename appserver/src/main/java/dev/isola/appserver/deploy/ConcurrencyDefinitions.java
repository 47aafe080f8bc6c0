package dev.isola.appserver.deploy;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

import java.util.ArrayList;
import java.util.List;

/**
 * The Jakarta Concurrency resources a module defines, read from its index (repeated ones too):
 * {@code @ContextServiceDefinition}, {@code @ManagedExecutorDefinition},
 * {@code @ManagedScheduledExecutorDefinition} and {@code @ManagedThreadFactoryDefinition}, with
 * the specification's defaults for what they leave out. Names are absolute ({@code java:comp/env/}
 * added to a relative one).
 */
final class ConcurrencyDefinitions {

    static final String DEFAULT_CONTEXT_SERVICE = "java:comp/DefaultContextService";
    private static final String PACKAGE = "jakarta.enterprise.concurrent.";

    /** Something the module defines, and the class that declares it. */
    sealed interface Found {
        String declaringClass();

        String name();

        /** As the annotation is written, for messages. */
        String annotation();
    }

    record ContextService(String declaringClass, String name, String[] propagated, String[] cleared, String[] unchanged) implements Found {
        @Override
        public String annotation() {
            return "@ContextServiceDefinition";
        }
    }

    /**
     * @param context  the JNDI name of the context service its tasks' context comes from
     * @param maxAsync the most tasks running at once, -1 for no limit
     */
    record Executor(String declaringClass, String name, String context, int maxAsync, boolean virtual, boolean scheduled) implements Found {
        @Override
        public String annotation() {
            return scheduled ? "@ManagedScheduledExecutorDefinition" : "@ManagedExecutorDefinition";
        }
    }

    record ThreadFactory(String declaringClass, String name, String context, int priority, boolean virtual) implements Found {
        @Override
        public String annotation() {
            return "@ManagedThreadFactoryDefinition";
        }
    }

    private ConcurrencyDefinitions() {
    }

    /** Context services first: the executors and thread factories name them. */
    static List<Found> scan(IndexView index) {
        List<Found> found = new ArrayList<>();
        for (AnnotationInstance[] pair : occurrences(index, "ContextServiceDefinition")) {
            AnnotationInstance ai = pair[1];
            found.add(new ContextService(AnnotationIndex.declaringClass(pair[0]), name(ai), strings(ai, "propagated", "Remaining"),
                    strings(ai, "cleared", "Transaction"), strings(ai, "unchanged")));
        }
        for (String kind : List.of("ManagedExecutorDefinition", "ManagedScheduledExecutorDefinition")) {
            for (AnnotationInstance[] pair : occurrences(index, kind)) {
                AnnotationInstance ai = pair[1];
                found.add(new Executor(AnnotationIndex.declaringClass(pair[0]), name(ai), context(ai), integer(ai, "maxAsync", -1),
                        bool(ai, "virtual"), kind.startsWith("ManagedScheduled")));
            }
        }
        for (AnnotationInstance[] pair : occurrences(index, "ManagedThreadFactoryDefinition")) {
            AnnotationInstance ai = pair[1];
            found.add(new ThreadFactory(AnnotationIndex.declaringClass(pair[0]), name(ai), context(ai), integer(ai, "priority", Thread.NORM_PRIORITY),
                    bool(ai, "virtual")));
        }
        return found;
    }

    private static List<AnnotationInstance[]> occurrences(IndexView index, String simpleName) {
        return AnnotationIndex.repeatable(index, DotName.createSimple(PACKAGE + simpleName), DotName.createSimple(PACKAGE + simpleName + "$List"));
    }

    private static String name(AnnotationInstance ai) {
        AnnotationValue v = ai.value("name");
        String name = v == null ? "" : v.asString();
        return name.isEmpty() || name.startsWith("java:") ? name : "java:comp/env/" + name;
    }

    private static String context(AnnotationInstance ai) {
        AnnotationValue v = ai.value("context");
        String context = v == null || v.asString().isEmpty() ? DEFAULT_CONTEXT_SERVICE : v.asString();
        return context.startsWith("java:") ? context : "java:comp/env/" + context;
    }

    private static String[] strings(AnnotationInstance ai, String name, String... defaults) {
        AnnotationValue v = ai.value(name);
        return v == null ? defaults : v.asStringArray();
    }

    private static int integer(AnnotationInstance ai, String name, int otherwise) {
        AnnotationValue v = ai.value(name);
        return v == null ? otherwise : v.asInt();
    }

    private static boolean bool(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v != null && v.asBoolean();
    }
}

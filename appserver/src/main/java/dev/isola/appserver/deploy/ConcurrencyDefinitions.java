package dev.isola.appserver.deploy;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Jakarta Concurrency resources a module defines, read from its index (repeated ones too):
 * {@code @ContextServiceDefinition}, {@code @ManagedExecutorDefinition},
 * {@code @ManagedScheduledExecutorDefinition} and {@code @ManagedThreadFactoryDefinition}, with
 * the specification's defaults for what they leave out; and from a web module's {@code web.xml},
 * where the same are {@code <context-service>}, {@code <managed-executor>},
 * {@code <managed-scheduled-executor>} and {@code <managed-thread-factory>}. Names are absolute
 * ({@code java:comp/env/} added to a relative one).
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

        /** The descriptor element that defines the same. */
        String element();

        /** How it was declared, for messages: the annotation, or the descriptor's element. */
        default String declaration() {
            // a descriptor stands for the class: "WEB-INF/web.xml", "META-INF/ejb-jar.xml, bean X"; no class name has a slash
            return declaringClass().startsWith("WEB-INF/") || declaringClass().startsWith("META-INF/") ? "<" + element() + ">" : annotation();
        }
    }

    record ContextService(String declaringClass, String name, String[] propagated, String[] cleared, String[] unchanged) implements Found {
        @Override
        public String annotation() {
            return "@ContextServiceDefinition";
        }

        @Override
        public String element() {
            return "context-service";
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

        @Override
        public String element() {
            return scheduled ? "managed-scheduled-executor" : "managed-executor";
        }
    }

    record ThreadFactory(String declaringClass, String name, String context, int priority, boolean virtual) implements Found {
        @Override
        public String annotation() {
            return "@ManagedThreadFactoryDefinition";
        }

        @Override
        public String element() {
            return "managed-thread-factory";
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

    /**
     * The definitions of a deployment descriptor's element that holds them ({@code <web-app>},
     * {@code <application>}, an {@code ejb-jar.xml} bean's {@code <session>}), context services
     * first; {@code file} stands for the declaring class in messages.
     *
     * @throws DeploymentException naming the file, the element and the value that is not a number
     */
    static List<Found> fromDescriptor(Element root, String file, DeploymentException.Location at) {
        List<Found> found = new ArrayList<>();
        for (Element e : Xml.children(root, "context-service")) {
            found.add(new ContextService(file, absolute(Xml.text(e, "name").orElse("")), texts(e, "propagated", "Remaining"),
                    texts(e, "cleared", "Transaction"), texts(e, "unchanged")));
        }
        for (String element : List.of("managed-executor", "managed-scheduled-executor")) {
            for (Element e : Xml.children(root, element)) {
                found.add(new Executor(file, absolute(Xml.text(e, "name").orElse("")), contextRef(e),
                        number(e, "max-async", file, at).orElse(-1), Boolean.parseBoolean(Xml.text(e, "virtual").orElse("false")),
                        element.equals("managed-scheduled-executor")));
            }
        }
        for (Element e : Xml.children(root, "managed-thread-factory")) {
            found.add(new ThreadFactory(file, absolute(Xml.text(e, "name").orElse("")), contextRef(e),
                    number(e, "priority", file, at).orElse(Thread.NORM_PRIORITY), Boolean.parseBoolean(Xml.text(e, "virtual").orElse("false"))));
        }
        return found;
    }

    private static String contextRef(Element e) {
        return absolute(Xml.text(e, "context-service-ref").filter(ref -> !ref.isEmpty()).orElse(DEFAULT_CONTEXT_SERVICE));
    }

    private static String[] texts(Element e, String name, String... otherwise) {
        List<Element> elements = Xml.children(e, name);
        return elements.isEmpty() ? otherwise : elements.stream().map(c -> c.getTextContent().trim()).toArray(String[]::new);
    }

    private static Optional<Integer> number(Element e, String name, String file, DeploymentException.Location at) {
        Optional<String> text = Xml.text(e, name);
        try {
            return text.map(Integer::valueOf);
        } catch (NumberFormatException notANumber) {
            throw at.error(file + ": <" + name + ">" + text.get() + "</" + name + "> of " + Xml.localName(e) + " "
                    + Xml.text(e, "name").orElse("") + " is not a whole number");
        }
    }

    private static String absolute(String name) {
        return name.isEmpty() || name.startsWith("java:") ? name : "java:comp/env/" + name;
    }

    private static List<AnnotationInstance[]> occurrences(IndexView index, String simpleName) {
        return AnnotationIndex.repeatable(index, DotName.createSimple(PACKAGE + simpleName), DotName.createSimple(PACKAGE + simpleName + "$List"));
    }

    private static String name(AnnotationInstance ai) {
        AnnotationValue v = ai.value("name");
        return absolute(v == null ? "" : v.asString());
    }

    private static String context(AnnotationInstance ai) {
        AnnotationValue v = ai.value("context");
        return absolute(v == null || v.asString().isEmpty() ? DEFAULT_CONTEXT_SERVICE : v.asString());
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

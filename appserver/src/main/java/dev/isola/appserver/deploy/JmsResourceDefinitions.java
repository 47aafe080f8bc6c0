package dev.isola.appserver.deploy;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code @JMSDestinationDefinition}s and {@code @JMSConnectionFactoryDefinition}s of a
 * module (repeated ones too), read from its index with the values as written.
 */
final class JmsResourceDefinitions {

    private static final DotName DESTINATION = DotName.createSimple("jakarta.jms.JMSDestinationDefinition");
    private static final DotName DESTINATIONS = DotName.createSimple("jakarta.jms.JMSDestinationDefinitions");
    private static final DotName FACTORY = DotName.createSimple("jakarta.jms.JMSConnectionFactoryDefinition");
    private static final DotName FACTORIES = DotName.createSimple("jakarta.jms.JMSConnectionFactoryDefinitions");

    /** A {@code @JMSDestinationDefinition}. */
    record Destination(String declaringClass, String name, String interfaceName, String destinationName, String[] properties) {
        String describe() {
            return "@JMSDestinationDefinition " + name;
        }
    }

    /** A {@code @JMSConnectionFactoryDefinition}; {@code transactional = false} makes sessions ignore container transactions. */
    record ConnectionFactory(String declaringClass, String name, String clientId, boolean transactional, String[] properties) {
        String describe() {
            return "@JMSConnectionFactoryDefinition " + name;
        }
    }

    private JmsResourceDefinitions() {
    }

    static List<Destination> destinations(IndexView index) {
        List<Destination> found = new ArrayList<>();
        for (AnnotationInstance[] pair : instances(index, DESTINATION, DESTINATIONS)) {
            AnnotationInstance ai = pair[1];
            found.add(new Destination(declaringClass(pair[0]), string(ai, "name", ""), string(ai, "interfaceName", ""),
                    string(ai, "destinationName", ""), strings(ai, "properties")));
        }
        return found;
    }

    static List<ConnectionFactory> connectionFactories(IndexView index) {
        List<ConnectionFactory> found = new ArrayList<>();
        for (AnnotationInstance[] pair : instances(index, FACTORY, FACTORIES)) {
            AnnotationInstance ai = pair[1];
            AnnotationValue transactional = ai.value("transactional");
            found.add(new ConnectionFactory(declaringClass(pair[0]), string(ai, "name", ""), string(ai, "clientId", ""),
                    transactional == null || transactional.asBoolean(), strings(ai, "properties")));
        }
        return found;
    }

    /** Each definition with the annotation that carries it (itself, or its container annotation). */
    private static List<AnnotationInstance[]> instances(IndexView index, DotName single, DotName repeated) {
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

    private static String declaringClass(AnnotationInstance ai) {
        return ai.target().kind() == AnnotationTarget.Kind.CLASS ? ai.target().asClass().name().toString() : ai.target().toString();
    }

    private static String string(AnnotationInstance ai, String name, String absent) {
        AnnotationValue v = ai.value(name);
        return v == null ? absent : v.asString();
    }

    private static String[] strings(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? new String[0] : v.asStringArray();
    }
}

package dev.isola.appserver.deploy;

import org.jboss.jandex.AnnotationInstance;
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
        for (AnnotationInstance[] pair : AnnotationIndex.repeatable(index, DESTINATION, DESTINATIONS)) {
            AnnotationInstance ai = pair[1];
            found.add(new Destination(AnnotationIndex.declaringClass(pair[0]), string(ai, "name", ""), string(ai, "interfaceName", ""),
                    string(ai, "destinationName", ""), strings(ai, "properties")));
        }
        return found;
    }

    static List<ConnectionFactory> connectionFactories(IndexView index) {
        List<ConnectionFactory> found = new ArrayList<>();
        for (AnnotationInstance[] pair : AnnotationIndex.repeatable(index, FACTORY, FACTORIES)) {
            AnnotationInstance ai = pair[1];
            AnnotationValue transactional = ai.value("transactional");
            found.add(new ConnectionFactory(AnnotationIndex.declaringClass(pair[0]), string(ai, "name", ""), string(ai, "clientId", ""),
                    transactional == null || transactional.asBoolean(), strings(ai, "properties")));
        }
        return found;
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

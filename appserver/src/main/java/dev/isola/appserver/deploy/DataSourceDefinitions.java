package dev.isola.appserver.deploy;

import dev.isola.appserver.jdbc.DataSourceSpec;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code @DataSourceDefinition}s of a module, read from its index (repeated ones too).
 */
final class DataSourceDefinitions {

    private static final DotName DEFINITION = DotName.createSimple("jakarta.annotation.sql.DataSourceDefinition");
    private static final DotName DEFINITIONS = DotName.createSimple("jakarta.annotation.sql.DataSourceDefinitions");

    record Found(String declaringClass, DataSourceSpec spec) { }

    private DataSourceDefinitions() {
    }

    static List<Found> scan(IndexView index) {
        List<Found> found = new ArrayList<>();
        for (AnnotationInstance[] pair : AnnotationIndex.repeatable(index, DEFINITION, DEFINITIONS)) {
            AnnotationInstance ai = pair[1];
            String declaring = AnnotationIndex.declaringClass(pair[0]);
            Map<String, String> properties = new LinkedHashMap<>();
            AnnotationValue props = ai.value("properties");
            if (props != null) {
                for (String p : props.asStringArray()) {
                    int eq = p.indexOf('=');
                    if (eq > 0) {
                        properties.put(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
                    }
                }
            }
            String name = string(ai, "name");
            found.add(new Found(declaring, new DataSourceSpec(name.startsWith("java:") ? name : "java:comp/env/" + name,
                    string(ai, "className"), string(ai, "url"), string(ai, "databaseName"), string(ai, "serverName"), integer(ai, "portNumber"),
                    string(ai, "user"), string(ai, "password"), properties, integer(ai, "minPoolSize"), integer(ai, "maxPoolSize"))));
        }
        return found;
    }

    private static String string(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? "" : v.asString();
    }

    private static int integer(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? -1 : v.asInt();
    }
}

package dev.isola.appserver.inject;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the {@code @EJB}, {@code @Resource}, {@code @PersistenceContext} and {@code @PersistenceUnit} injection points of an application's classes in
 * their Jandex index, before any of them is loaded, so that a reference that cannot be
 * satisfied fails the deployment and not the first request. Class-level annotations (also
 * inside {@code @EJBs} / {@code @Resources}) declare a reference in the component's
 * {@code java:comp/env} without injecting it, for the component to look up. Further injection annotations
 * (CDI's {@code @Inject}) are meant to be added here as further {@link Reference} kinds.
 */
public final class InjectionScanner {

    static final DotName EJB = DotName.createSimple("jakarta.ejb.EJB");
    static final DotName RESOURCE = DotName.createSimple("jakarta.annotation.Resource");
    static final DotName EJBS = DotName.createSimple("jakarta.ejb.EJBs");
    static final DotName RESOURCES = DotName.createSimple("jakarta.annotation.Resources");
    static final DotName PERSISTENCE_CONTEXT = DotName.createSimple("jakarta.persistence.PersistenceContext");
    static final DotName PERSISTENCE_CONTEXTS = DotName.createSimple("jakarta.persistence.PersistenceContexts");
    static final DotName PERSISTENCE_UNIT = DotName.createSimple("jakarta.persistence.PersistenceUnit");
    static final DotName PERSISTENCE_UNITS = DotName.createSimple("jakarta.persistence.PersistenceUnits");
    /** What persistence references inject, compared as names: nothing is loaded to scan. */
    static final String ENTITY_MANAGER = "jakarta.persistence.EntityManager";
    static final String ENTITY_MANAGER_FACTORY = "jakarta.persistence.EntityManagerFactory";

    private InjectionScanner() {
    }

    /** Injection points by declaring class name, in declaration order. */
    public static Map<String, List<InjectionPoint>> scan(IndexView index) {
        Map<String, List<InjectionPoint>> points = new LinkedHashMap<>();
        for (DotName annotation : List.of(EJB, RESOURCE, PERSISTENCE_CONTEXT, PERSISTENCE_UNIT)) {
            for (AnnotationInstance ai : index.getAnnotations(annotation)) {
                add(points, point(ai, ai.target()));
            }
        }
        for (DotName container : List.of(EJBS, RESOURCES, PERSISTENCE_CONTEXTS, PERSISTENCE_UNITS)) {
            for (AnnotationInstance ai : index.getAnnotations(container)) {
                for (AnnotationInstance nested : ai.value().asNestedArray()) {
                    add(points, point(nested, ai.target()));
                }
            }
        }
        return points;
    }

    private static void add(Map<String, List<InjectionPoint>> points, InjectionPoint p) {
        if (p != null) {
            points.computeIfAbsent(p.declaringClass(), k -> new ArrayList<>()).add(p);
        }
    }

    private static InjectionPoint point(AnnotationInstance ai, AnnotationTarget target) {
        String declaring;
        String member;
        String property;
        String type;
        boolean setter;
        if (target.kind() == AnnotationTarget.Kind.FIELD) {
            FieldInfo f = target.asField();
            declaring = f.declaringClass().name().toString();
            member = f.name();
            property = f.name();
            type = f.type().name().toString();
            setter = false;
        } else if (target.kind() == AnnotationTarget.Kind.METHOD) {
            MethodInfo m = target.asMethod();
            declaring = m.declaringClass().name().toString();
            member = m.name();
            if (m.parametersCount() != 1 || !m.name().startsWith("set") || m.name().length() < 4) {
                property = m.name();
            } else {
                property = Character.toLowerCase(m.name().charAt(3)) + m.name().substring(4);
            }
            type = m.parametersCount() == 1 ? m.parameterType(0).name().toString() : "";
            setter = true;
        } else if (target.kind() == AnnotationTarget.Kind.CLASS) {
            declaring = target.asClass().name().toString();
            member = null;
            property = "";
            type = ai.name().equals(EJB) ? className(ai, "beanInterface")
                    : ai.name().equals(PERSISTENCE_CONTEXT) ? ENTITY_MANAGER
                    : ai.name().equals(PERSISTENCE_UNIT) ? ENTITY_MANAGER_FACTORY
                    : className(ai, "type");
            setter = false;
        } else {
            return null;
        }
        String name = string(ai, "name");
        String envName = name.isEmpty() ? (member == null ? "" : declaring + "/" + property) : name;
        Reference ref;
        if (ai.name().equals(EJB)) {
            String beanInterface = className(ai, "beanInterface");
            ref = new Reference.Ejb(string(ai, "beanName"), beanInterface.equals("java.lang.Object") ? "" : beanInterface,
                    firstNonEmpty(string(ai, "lookup"), string(ai, "mappedName")));
        } else if (ai.name().equals(PERSISTENCE_CONTEXT)) {
            Map<String, String> properties = new LinkedHashMap<>();
            AnnotationValue given = ai.value("properties");
            if (given != null) {
                for (AnnotationInstance entry : given.asNestedArray()) {
                    properties.put(string(entry, "name"), string(entry, "value"));
                }
            }
            ref = new Reference.PersistenceContext(string(ai, "unitName"), enumName(ai, "type").equals("EXTENDED"),
                    enumName(ai, "synchronization").equals("UNSYNCHRONIZED"), Map.copyOf(properties));
        } else if (ai.name().equals(PERSISTENCE_UNIT)) {
            ref = new Reference.PersistenceUnit(string(ai, "unitName"));
        } else {
            String declared = className(ai, "type");
            ref = new Reference.Resource(declared.isEmpty() || declared.equals("java.lang.Object") ? type : declared,
                    firstNonEmpty(string(ai, "lookup"), string(ai, "mappedName")));
        }
        return new InjectionPoint(declaring, member, setter, type, envName, ref);
    }

    private static String string(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? "" : v.asString();
    }

    private static String enumName(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? "" : v.asEnum();
    }

    private static String className(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? "" : v.asClass().name().toString();
    }

    private static String firstNonEmpty(String a, String b) {
        return a.isEmpty() ? b : a;
    }
}

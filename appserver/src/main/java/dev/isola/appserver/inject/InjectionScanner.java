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
 * Finds the {@code @EJB} and {@code @Resource} injection points of an application's classes in
 * their Jandex index, before any of them is loaded, so that a reference that cannot be
 * satisfied fails the deployment and not the first request. Class-level annotations (also
 * inside {@code @EJBs} / {@code @Resources}) declare a reference in the component's
 * {@code java:comp/env} without injecting it, for the component to look up. Further injection annotations
 * ({@code @PersistenceContext}, CDI's {@code @Inject}) are meant to be added here as further
 * {@link Reference} kinds.
 */
public final class InjectionScanner {

    static final DotName EJB = DotName.createSimple("jakarta.ejb.EJB");
    static final DotName RESOURCE = DotName.createSimple("jakarta.annotation.Resource");
    static final DotName EJBS = DotName.createSimple("jakarta.ejb.EJBs");
    static final DotName RESOURCES = DotName.createSimple("jakarta.annotation.Resources");

    private InjectionScanner() {
    }

    /** Injection points by declaring class name, in declaration order. */
    public static Map<String, List<InjectionPoint>> scan(IndexView index) {
        Map<String, List<InjectionPoint>> points = new LinkedHashMap<>();
        for (DotName annotation : List.of(EJB, RESOURCE)) {
            for (AnnotationInstance ai : index.getAnnotations(annotation)) {
                add(points, point(ai, ai.target()));
            }
        }
        for (DotName container : List.of(EJBS, RESOURCES)) {
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
            type = ai.name().equals(EJB) ? className(ai, "beanInterface") : className(ai, "type");
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

    private static String className(AnnotationInstance ai, String name) {
        AnnotationValue v = ai.value(name);
        return v == null ? "" : v.asClass().name().toString();
    }

    private static String firstNonEmpty(String a, String b) {
        return a.isEmpty() ? b : a;
    }
}

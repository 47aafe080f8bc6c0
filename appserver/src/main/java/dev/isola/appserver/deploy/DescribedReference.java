package dev.isola.appserver.deploy;

import dev.isola.appserver.inject.InjectionPoint;
import dev.isola.appserver.inject.Reference;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A reference a deployment descriptor declares (Jakarta EE platform, EE.5): an {@code <env-entry>}
 * (whose value is bound where the descriptor's entries are; here for its injection targets), an {@code <ejb-ref>},
 * {@code <ejb-local-ref>}, {@code <resource-ref>}, {@code <resource-env-ref>},
 * {@code <message-destination-ref>}, {@code <persistence-context-ref>} or
 * {@code <persistence-unit-ref>} of {@code web.xml}'s {@code <web-app>} or of an
 * {@code ejb-jar.xml} bean. It becomes the same {@link InjectionPoint}s an annotation would: one
 * per {@code <injection-target>}, or a declaration for lookups when it has none.
 *
 * @param element  the element's name, for messages
 * @param name     its {@code java:comp/env} name
 * @param type     the type it declares ({@code res-type}, the business interface...), empty when it declares none
 * @param targets  its {@code <injection-target>}s: class and field or property name
 */
public record DescribedReference(String element, String name, String type, Reference reference, List<Target> targets) {

    /** An {@code <injection-target>}. */
    public record Target(String className, String name) { }

    private static final List<String> ELEMENTS = List.of("env-entry", "ejb-ref", "ejb-local-ref", "resource-ref", "resource-env-ref",
            "message-destination-ref", "persistence-context-ref", "persistence-unit-ref");

    /**
     * The references declared directly in {@code parent}.
     *
     * @param file "WEB-INF/web.xml" or "META-INF/ejb-jar.xml, bean Orders", for messages
     */
    public static List<DescribedReference> read(Element parent, String file, DeploymentException.Location at) {
        List<DescribedReference> references = new ArrayList<>();
        for (String element : ELEMENTS) {
            for (Element e : Xml.children(parent, element)) {
                String nameElement = switch (element) {
                    case "env-entry" -> "env-entry-name";
                    case "ejb-ref", "ejb-local-ref" -> "ejb-ref-name";
                    case "resource-ref" -> "res-ref-name";
                    case "resource-env-ref" -> "resource-env-ref-name";
                    case "message-destination-ref" -> "message-destination-ref-name";
                    case "persistence-context-ref" -> "persistence-context-ref-name";
                    default -> "persistence-unit-ref-name";
                };
                String name = Xml.text(e, nameElement).filter(s -> !s.isEmpty())
                        .orElseThrow(() -> at.error(file + ": a <" + element + "> has no <" + nameElement + ">"));
                String lookup = Xml.text(e, "lookup-name").or(() -> Xml.text(e, "mapped-name")).orElse("");
                String type = switch (element) {
                    case "env-entry" -> Xml.text(e, "env-entry-type").orElse("");
                    case "ejb-ref" -> Xml.text(e, "remote").or(() -> Xml.text(e, "home")).orElse("");
                    case "ejb-local-ref" -> Xml.text(e, "local").or(() -> Xml.text(e, "local-home")).orElse("");
                    case "resource-ref" -> Xml.text(e, "res-type").orElse("");
                    case "resource-env-ref" -> Xml.text(e, "resource-env-ref-type").orElse("");
                    case "message-destination-ref" -> Xml.text(e, "message-destination-type").orElse("");
                    case "persistence-context-ref" -> "jakarta.persistence.EntityManager";
                    default -> "jakarta.persistence.EntityManagerFactory";
                };
                Reference reference = switch (element) {
                    case "ejb-ref", "ejb-local-ref" -> new Reference.Ejb(Xml.text(e, "ejb-link").orElse(""), type, lookup);
                    case "persistence-context-ref" -> {
                        Map<String, String> properties = new LinkedHashMap<>();
                        for (Element p : Xml.children(e, "persistence-property")) {
                            properties.put(Xml.text(p, "name").orElse(""), Xml.text(p, "value").orElse(""));
                        }
                        String contextType = Xml.text(e, "persistence-context-type").orElse("Transaction");
                        String synchronization = Xml.text(e, "persistence-context-synchronization").orElse("Synchronized");
                        if (!contextType.equals("Transaction") && !contextType.equals("Extended")) {
                            throw at.error(file + ": <persistence-context-ref> " + name + ": <persistence-context-type> is Transaction or Extended, not "
                                    + contextType);
                        }
                        if (!synchronization.equals("Synchronized") && !synchronization.equals("Unsynchronized")) {
                            throw at.error(file + ": <persistence-context-ref> " + name + ": <persistence-context-synchronization> is Synchronized or"
                                    + " Unsynchronized, not " + synchronization);
                        }
                        yield new Reference.PersistenceContext(Xml.text(e, "persistence-unit-name").orElse(""), contextType.equals("Extended"),
                                synchronization.equals("Unsynchronized"), Map.copyOf(properties));
                    }
                    case "persistence-unit-ref" -> new Reference.PersistenceUnit(Xml.text(e, "persistence-unit-name").orElse(""));
                    default -> new Reference.Resource(type, lookup);
                };
                List<Target> targets = new ArrayList<>();
                for (Element t : Xml.children(e, "injection-target")) {
                    String className = Xml.text(t, "injection-target-class").orElse("");
                    String member = Xml.text(t, "injection-target-name").orElse("");
                    if (className.isEmpty() || member.isEmpty()) {
                        throw at.error(file + ": <" + element + "> " + name + ": an <injection-target> needs <injection-target-class> and "
                                + "<injection-target-name>");
                    }
                    targets.add(new Target(className, member));
                }
                references.add(new DescribedReference(element, name, type, reference, List.copyOf(targets)));
            }
        }
        return references;
    }

    /**
     * The injection points of these references, by class: a target is the class's field of that name, or else its setter of
     * that property, found in {@code index}; a target that names neither fails the deployment.
     */
    public static Map<String, List<InjectionPoint>> points(List<DescribedReference> references, IndexView index, String file,
                                                           DeploymentException.Location at) {
        Map<String, List<InjectionPoint>> points = new LinkedHashMap<>();
        for (DescribedReference r : references) {
            if (r.targets().isEmpty() && r.element().equals("env-entry")) {
                // bound with its value where the descriptor's entries are, and nothing to inject
                continue;
            }
            if (r.targets().isEmpty()) {
                if (r.type().isEmpty()) {
                    throw at.error(file + ": <" + r.element() + "> " + r.name() + " declares no type ("
                            + (r.element().startsWith("ejb") ? "<local> or <remote>" : r.element().equals("resource-ref") ? "<res-type>" : "its type element")
                            + ") and has no <injection-target> to tell it");
                }
                // declared for lookups: bound under the declaring file's component, attributed to the file in messages
                points.computeIfAbsent(file, k -> new ArrayList<>()).add(new InjectionPoint(file, null, false, r.type(), r.name(), r.reference()));
                continue;
            }
            for (Target t : r.targets()) {
                String where = file + ": <" + r.element() + "> " + r.name() + ": its <injection-target> " + t.className() + "." + t.name();
                ClassInfo c = index.getClassByName(DotName.createSimple(t.className()));
                if (c == null) {
                    throw at.error(where + " names a class the module does not have");
                }
                InjectionPoint p = field(c, t.name()).map(f -> new InjectionPoint(t.className(), f.name(), false, f.type().name().toString(),
                                r.name(), typed(r, f.type().name().toString())))
                        .or(() -> setter(c, t.name()).map(m -> new InjectionPoint(t.className(), m.name(), true, m.parameterType(0).name().toString(),
                                r.name(), typed(r, m.parameterType(0).name().toString()))))
                        .orElseThrow(() -> at.error(where + " is neither a field of the class nor a property with a setter"));
                points.computeIfAbsent(t.className(), k -> new ArrayList<>()).add(p);
            }
        }
        return points;
    }

    /** A resource reference that declares no type takes its target's, as an annotation's does. */
    private static Reference typed(DescribedReference r, String memberType) {
        return r.reference() instanceof Reference.Resource res && res.type().isEmpty() ? new Reference.Resource(memberType, res.lookup()) : r.reference();
    }

    private static Optional<FieldInfo> field(ClassInfo c, String name) {
        return Optional.ofNullable(c.field(name));
    }

    private static Optional<MethodInfo> setter(ClassInfo c, String property) {
        String setter = "set" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
        return c.methods().stream().filter(m -> m.name().equals(setter) && m.parametersCount() == 1).findFirst();
    }
}

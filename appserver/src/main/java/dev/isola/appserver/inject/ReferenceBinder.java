package dev.isola.appserver.inject;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.Scopes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a component's injection points into {@code java:comp/env} bindings at deployment,
 * and fails the deployment, naming class and member, for a reference that nothing satisfies.
 *
 * <p>Container objects resolve by type ({@code SessionContext}, {@code UserTransaction},
 * {@code TimerService}, {@code TransactionSynchronizationRegistry}, and Jakarta Concurrency's
 * managed executors, context service and thread factory, as their defaults); an unnamed
 * {@code DataSource} is the default datasource ({@code java:comp/DefaultDataSource}); an
 * environment entry is injected only if the descriptor gives it a value (as the
 * specification says); a persistence context or unit is the application's unit the reference
 * names ({@link PersistenceResolver}); anything else needs a {@code lookup} name.
 */
public final class ReferenceBinder {

    static final Set<String> ENV_ENTRY_TYPES = Set.of("java.lang.String", "java.lang.Integer", "int", "java.lang.Long", "long",
            "java.lang.Boolean", "boolean", "java.lang.Double", "double", "java.lang.Float", "float", "java.lang.Short", "short",
            "java.lang.Byte", "byte", "java.lang.Character", "char", "java.lang.Class");

    private static final Map<String, String> CONTAINER_OBJECTS = Map.ofEntries(
            Map.entry("jakarta.ejb.SessionContext", "java:comp/EJBContext"),
            Map.entry("jakarta.ejb.MessageDrivenContext", "java:comp/EJBContext"),
            Map.entry("jakarta.ejb.EJBContext", "java:comp/EJBContext"),
            Map.entry("jakarta.transaction.UserTransaction", "java:comp/UserTransaction"),
            Map.entry("jakarta.transaction.TransactionSynchronizationRegistry", "java:comp/TransactionSynchronizationRegistry"),
            Map.entry("jakarta.ejb.TimerService", "java:comp/TimerService"),
            Map.entry("javax.sql.DataSource", "java:comp/DefaultDataSource"),
            Map.entry("jakarta.jms.ConnectionFactory", "java:comp/DefaultJMSConnectionFactory"),
            Map.entry("jakarta.jms.QueueConnectionFactory", "java:comp/DefaultJMSConnectionFactory"),
            Map.entry("jakarta.jms.TopicConnectionFactory", "java:comp/DefaultJMSConnectionFactory"),
            Map.entry("jakarta.enterprise.concurrent.ManagedExecutorService", "java:comp/DefaultManagedExecutorService"),
            Map.entry("jakarta.enterprise.concurrent.ManagedScheduledExecutorService", "java:comp/DefaultManagedScheduledExecutorService"),
            Map.entry("jakarta.enterprise.concurrent.ContextService", "java:comp/DefaultContextService"),
            Map.entry("jakarta.enterprise.concurrent.ManagedThreadFactory", "java:comp/DefaultManagedThreadFactory"));

    private ReferenceBinder() {
    }

    /**
     * Binds {@code env/<name>} in {@code comp} for every point of {@code classes} (and their
     * superclasses among {@code points}), and returns the points to inject.
     */
    public static Map<String, List<InjectionPoint>> bind(Namespace comp, Map<String, List<InjectionPoint>> points, EjbResolver ejbs,
                                                         PersistenceResolver persistence, String module, DeploymentException.Location where) {
        Map<String, List<InjectionPoint>> injected = new LinkedHashMap<>();
        points.forEach((className, list) -> {
            for (InjectionPoint p : list) {
                DeploymentException.Location at = where.inClass(className).atMember(p.describeMember());
                if (p.isDeclaration() && p.envName().isEmpty()) {
                    throw at.error("a class-level " + p.reference().annotation() + " declares a reference for lookups and must give its name");
                }
                if (p.isDeclaration() && (p.type().isEmpty() || p.type().equals("java.lang.Object"))) {
                    throw at.error("a class-level " + (p.reference() instanceof Reference.Ejb ? "@EJB must give beanInterface" : "@Resource must give type")
                            + " (there is no field or method to tell it)");
                }
                String envKey = "env/" + p.envName();
                boolean inject = switch (p.reference()) {
                    case Reference.Ejb ejb -> {
                        if (!ejb.lookup().isEmpty()) {
                            comp.bindIfAbsent(envKey, new Binding.Link(absolute(ejb.lookup())));
                            yield true;
                        }
                        if (comp.binding(envKey).isPresent()) {
                            // a descriptor's <ejb-ref> of the same name settled it, as it may settle an ambiguous @EJB
                            yield true;
                        }
                        String viewType = ejb.beanInterface().isEmpty() ? p.type() : ejb.beanInterface();
                        yield switch (ejbs.resolve(ejb, viewType, module)) {
                            case EjbResolver.Resolution.Found found -> {
                                comp.bindIfAbsent(envKey, new Binding.Link(found.jndiName()));
                                yield true;
                            }
                            case EjbResolver.Resolution.NotFound notFound -> throw at.error("@EJB cannot be satisfied: " + notFound.reason());
                        };
                    }
                    case Reference.PersistenceContext pc -> bindPersistence(comp, envKey, p, InjectionScanner.ENTITY_MANAGER, persistence, module, at);
                    case Reference.PersistenceUnit pu -> bindPersistence(comp, envKey, p, InjectionScanner.ENTITY_MANAGER_FACTORY, persistence, module, at);
                    case Reference.Resource res -> {
                        if (!res.lookup().isEmpty()) {
                            comp.bindIfAbsent(envKey, new Binding.Link(absolute(res.lookup())));
                            yield true;
                        }
                        if (comp.binding(envKey).isPresent()) {
                            yield true;
                        }
                        String container = CONTAINER_OBJECTS.get(res.type());
                        if (container != null) {
                            comp.bindIfAbsent(envKey, new Binding.Link(container));
                            yield true;
                        }
                        if (ENV_ENTRY_TYPES.contains(res.type())) {
                            yield false;
                        }
                        throw at.error("@Resource of type " + res.type() + " cannot be satisfied: no environment entry '" + p.envName()
                                + "' is declared and no lookup name is given");
                    }
                };
                if (inject) {
                    injected.computeIfAbsent(className, k -> new ArrayList<>()).add(p);
                }
            }
        });
        return injected;
    }

    /**
     * Binds a persistence reference, unless the descriptor or another point bound its name already. The member must take
     * {@code type} itself: the container's entity managers are its own objects, not the provider's classes.
     */
    private static boolean bindPersistence(Namespace comp, String envKey, InjectionPoint p, String type, PersistenceResolver persistence,
                                           String module, DeploymentException.Location at) {
        if (!p.isDeclaration() && !p.type().equals(type)) {
            throw at.error(p.reference().annotation() + " is injected into a member of type " + type + ", not " + p.type());
        }
        if (comp.binding(envKey).isPresent()) {
            return true;
        }
        try {
            comp.bindIfAbsent(envKey, persistence.resolve(p.reference(), module, "java:comp/" + envKey));
        } catch (IllegalArgumentException e) {
            throw at.error(p.reference().annotation() + " cannot be satisfied: " + e.getMessage(), e.getCause());
        }
        return true;
    }

    /**
     * Checks that every link in {@code comp}'s {@code env} resolves for {@code scopes}, so that
     * {@code @EJB(lookup=…)} and {@code @Resource(lookup=…)} to nothing fail the deployment.
     */
    public static void validateLinks(Scopes scopes, Map<String, List<InjectionPoint>> injected, DeploymentException.Location where) {
        injected.forEach((className, list) -> {
            for (InjectionPoint p : list) {
                if (!JavaContext.isResolvable("java:comp/env/" + p.envName(), scopes)) {
                    String target = scopes.comp().binding("env/" + p.envName())
                            .map(b -> b instanceof Binding.Link l ? l.target() : "java:comp/env/" + p.envName()).orElse("java:comp/env/" + p.envName());
                    throw where.inClass(className).atMember(p.describeMember()).error("the reference names " + target + ", which is not bound");
                }
            }
        });
    }

    /** Lookup names without a scheme are relative to {@code java:comp/env}, as in the specification. */
    static String absolute(String lookup) {
        return lookup.startsWith("java:") ? lookup : "java:comp/env/" + lookup;
    }
}

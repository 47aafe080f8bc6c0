package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.inject.EjbResolver;
import dev.isola.appserver.inject.Reference;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.Namespace;

import javax.naming.NameAlreadyBoundException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The portable JNDI names of one application's session beans (Enterprise Beans 4.0, section
 * 4.4.1) and the resolution of {@code @EJB} references against them: the same for the
 * application's own containers ({@link EjbApplication}) and for the views a web isolate binds
 * to beans running in the EJB isolate ({@link RemoteEjbApplication}).
 *
 * <p>Bound for each view: {@code java:global[/<app>]/<module>/<bean>!<view>},
 * {@code java:app/<module>/<bean>!<view>}, {@code java:module/<bean>!<view>}, and the same
 * without {@code !<view>} when the bean has exactly one view.
 */
final class BeanNames {

    private final String application;
    private final boolean standalone;
    private final Map<String, BeanDefinition> beans = new LinkedHashMap<>();
    private final Map<String, String> globalNames = new LinkedHashMap<>();

    BeanNames(String application, boolean standalone) {
        this.application = application;
        this.standalone = standalone;
    }

    /**
     * Records {@code bean} and binds its names to what {@code target} makes for each view.
     *
     * @throws DeploymentException if the bean name is taken in the application or a name is bound already
     */
    void add(BeanDefinition bean, Namespace global, Namespace app, Namespace moduleNs, Function<View, Binding> target,
             DeploymentException.Location at) {
        BeanDefinition previous = beans.putIfAbsent(bean.name(), bean);
        if (previous != null) {
            throw at.error("bean name '" + bean.name() + "' is used in two modules of application " + application
                    + " (" + previous.module() + " and " + bean.module() + ")");
        }
        List<View> views = bean.views();
        String module = bean.module();
        for (View view : views) {
            String suffix = bean.name() + "!" + view.type().getName();
            String globalName = (standalone ? "" : application + "/") + module + "/" + suffix;
            bind(global, globalName, target.apply(view), at);
            globalNames.put(bean.name() + "!" + view.type().getName(), "java:global/" + globalName);
            bind(app, module + "/" + suffix, new Binding.Link("java:global/" + globalName), at);
            bind(moduleNs, suffix, new Binding.Link("java:global/" + globalName), at);
            if (views.size() == 1) {
                String shortGlobal = (standalone ? "" : application + "/") + module + "/" + bean.name();
                bind(global, shortGlobal, new Binding.Link("java:global/" + globalName), at);
                bind(app, module + "/" + bean.name(), new Binding.Link("java:global/" + globalName), at);
                bind(moduleNs, bean.name(), new Binding.Link("java:global/" + globalName), at);
            }
        }
    }

    private static void bind(Namespace ns, String name, Binding binding, DeploymentException.Location at) {
        try {
            ns.bind(name, binding);
        } catch (NameAlreadyBoundException e) {
            throw at.error("JNDI name " + e.getMessage());
        }
    }

    /** The bean named {@code name}, or null. */
    BeanDefinition bean(String name) {
        return beans.get(name);
    }

    /** The global names bound, to unbind at undeployment. */
    List<String> globalNames() {
        return List.copyOf(globalNames.values());
    }

    /** The bean view an {@code @EJB} reference means: see {@link EjbResolver}. */
    EjbResolver.Resolution resolve(Reference.Ejb reference, String viewType, String fromModule) {
        String beanName = reference.beanName();
        String moduleFilter = null;
        int hash = beanName.indexOf('#');
        if (hash >= 0) {
            moduleFilter = beanName.substring(0, hash).replaceAll("\\.jar$", "");
            beanName = beanName.substring(hash + 1);
        }
        List<BeanDefinition> candidates = new ArrayList<>();
        for (BeanDefinition b : beans.values()) {
            if (hasView(b, viewType) && (beanName.isEmpty() || b.name().equals(beanName)) && (moduleFilter == null || b.module().equals(moduleFilter))) {
                candidates.add(b);
            }
        }
        if (candidates.size() > 1) {
            List<BeanDefinition> sameModule = candidates.stream().filter(b -> b.module().equals(fromModule)).toList();
            if (sameModule.size() == 1) {
                candidates = sameModule;
            }
        }
        if (candidates.size() == 1) {
            return new EjbResolver.Resolution.Found(globalNames.get(candidates.getFirst().name() + "!" + viewType));
        }
        if (candidates.isEmpty()) {
            String available = beans.values().stream()
                    .map(b -> b.name() + " " + b.views().stream().map(v -> v.type().getName()).toList()).collect(Collectors.joining(", "));
            return new EjbResolver.Resolution.NotFound("no enterprise bean" + (beanName.isEmpty() ? "" : " named '" + beanName + "'") + " in application "
                    + application + " has a business view of type " + viewType + " (beans and their views: " + (available.isEmpty() ? "none" : available) + ")");
        }
        return new EjbResolver.Resolution.NotFound("several beans have a view of type " + viewType + ": "
                + candidates.stream().map(BeanDefinition::name).toList() + "; name one with beanName");
    }

    private static boolean hasView(BeanDefinition bean, String viewType) {
        return bean.views().stream().anyMatch(v -> v.type().getName().equals(viewType));
    }
}

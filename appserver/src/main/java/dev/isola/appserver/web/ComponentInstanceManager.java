package dev.isola.appserver.web;

import dev.isola.appserver.inject.AnnotatedMethods;
import dev.isola.appserver.inject.Injector;
import dev.isola.appserver.naming.Scopes;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import org.apache.tomcat.InstanceManager;

import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Supplier;

/**
 * How Tomcat creates servlets, filters, listeners, JSP pages and tag handlers of one web
 * module: construct, inject ({@code @EJB}, {@code @Resource}, through the module's
 * {@link Injector}), then {@code @PostConstruct}; {@code @PreDestroy} on the way out.
 *
 * <p>This is the web tier's one injection path; CDI and {@code @PersistenceContext} are meant
 * to plug in here (as more kinds of injection point resolved into the module's namespace),
 * not beside it.
 */
final class ComponentInstanceManager implements InstanceManager {

    private final Injector injector;
    private final Scopes scopes;
    private final Supplier<ClassLoader> webLoader;

    ComponentInstanceManager(Injector injector, Scopes scopes, Supplier<ClassLoader> webLoader) {
        this.injector = injector;
        this.scopes = scopes;
        this.webLoader = webLoader;
    }

    @Override
    public Object newInstance(Class<?> clazz) throws IllegalAccessException, InvocationTargetException, InstantiationException, NoSuchMethodException {
        Object o = clazz.getDeclaredConstructor().newInstance();
        newInstance(o);
        return o;
    }

    @Override
    public Object newInstance(String className) throws IllegalAccessException, InvocationTargetException, InstantiationException,
            ClassNotFoundException, NoSuchMethodException {
        return newInstance(className, webLoader.get());
    }

    @Override
    public Object newInstance(String fqcn, ClassLoader classLoader) throws IllegalAccessException, InvocationTargetException,
            InstantiationException, ClassNotFoundException, NoSuchMethodException {
        return newInstance(Class.forName(fqcn, true, classLoader));
    }

    @Override
    public void newInstance(Object o) throws IllegalAccessException, InvocationTargetException {
        injector.inject(o, scopes);
        for (Method m : callbacks(o.getClass(), PostConstruct.class, true)) {
            m.invoke(o);
        }
    }

    @Override
    public void destroyInstance(Object o) throws IllegalAccessException, InvocationTargetException {
        for (Method m : callbacks(o.getClass(), PreDestroy.class, false)) {
            m.invoke(o);
        }
    }

    /** Lifecycle methods of the hierarchy: superclass first for {@code @PostConstruct}, subclass first for {@code @PreDestroy}. */
    private static List<Method> callbacks(Class<?> type, Class<? extends Annotation> kind, boolean superFirst) {
        List<Method> result = AnnotatedMethods.inHierarchy(type, kind).stream().filter(m -> m.getParameterCount() == 0).toList();
        return superFirst ? result : result.reversed();
    }
}

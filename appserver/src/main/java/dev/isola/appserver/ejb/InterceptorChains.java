package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.inject.AnnotatedMethods;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.ExcludeClassInterceptors;
import jakarta.interceptor.ExcludeDefaultInterceptors;
import jakarta.interceptor.Interceptors;
import jakarta.interceptor.InvocationContext;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The interceptor chains of one bean, in the order of the Jakarta Interceptors specification
 * (section 5.2.1) and Enterprise Beans 4.0 (section 4.4): default interceptors (descriptor
 * bindings with ejb-name "*"), then class-level interceptors ({@code @Interceptors} on the
 * bean class, then descriptor bindings for the bean), then method-level ones, then the bean
 * class's own {@code @AroundInvoke} methods; inside one class, superclass methods first, and
 * a method overridden in a subclass is not called. Lifecycle callbacks run the default and
 * class-level interceptors' callbacks, then the bean class's own.
 */
final class InterceptorChains {

    private final Class<?> beanClass;
    private final List<Class<?>> defaults;
    private final List<Class<?>> classLevel;
    private final EjbJarXml descriptor;
    private final String beanName;
    private final ClassLoader loader;
    private final DeploymentException.Location at;

    InterceptorChains(BeanDefinition bean, DeploymentException.Location at) {
        this.beanClass = bean.beanClass();
        this.descriptor = bean.descriptor();
        this.beanName = bean.name();
        this.loader = beanClass.getClassLoader();
        this.at = at;
        boolean excludeDefaults = beanClass.isAnnotationPresent(ExcludeDefaultInterceptors.class);
        this.defaults = excludeDefaults ? List.of() : descriptorBindings("*", null);
        List<Class<?>> cls = new ArrayList<>();
        Interceptors annotated = beanClass.getAnnotation(Interceptors.class);
        if (annotated != null) {
            cls.addAll(List.<Class<?>>of(annotated.value()));
        }
        cls.addAll(descriptorBindings(beanName, null));
        this.classLevel = List.copyOf(cls);
        for (Class<?> c : allInterceptorClasses(List.of())) {
            validateInterceptorClass(c);
        }
    }

    /** Every interceptor class that has an instance per bean instance. */
    List<Class<?>> interceptorClasses(List<Method> businessMethods) {
        return List.copyOf(allInterceptorClasses(businessMethods));
    }

    private Set<Class<?>> allInterceptorClasses(List<Method> businessMethods) {
        Set<Class<?>> all = new LinkedHashSet<>(defaults);
        all.addAll(classLevel);
        for (Method m : businessMethods) {
            all.addAll(methodLevel(m));
        }
        return all;
    }

    /** The {@code @AroundInvoke} chain of a business method. */
    List<InterceptorMethod> aroundInvoke(Method beanMethod) {
        return around(beanMethod, AroundInvoke.class);
    }

    /** The {@code @AroundTimeout} chain of a timeout callback method. */
    List<InterceptorMethod> aroundTimeout(Method beanMethod) {
        return around(beanMethod, AroundTimeout.class);
    }

    private List<InterceptorMethod> around(Method beanMethod, Class<? extends Annotation> kind) {
        List<InterceptorMethod> chain = new ArrayList<>();
        boolean excludeDefault = beanMethod.isAnnotationPresent(ExcludeDefaultInterceptors.class);
        boolean excludeClass = beanMethod.isAnnotationPresent(ExcludeClassInterceptors.class);
        Set<Class<?>> order = new LinkedHashSet<>();
        if (!excludeDefault) {
            order.addAll(defaults);
        }
        if (!excludeClass) {
            order.addAll(classLevel);
        }
        order.addAll(methodLevel(beanMethod));
        for (Class<?> c : order) {
            for (Method m : annotatedMethods(c, kind)) {
                chain.add(new InterceptorMethod(c, m));
            }
        }
        for (Method m : annotatedMethods(beanClass, kind)) {
            chain.add(new InterceptorMethod(null, m));
        }
        return List.copyOf(chain);
    }

    /** The chain of a lifecycle callback ({@code @PostConstruct}, {@code @PreDestroy}, {@code @PrePassivate}, {@code @PostActivate}). */
    List<InterceptorMethod> lifecycle(Class<? extends Annotation> callback) {
        List<InterceptorMethod> chain = new ArrayList<>();
        Set<Class<?>> order = new LinkedHashSet<>(defaults);
        order.addAll(classLevel);
        for (Class<?> c : order) {
            for (Method m : annotatedMethods(c, callback)) {
                chain.add(new InterceptorMethod(c, m));
            }
        }
        for (Method m : annotatedMethods(beanClass, callback)) {
            if (m.getParameterCount() != 0) {
                throw at.atMember("method " + m.getName()).error("a lifecycle callback on the bean class takes no parameters");
            }
            chain.add(new InterceptorMethod(null, m));
        }
        return List.copyOf(chain);
    }

    private List<Class<?>> methodLevel(Method beanMethod) {
        List<Class<?>> result = new ArrayList<>();
        Interceptors annotated = beanMethod.getAnnotation(Interceptors.class);
        if (annotated != null) {
            result.addAll(List.<Class<?>>of(annotated.value()));
        }
        result.addAll(descriptorBindings(beanName, beanMethod.getName()));
        return result;
    }

    private List<Class<?>> descriptorBindings(String ejbName, String methodName) {
        List<Class<?>> result = new ArrayList<>();
        for (EjbJarXml.InterceptorBinding b : descriptor.interceptorBindings()) {
            boolean methodMatches = methodName == null ? b.methodName().isEmpty() : b.methodName().filter(methodName::equals).isPresent();
            if (b.ejbName().equals(ejbName) && methodMatches) {
                for (String c : b.interceptorClasses()) {
                    try {
                        result.add(Class.forName(c, false, loader));
                    } catch (ClassNotFoundException e) {
                        throw at.error("ejb-jar.xml binds interceptor class " + c + ", which cannot be loaded");
                    }
                }
            }
        }
        return result;
    }

    /** See {@link AnnotatedMethods#inHierarchy}. */
    static List<Method> annotatedMethods(Class<?> type, Class<? extends Annotation> kind) {
        return AnnotatedMethods.inHierarchy(type, kind);
    }

    private void validateInterceptorClass(Class<?> c) {
        try {
            c.getConstructor();
        } catch (NoSuchMethodException e) {
            throw at.error("interceptor class " + c.getName() + " needs a public constructor without parameters");
        }
        for (Method m : annotatedMethods(c, AroundInvoke.class)) {
            if (m.getParameterCount() != 1 || m.getParameterTypes()[0] != InvocationContext.class || m.getReturnType() != Object.class) {
                throw at.error("interceptor " + c.getName() + " method " + m.getName() + ": an @AroundInvoke method must be Object m(InvocationContext)");
            }
        }
    }
}

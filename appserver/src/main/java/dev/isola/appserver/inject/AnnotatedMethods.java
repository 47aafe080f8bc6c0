package dev.isola.appserver.inject;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Finds callback methods ({@code @PostConstruct}, {@code @AroundInvoke}, …) the way the
 * Interceptors and Common Annotations specifications order them: superclass methods first,
 * and a method that a subclass overrides is not called (the override is, if it carries the
 * annotation itself). Shared by the EJB container and the web tier's instance manager.
 */
public final class AnnotatedMethods {

    private AnnotatedMethods() {
    }

    /** The methods of {@code type}'s hierarchy annotated {@code kind}, superclass first, made accessible. */
    public static List<Method> inHierarchy(Class<?> type, Class<? extends Annotation> kind) {
        Deque<Class<?>> hierarchy = new ArrayDeque<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.push(c);
        }
        List<Method> result = new ArrayList<>();
        for (Class<?> c : hierarchy) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(kind) && !m.isSynthetic() && !Modifier.isStatic(m.getModifiers()) && !overriddenBelow(m, c, type)) {
                    m.setAccessible(true);
                    result.add(m);
                }
            }
        }
        return result;
    }

    private static boolean overriddenBelow(Method m, Class<?> declaring, Class<?> leaf) {
        if (Modifier.isPrivate(m.getModifiers())) {
            return false;
        }
        for (Class<?> c = leaf; c != declaring; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(m.getName(), m.getParameterTypes());
                return true;
            } catch (NoSuchMethodException ignored) {
                // not overridden in c
            }
        }
        return false;
    }
}

package dev.isola.appserver.inject;

import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;

import javax.naming.NamingException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Fills the injection points of a new instance from its component's {@code java:comp/env}:
 * injection is a lookup, so that what is injected and what {@code InitialContext.lookup}
 * returns are the same thing (a new stateful session each time, the same stateless view).
 * Superclass members are injected before subclass members.
 */
public final class Injector {

    private final Map<String, List<InjectionPoint>> points;
    private final BiFunction<Object, Class<?>, Object> adapter;

    /**
     * @param points  the points to fill, by declaring class; only those bound in the component's namespace
     * @param adapter turns a looked-up value into one the member's type accepts, where the
     *                value's own type is another class loader's (a remote business interface
     *                that the client packages itself); returns the value unchanged otherwise
     */
    public Injector(Map<String, List<InjectionPoint>> points, BiFunction<Object, Class<?>, Object> adapter) {
        this.points = Map.copyOf(points);
        this.adapter = adapter;
    }

    public static Injector none() {
        return new Injector(Map.of(), (value, type) -> value);
    }

    /** Injects into {@code instance}, looking values up in {@code scopes}' {@code java:comp/env}. */
    public void inject(Object instance, Scopes scopes) {
        Deque<Class<?>> hierarchy = new ArrayDeque<>();
        for (Class<?> c = instance.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.push(c);
        }
        try (var _ = NamingScopes.enter(scopes)) {
            for (Class<?> c : hierarchy) {
                for (InjectionPoint p : points.getOrDefault(c.getName(), List.of())) {
                    if (!p.isDeclaration()) {
                        inject(instance, c, p, adapter);
                    }
                }
            }
        }
    }

    private static void inject(Object instance, Class<?> c, InjectionPoint p, BiFunction<Object, Class<?>, Object> adapter) {
        Object value;
        try {
            value = JavaContext.lookupAbsolute("java:comp/env/" + p.envName());
        } catch (NamingException e) {
            throw new InjectionException(c.getName() + "." + p.member() + ": " + e.getMessage(), e);
        }
        try {
            if (p.setter()) {
                Method m = findSetter(c, p.member());
                m.setAccessible(true);
                m.invoke(instance, adapt(adapter, value, m.getParameterTypes()[0]));
            } else {
                Field f = c.getDeclaredField(p.member());
                f.setAccessible(true);
                f.set(instance, adapt(adapter, value, f.getType()));
            }
        } catch (InvocationTargetException e) {
            throw new InjectionException(c.getName() + "." + p.member() + " threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new InjectionException("cannot inject " + c.getName() + "." + p.member() + " with " + value + ": " + e, e);
        }
    }

    private static Object adapt(BiFunction<Object, Class<?>, Object> adapter, Object value, Class<?> type) {
        return value == null || type.isPrimitive() || type.isInstance(value) ? value : adapter.apply(value, type);
    }

    private static Method findSetter(Class<?> c, String name) throws NoSuchMethodException {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == 1) {
                return m;
            }
        }
        throw new NoSuchMethodException(c.getName() + "." + name + "(1 parameter)");
    }

    /** An injection failed at run time (after deployment had validated the reference). */
    public static final class InjectionException extends RuntimeException {
        public InjectionException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}

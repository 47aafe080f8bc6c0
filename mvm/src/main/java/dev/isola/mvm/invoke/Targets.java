package dev.isola.mvm.invoke;

import dev.isola.mvm.link.codec.ClassAllowList;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The plain {@link Dispatcher}: named targets, each an object called through one interface.
 * Only that interface's methods can be called, whatever else the object has.
 *
 * <pre>{@code
 * Targets targets = new Targets()
 *         .register("catalog", Catalog.class, catalogBean)
 *         .register("orders", Orders.class, ordersBean);
 * Invoker.serve(targets, pair);
 * }</pre>
 */
public final class Targets implements Dispatcher {

    private record Target(Object object, Map<String, Method> methods) {
    }

    private final Map<String, Target> targets = new ConcurrentHashMap<>();
    private volatile ClassAllowList arguments = ClassAllowList.defaults();

    /**
     * Makes {@code object} callable as {@code name} through {@code api}.
     *
     * @throws IllegalArgumentException if {@code api} is not a public interface or the name is taken
     */
    public <T> Targets register(String name, Class<T> api, T object) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(object, "object");
        if (!api.isInterface() || !Modifier.isPublic(api.getModifiers())) {
            throw new IllegalArgumentException("target '" + name + "': " + api.getName() + " must be a public interface");
        }
        Map<String, Method> methods = new HashMap<>();
        for (Method method : api.getMethods()) {
            if (!method.isDefault() && !Modifier.isStatic(method.getModifiers())) {
                methods.put(MethodKey.of(method), method);
            }
        }
        if (targets.putIfAbsent(name, new Target(object, Map.copyOf(methods))) != null) {
            throw new IllegalArgumentException("target '" + name + "' is registered already");
        }
        arguments = SignatureClasses.allowArguments(arguments, api);
        return this;
    }

    /** The classes the registered interfaces take as arguments, with the defaults. */
    public ClassAllowList allowedArguments() {
        return arguments;
    }

    @Override
    public Object dispatch(Call call) throws Throwable {
        Target target = targets.get(call.target());
        if (target == null) {
            throw new IllegalArgumentException("no target named '" + call.target() + "' here (known: " + targets.keySet() + ")");
        }
        Method method = target.methods().get(call.method());
        if (method == null) {
            throw new IllegalArgumentException("target '" + call.target() + "' has no method " + call.method());
        }
        try {
            return method.invoke(target.object(), call.arguments());
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}

package dev.isola.appserver.ejb;

import jakarta.interceptor.InvocationContext;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link InvocationContext} of one intercepted call or lifecycle callback: runs the chain
 * link by link on {@link #proceed()} and finally the bean method (none for lifecycle callbacks).
 */
final class ContainerInvocationContext implements InvocationContext {

    private final BeanInstance instance;
    private final Method method;
    private final List<InterceptorMethod> chain;
    private final Object timer;
    private final Map<String, Object> contextData;
    private Object[] parameters;
    private int next;

    ContainerInvocationContext(BeanInstance instance, Method method, Object[] parameters, List<InterceptorMethod> chain, Object timer,
                               Map<String, Object> contextData) {
        this.instance = instance;
        this.method = method;
        this.parameters = parameters == null ? new Object[0] : parameters;
        this.chain = chain;
        this.timer = timer;
        this.contextData = contextData == null ? new HashMap<>() : contextData;
    }

    @Override
    public Object proceed() throws Exception {
        while (next < chain.size()) {
            InterceptorMethod link = chain.get(next++);
            Object target = link.interceptorClass() == null ? instance.bean() : instance.interceptor(link.interceptorClass());
            if (link.takesNoContext()) {
                call(link.method(), target);
                continue;
            }
            return call(link.method(), target, this);
        }
        if (method == null) {
            return null;
        }
        return call(method, instance.bean(), parameters);
    }

    private static Object call(Method m, Object target, Object... args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw (Error) cause;
        }
    }

    @Override
    public Object getTarget() {
        return instance.bean();
    }

    @Override
    public Object getTimer() {
        return timer;
    }

    @Override
    public Method getMethod() {
        return method;
    }

    @Override
    public Constructor<?> getConstructor() {
        return null;
    }

    @Override
    public Object[] getParameters() {
        if (method == null) {
            throw new IllegalStateException("a lifecycle callback has no parameters");
        }
        return parameters.clone();
    }

    @Override
    public void setParameters(Object[] params) {
        if (method == null) {
            throw new IllegalStateException("a lifecycle callback has no parameters");
        }
        if (params == null || params.length != method.getParameterCount()) {
            throw new IllegalArgumentException(method.getName() + " takes " + method.getParameterCount() + " parameters");
        }
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (params[i] != null && !wrap(types[i]).isInstance(params[i])) {
                throw new IllegalArgumentException("parameter " + i + " of " + method.getName() + " must be a " + types[i].getName());
            }
        }
        this.parameters = params.clone();
    }

    private static Class<?> wrap(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return switch (c.getName()) {
            case "int" -> Integer.class;
            case "long" -> Long.class;
            case "boolean" -> Boolean.class;
            case "double" -> Double.class;
            case "float" -> Float.class;
            case "short" -> Short.class;
            case "byte" -> Byte.class;
            case "char" -> Character.class;
            default -> Void.class;
        };
    }

    @Override
    public Map<String, Object> getContextData() {
        return contextData;
    }
}

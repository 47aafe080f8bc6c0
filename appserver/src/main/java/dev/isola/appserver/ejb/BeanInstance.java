package dev.isola.appserver.ejb;

import java.util.Map;

/**
 * A bean instance with the instances of its interceptor classes, which share its life
 * (Interceptors specification, section 2.2).
 */
final class BeanInstance {

    private final Object bean;
    private final Map<Class<?>, Object> interceptors;

    BeanInstance(Object bean, Map<Class<?>, Object> interceptors) {
        this.bean = bean;
        this.interceptors = Map.copyOf(interceptors);
    }

    Object bean() {
        return bean;
    }

    Object interceptor(Class<?> type) {
        Object i = interceptors.get(type);
        if (i == null) {
            throw new IllegalStateException("no instance of interceptor " + type.getName() + " for " + bean.getClass().getName());
        }
        return i;
    }

    Map<Class<?>, Object> interceptors() {
        return interceptors;
    }
}

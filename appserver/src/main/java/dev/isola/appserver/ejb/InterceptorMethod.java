package dev.isola.appserver.ejb;

import java.lang.reflect.Method;

/**
 * One link of an interceptor chain.
 *
 * @param interceptorClass the interceptor class whose instance runs {@code method}, or null
 *                         for a method of the bean class itself
 * @param method           {@code Object m(InvocationContext)} around a call, {@code void m(InvocationContext)}
 *                         for an interceptor's lifecycle callback, {@code void m()} for the bean's own callback
 */
record InterceptorMethod(Class<?> interceptorClass, Method method) {

    /** A bean-class lifecycle callback takes no context and does not call {@code proceed()}. */
    boolean takesNoContext() {
        return method.getParameterCount() == 0;
    }
}

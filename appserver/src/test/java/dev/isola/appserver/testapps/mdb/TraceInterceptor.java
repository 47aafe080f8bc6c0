package dev.isola.appserver.testapps.mdb;

import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.InvocationContext;

/** Puts the intercepted method's name into the context data, where the bean reads it back. */
public class TraceInterceptor {
    @AroundInvoke
    Object trace(InvocationContext ic) throws Exception {
        ic.getContextData().put("traced", "traced " + ic.getMethod().getName());
        return ic.proceed();
    }
}

package dev.isola.appserver.testapps.ejbs;

import jakarta.annotation.PostConstruct;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.InvocationContext;

import java.util.ArrayList;
import java.util.List;

/** Interceptors that write their names into the call's context data, to show the order they ran in. */
public final class TraceInterceptors {

    private TraceInterceptors() {
    }

    @SuppressWarnings("unchecked")
    static Object trace(InvocationContext ctx, String name) throws Exception {
        ((List<String>) ctx.getContextData().computeIfAbsent("trace", k -> new ArrayList<String>())).add(name);
        return ctx.proceed();
    }

    /** Serializable, because it also intercepts a passivation-capable stateful bean. */
    public static class DefaultInterceptor implements java.io.Serializable {
        @AroundInvoke
        Object around(InvocationContext ctx) throws Exception {
            return trace(ctx, "Default");
        }
    }

    public static class Outer {
        @PostConstruct
        void created(InvocationContext ctx) throws Exception {
            if (ctx.getTarget() instanceof TracedBean bean) {
                bean.lifecycle.add("Outer");
            }
            ctx.proceed();
        }

        @AroundInvoke
        Object around(InvocationContext ctx) throws Exception {
            return trace(ctx, "Outer");
        }
    }

    public static class Base {
        @AroundInvoke
        Object base(InvocationContext ctx) throws Exception {
            return trace(ctx, "Base");
        }
    }

    public static class Inner extends Base {
        @AroundInvoke
        Object inner(InvocationContext ctx) throws Exception {
            return trace(ctx, "Inner");
        }
    }

    public static class MethodLevel {
        @AroundInvoke
        Object around(InvocationContext ctx) throws Exception {
            return trace(ctx, "Method");
        }
    }
}

package dev.isola.appserver.testapps.ejbs;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.ExcludeClassInterceptors;
import jakarta.interceptor.ExcludeDefaultInterceptors;
import jakarta.interceptor.Interceptors;
import jakarta.interceptor.InvocationContext;

import java.util.ArrayList;
import java.util.List;

@Stateless
@Interceptors({TraceInterceptors.Outer.class, TraceInterceptors.Inner.class})
public class TracedBean {
    final List<String> lifecycle = new ArrayList<>();

    @Resource
    private SessionContext context;

    @PostConstruct
    void created() {
        lifecycle.add("TracedBean");
    }

    @AroundInvoke
    Object self(InvocationContext ctx) throws Exception {
        return TraceInterceptors.trace(ctx, "TracedBean");
    }

    @Interceptors(TraceInterceptors.MethodLevel.class)
    @SuppressWarnings("unchecked")
    public String traced() {
        List<String> trace = new ArrayList<>((List<String>) context.getContextData().get("trace"));
        trace.add("method");
        return "around=" + trace + " lifecycle=" + lifecycle;
    }

    @ExcludeClassInterceptors
    @ExcludeDefaultInterceptors
    @SuppressWarnings("unchecked")
    public String plain() {
        List<String> trace = new ArrayList<>((List<String>) context.getContextData().get("trace"));
        trace.add("method");
        return "around=" + trace;
    }
}

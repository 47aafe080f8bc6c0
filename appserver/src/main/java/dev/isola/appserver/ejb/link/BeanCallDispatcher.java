package dev.isola.appserver.ejb.link;

import dev.isola.appserver.ejb.BeanInvoker;
import dev.isola.appserver.ejb.EjbApplication;
import dev.isola.appserver.ejb.ViewReference;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;
import dev.isola.mvm.invoke.Dispatcher;
import dev.isola.mvm.invoke.MethodKey;
import jakarta.ejb.EJBException;
import jakarta.ejb.EJBTransactionRequiredException;
import jakarta.ejb.NoSuchEJBException;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Runs the calls of one web isolate into one application's beans, in the EJB isolate: each
 * call names its view ({@link BeanTarget}) and method ({@link MethodKey}) and enters the
 * container through {@link BeanInvoker}, like a call from a proxy in this isolate.
 *
 * <p>The caller's identity comes with each call ({@link Caller#encode()}) and is this thread's
 * caller while the bean runs, so {@code @RolesAllowed} and {@code getCallerPrincipal} see the
 * user who signed in to the web isolate. The caller's thread has no transaction here, so the bean's transaction attribute applies
 * as for a call without one: {@code REQUIRED} and {@code REQUIRES_NEW} begin a transaction,
 * {@code MANDATORY} fails with {@link EJBTransactionRequiredException}. Asynchronous methods
 * are waited for (the caller's side returns a {@code Future} at once and completes it with
 * the value sent back). System exceptions leave as {@link EJBException}s of the same class
 * whose causes are described by class, message and stack (their classes need not exist in
 * the caller); application exceptions leave as themselves.
 */
final class BeanCallDispatcher implements Dispatcher {

    /** The method a client calls on the application itself for a new reference (a stateful session). */
    static final Method NEW_REFERENCE;

    static {
        try {
            NEW_REFERENCE = BeanInvoker.class.getMethod("reference", String.class, String.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final String NEW_REFERENCE_KEY = MethodKey.of(NEW_REFERENCE);

    private final EjbApplication application;
    private final String domain;
    private final Map<String, ViewReference> references = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Method>> methodsByView = new ConcurrentHashMap<>();

    BeanCallDispatcher(EjbApplication application, String domain) {
        this.application = application;
        this.domain = domain;
    }

    @Override
    public Object dispatch(Call call) throws Throwable {
        try {
            if (call.target().equals(application.name())) {
                if (!call.method().equals(NEW_REFERENCE_KEY)) {
                    throw new EJBException("application " + application.name() + " has no container method " + call.method());
                }
                return application.reference((String) call.arguments()[0], (String) call.arguments()[1]);
            }
            ViewReference reference = reference(call.target());
            Method method = method(reference.viewType(), call.method());
            Object result;
            try (var _ = Callers.enter(Caller.decode(call.context()))) {
                result = application.invoke(reference, method, call.arguments());
            }
            if (result instanceof Future<?> future) {
                try {
                    return future.get();
                } catch (ExecutionException e) {
                    throw e.getCause();
                }
            }
            return result;
        } catch (EJBTransactionRequiredException e) {
            throw RemoteExceptions.portable(e, "; a call from another isolate carries no transaction (transactions do not propagate"
                    + " between the isolates of a separated domain)");
        } catch (EJBException e) {
            throw RemoteExceptions.portable(e, "");
        }
    }

    private ViewReference reference(String target) {
        int hash = target.indexOf('#');
        if (hash < 0) {
            return references.computeIfAbsent(target, this::parse);
        }
        return parse(target);
    }

    private ViewReference parse(String target) {
        BeanTarget parsed;
        try {
            parsed = BeanTarget.parse(target);
        } catch (IllegalArgumentException e) {
            throw new EJBException(e.getMessage());
        }
        if (!parsed.application().equals(application.name())) {
            throw new NoSuchEJBException("call target '" + target + "' names application " + parsed.application() + ", but this link serves "
                    + application.name());
        }
        String module = application.moduleOf(parsed.bean());
        if (module == null || !module.equals(parsed.module())) {
            throw new NoSuchEJBException("application " + application.name() + " in the EJB isolate of domain " + domain + " has no bean "
                    + parsed.bean() + " in module " + parsed.module());
        }
        return parsed.reference();
    }

    private Method method(String viewType, String key) {
        Map<String, Method> methods = methodsByView.computeIfAbsent(viewType, type -> {
            Map<String, Method> byKey = new ConcurrentHashMap<>();
            try {
                for (Method m : Class.forName(type, false, application.classLoader()).getMethods()) {
                    if (!m.isBridge()) {
                        byKey.putIfAbsent(MethodKey.of(m), m);
                    }
                }
            } catch (ClassNotFoundException e) {
                throw new NoSuchEJBException("application " + application.name() + " has no class " + type);
            }
            return byKey;
        });
        Method m = methods.get(key);
        if (m == null) {
            throw new EJBException("view " + viewType + " of application " + application.name() + " has no method " + key);
        }
        return m;
    }
}

package dev.isola.appserver.ejb;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The applications with enterprise beans in this server, by application name: how a
 * {@link ViewReference} that arrives by value (a copied argument, a passivated field, later a
 * link message) finds its bean again.
 */
public final class EjbApplications {

    private final Map<String, EjbApplication> byName = new ConcurrentHashMap<>();

    void register(EjbApplication app) {
        EjbApplication previous = byName.putIfAbsent(app.name(), app);
        if (previous != null && previous != app) {
            throw new IllegalStateException("an application named " + app.name() + " is already deployed");
        }
    }

    void unregister(EjbApplication app) {
        byName.remove(app.name(), app);
    }

    /** The application named {@code name}, or null. */
    public EjbApplication get(String name) {
        return byName.get(name);
    }

    /**
     * A client-side proxy of a remote view for a client whose copy of the business interface
     * ({@code type}) is not the bean's: calls go through {@link BeanInvoker#invoke(ViewReference, MethodSignature, Object[])}
     * by name, with arguments copied into the bean's loader and results into the client's, just
     * as a caller in another isolate is served. Anything else is returned unchanged.
     */
    public Object adapt(Object value, Class<?> type) {
        if (!(value instanceof ViewProxy proxy) || !type.isInterface()) {
            return value;
        }
        ViewReference ref = proxy.isola$viewReference();
        EjbApplication app = byName.get(ref.application());
        if (app == null || !type.getName().equals(ref.viewType()) || !app.isRemoteView(ref)) {
            return value;
        }
        return java.lang.reflect.Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type, ViewProxy.class},
                new ViewHandler(app, ref, new SerializingCopier(this::proxy), app.beanLoader(ref), type.getClassLoader(), true));
    }

    /** The proxy for {@code reference}, in whichever application it belongs to. */
    public Object proxy(ViewReference reference) {
        EjbApplication app = byName.get(reference.application());
        if (app == null) {
            throw new jakarta.ejb.NoSuchEJBException("application " + reference.application() + " is not deployed");
        }
        return app.proxy(reference);
    }
}

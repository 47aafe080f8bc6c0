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

    /** The proxy for {@code reference}, in whichever application it belongs to. */
    public Object proxy(ViewReference reference) {
        EjbApplication app = byName.get(reference.application());
        if (app == null) {
            throw new jakarta.ejb.NoSuchEJBException("application " + reference.application() + " is not deployed");
        }
        return app.proxy(reference);
    }
}

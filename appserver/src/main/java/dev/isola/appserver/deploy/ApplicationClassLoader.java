package dev.isola.appserver.deploy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of an application's libraries and EJB modules; each web module gets a
 * child of it (Tomcat's web application loader), so web components see the EJB modules'
 * classes as the platform specification requires, and EJB modules do not see web classes.
 *
 * <p>Delegation: the Java platform and the Jakarta APIs ({@code java.*}, {@code javax.*},
 * {@code jakarta.*}, XML APIs) always come from the server, so an application and the
 * container agree on what {@code jakarta.ejb.Stateless} is; everything else is looked up in
 * the application first and in the server second ("child first", as Tomcat does for web
 * applications), so an application can bring its own version of a library the server also
 * uses. The server's implementation classes stay visible as a fallback, which keeps JDBC
 * drivers and JSTL usable without packaging them. An application with persistence units also
 * sees the persistence provider's API ({@code org.hibernate.*}) and Jakarta Validation's
 * ({@code jakarta.validation.*}, which is beside the provider, not on the server's class path)
 * last: its entities' annotations would otherwise be dropped silently, as annotations of a class
 * nobody can load are.
 */
public final class ApplicationClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private static final List<String> SERVER_FIRST = List.of("java.", "javax.", "jakarta.", "sun.", "jdk.", "org.xml.sax.", "org.w3c.dom.");

    private static final List<String> PROVIDER_APIS = List.of("org.hibernate.", "jakarta.validation.");

    private final String application;
    private final ClassLoader provider;

    /** @param provider the persistence provider's loader, for an application with persistence units; null otherwise */
    public ApplicationClassLoader(String application, List<URL> urls, ClassLoader serverLoader, ClassLoader provider) {
        super("app:" + application, urls.toArray(URL[]::new), serverLoader);
        this.application = application;
        this.provider = provider;
    }

    public ApplicationClassLoader(String application, List<URL> urls, ClassLoader serverLoader) {
        this(application, urls, serverLoader, null);
    }

    public String application() {
        return application;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (serverFirst(name)) {
            try {
                return super.loadClass(name, resolve);
            } catch (ClassNotFoundException notInTheServer) {
                if (provider != null && providerApi(name)) {
                    return provider.loadClass(name);
                }
                throw notInTheServer;
            }
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException notHere) {
                    c = provider != null && providerApi(name) ? fromServerOrProvider(name) : getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private static boolean providerApi(String name) {
        return PROVIDER_APIS.stream().anyMatch(name::startsWith);
    }

    private Class<?> fromServerOrProvider(String name) throws ClassNotFoundException {
        try {
            return getParent().loadClass(name);
        } catch (ClassNotFoundException notInTheServer) {
            return provider.loadClass(name);
        }
    }

    @Override
    public URL getResource(String name) {
        if (serverFirst(name.replace('/', '.'))) {
            return super.getResource(name);
        }
        URL local = findResource(name);
        return local != null ? local : getParent().getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        all.addAll(Collections.list(getParent().getResources(name)));
        return Collections.enumeration(all);
    }

    private static boolean serverFirst(String name) {
        for (String prefix : SERVER_FIRST) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "ApplicationClassLoader[" + application + "]";
    }
}

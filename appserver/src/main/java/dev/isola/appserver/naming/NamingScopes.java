package dev.isola.appserver.naming;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Which component is calling, so that {@code java:comp}, {@code java:module} and
 * {@code java:app} resolve to that component's scopes.
 *
 * <p>Two sources, first match wins: the scopes the container bound to the thread for the
 * current call ({@link #enter}: enterprise bean invocations and lifecycle callbacks, web
 * requests through Tomcat's thread-binding hook), then the thread's context class loader
 * (a web module's loader, registered when the module starts), which covers threads an
 * application starts itself. Without either, only {@code java:global} resolves.
 *
 * <p>The loader map has weak keys, so it never keeps an undeployed application's loader alive.
 */
public final class NamingScopes {

    private static final ThreadLocal<Scopes> CURRENT = new ThreadLocal<>();
    private static final Map<ClassLoader, Scopes> BY_LOADER = Collections.synchronizedMap(new WeakHashMap<>());
    private static volatile Namespace global = new Namespace("java:global");

    private NamingScopes() {
    }

    /** Restores the scopes that were current before {@link #enter}. */
    @FunctionalInterface
    public interface Restore extends AutoCloseable {
        @Override
        void close();
    }

    /** Makes {@code scopes} current on this thread until the returned handle is closed. */
    public static Restore enter(Scopes scopes) {
        Scopes previous = CURRENT.get();
        CURRENT.set(scopes);
        return previous == null ? CURRENT::remove : () -> CURRENT.set(previous);
    }

    /** The calling component's scopes, or null if the thread belongs to no component. */
    public static Scopes current() {
        Scopes s = CURRENT.get();
        if (s != null) {
            return s;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        while (loader != null) {
            Scopes byLoader = BY_LOADER.get(loader);
            if (byLoader != null) {
                return byLoader;
            }
            loader = loader.getParent();
        }
        return null;
    }

    public static void register(ClassLoader loader, Scopes scopes) {
        BY_LOADER.put(loader, scopes);
    }

    public static void unregister(ClassLoader loader) {
        BY_LOADER.remove(loader);
    }

    /** The server's {@code java:global} namespace. */
    public static Namespace global() {
        return global;
    }

    /** Starts a fresh {@code java:global} (a server starting in this isolate). */
    public static Namespace resetGlobal() {
        global = new Namespace("java:global");
        return global;
    }
}

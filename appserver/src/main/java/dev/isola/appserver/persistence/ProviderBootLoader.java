package dev.isola.appserver.persistence;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Enumeration;

/**
 * The context class loader while the server's provider starts a unit: the application's loader
 * first, then the provider's. Libraries the provider uses look implementations up through the
 * context loader (JAXB, which reads {@code orm.xml}, finds its runtime so), and those live beside
 * the provider, which the application's loader does not see.
 */
final class ProviderBootLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final URLClassLoader provider;

    /** @param provider the loader of the provider's own JARs, whose parent is the server's loader (which the application's reaches too) */
    ProviderBootLoader(ClassLoader application, URLClassLoader provider) {
        super("persistence-unit-boot", application);
        this.provider = provider;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        return provider.loadClass(name);
    }

    /** Only the provider's own JARs: the server's resources come through the application's loader already. */
    @Override
    protected URL findResource(String name) {
        return provider.findResource(name);
    }

    @Override
    protected Enumeration<URL> findResources(String name) throws IOException {
        return provider.findResources(name);
    }
}

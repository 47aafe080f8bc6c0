package dev.isola.appserver.persistence;

import jakarta.persistence.spi.PersistenceProvider;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;

import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where the server's persistence provider, Hibernate ORM, is loaded from: not the server's class
 * path, whose JARs every isolate opens (the JDK reads each one's central directory onto the heap:
 * 1.3 MB for Hibernate's, Hibernate Validator's and their dependencies'), but a class loader of its own, made the first
 * time an application of this isolate has a persistence unit. Its parent is the server's
 * loader, so the provider and the server share the Jakarta APIs, Byte Buddy and Jandex.
 *
 * <p>The provider's JARs are, in this order: the {@code isola.persistence.classpath} system
 * property (a path list; {@code bin/combined-server} sets it); the {@code persistence/} directory
 * beside the JAR this class is in (the server image's {@code lib/persistence/}); or, in neither
 * case, the server's own class path (the appserver's tests).
 */
final class PersistenceProviders {

    /** The provider's integration class in {@code appserver/hibernate}, which this class calls by name. */
    static final String INTEGRATION = "dev.isola.appserver.hibernate.HibernateIntegration";
    static final String CLASSPATH_PROPERTY = "isola.persistence.classpath";

    /** The provider's class loader, made at first use: opening it loads nothing yet. */
    private static final class Loader {
        static final ClassLoader LOADER;
        static final IOException FAILURE;

        static {
            ClassLoader loader = null;
            IOException failure = null;
            try {
                loader = loader();
            } catch (IOException e) {
                failure = e;
            }
            LOADER = loader;
            FAILURE = failure;
        }
    }

    private static final class Holder {
        static final MethodHandle PROVIDER;
        static final MethodHandle INTEGRATION_PROPERTIES;
        static final String FAILURE;

        static {
            MethodHandle provider = null;
            MethodHandle integration = null;
            String failure = null;
            try {
                Class<?> type = Class.forName(INTEGRATION, true, classLoader());
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                provider = lookup.findStatic(type, "provider", MethodType.methodType(PersistenceProvider.class));
                integration = lookup.findStatic(type, "integration", MethodType.methodType(Map.class, boolean.class, TransactionManager.class,
                        UserTransaction.class, TransactionSynchronizationRegistry.class));
            } catch (ReflectiveOperationException | LinkageError | IOException e) {
                failure = "the server's persistence provider (Hibernate ORM) cannot be loaded from " + where() + ": " + e;
            }
            PROVIDER = provider;
            INTEGRATION_PROPERTIES = integration;
            FAILURE = failure;
        }
    }

    private PersistenceProviders() {
    }

    /** The loader of the provider's classes, which an application with persistence units sees its API through. */
    static ClassLoader classLoader() throws IOException {
        if (Loader.FAILURE != null) {
            throw Loader.FAILURE;
        }
        return Loader.LOADER;
    }

    /** The server's provider. */
    static PersistenceProvider hibernate() {
        try {
            return (PersistenceProvider) handle(Holder.PROVIDER).invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("the server's persistence provider cannot be made: " + e, e);
        }
    }

    /** The properties that tie a unit of the server's provider to the server; see {@code HibernateIntegration.integration}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> integration(boolean jta, TransactionManager transactionManager, UserTransaction userTransaction,
                                           TransactionSynchronizationRegistry registry) {
        try {
            return (Map<String, Object>) handle(Holder.INTEGRATION_PROPERTIES).invoke(jta, transactionManager, userTransaction, registry);
        } catch (Throwable e) {
            throw new IllegalStateException("the server's persistence provider cannot be configured: " + e, e);
        }
    }

    private static MethodHandle handle(MethodHandle handle) {
        if (handle == null) {
            throw new IllegalStateException(Holder.FAILURE);
        }
        return handle;
    }

    private static ClassLoader loader() throws IOException {
        List<Path> jars = jars();
        ClassLoader server = PersistenceProviders.class.getClassLoader();
        if (jars.isEmpty()) {
            return server;
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IOException(e);
            }
        }
        return new URLClassLoader("persistence-provider", urls.toArray(URL[]::new), server);
    }

    private static List<Path> jars() throws IOException {
        String property = System.getProperty(CLASSPATH_PROPERTY, "");
        if (!property.isBlank()) {
            return Stream.of(property.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList();
        }
        Path directory = besideServerJar();
        if (directory == null || !Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** {@code persistence/} beside the JAR of the server's classes; null when they are not in a JAR. */
    private static Path besideServerJar() {
        try {
            var source = PersistenceProviders.class.getProtectionDomain().getCodeSource();
            Path location = source == null ? null : Path.of(source.getLocation().toURI());
            return location != null && Files.isRegularFile(location) ? location.resolveSibling("persistence") : null;
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }

    private static String where() {
        String property = System.getProperty(CLASSPATH_PROPERTY, "");
        if (!property.isBlank()) {
            return CLASSPATH_PROPERTY + "=" + property;
        }
        Path directory = besideServerJar();
        return directory != null && Files.isDirectory(directory) ? directory.toString() : "the server's class path";
    }
}

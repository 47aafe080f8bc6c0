package dev.isola.appserver.persistence;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.inject.PersistenceResolver;
import dev.isola.appserver.inject.Reference;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.SynchronizationType;
import jakarta.persistence.spi.PersistenceProvider;
import jakarta.persistence.spi.PersistenceUnitTransactionType;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;

import javax.naming.NamingException;
import javax.sql.DataSource;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The persistence units of one application (Jakarta Persistence 8.2): found in the
 * {@code META-INF/persistence.xml} of an EJB module, of a web module's {@code WEB-INF/classes}
 * or {@code WEB-INF/lib} JARs, or of a library of the EAR; started (their entity manager
 * factory made by the provider) at deployment, and closed when the application goes.
 *
 * <p>A unit of a module is visible to that module's components; a unit of a library to every
 * module. A reference without a unit name takes the only unit its module sees, or, when it sees
 * none, the application's only unit; a name takes the module's unit of that name, then a
 * library's, then another module's if only one has it (as WildFly and GlassFish resolve them);
 * {@code path#name} names a unit by the end of its root's path ({@code orders-ejb.jar#orders},
 * {@code lib/model.jar#orders}).
 *
 * <p>The provider is Hibernate ORM ({@link PersistenceProviders}) unless a unit names another in
 * {@code <provider>}, which the application then packages. A JTA unit's data source defaults to the default datasource
 * ({@code java:comp/DefaultDataSource}; GlassFish's {@code jdbc/__default} means it too); a name
 * without a {@code java:} scheme is looked up in {@code java:comp/env}, then in {@code java:global}.
 */
public final class PersistenceUnits implements PersistenceResolver {

    /** The server's own provider, which {@code <provider>} may name or leave out. */
    static final String DEFAULT_PROVIDER = "org.hibernate.jpa.HibernatePersistenceProvider";

    /** Where a unit's entity manager factory came from, and the factory once started. */
    private static final class Unit {
        final UnitDescriptor descriptor;
        /** the module whose components see it; null for a library's unit, which all see */
        final String module;
        final Scopes scopes;
        final DeploymentException.Location at;
        EntityManagerFactory factory;

        Unit(UnitDescriptor descriptor, String module, Scopes scopes, DeploymentException.Location at) {
            this.descriptor = descriptor;
            this.module = module;
            this.scopes = scopes;
            this.at = at.atMember(descriptor.describe());
        }
    }

    private final String application;
    private final ClassLoader loader;
    private final Supplier<DataSource> defaultDataSource;
    private final TransactionManager transactionManager;
    private final UserTransaction userTransaction;
    private final TransactionSynchronizationRegistry registry;
    private final List<Unit> units = new ArrayList<>();
    /** Set at undeployment: an entity manager a component kept must not start its unit again. */
    private volatile boolean closed;

    /**
     * @param loader            the application's class loader, which loads the units' classes
     * @param defaultDataSource the server's default datasource, for units that name none
     */
    public PersistenceUnits(String application, ClassLoader loader, Supplier<DataSource> defaultDataSource, TransactionManager transactionManager,
                            UserTransaction userTransaction, TransactionSynchronizationRegistry registry) {
        this.application = application;
        this.loader = loader;
        this.defaultDataSource = defaultDataSource;
        this.transactionManager = transactionManager;
        this.userTransaction = userTransaction;
        this.registry = registry;
    }

    /**
     * Adds the units of one root.
     *
     * @param module   the module whose components see them; null for a library of the application
     * @param rootName how messages and {@code path#unit} name the root
     * @param scopes   where its data sources' names are looked up
     */
    public void addRoot(Path root, String rootName, String module, Scopes scopes, DeploymentException.Location at) {
        for (UnitDescriptor d : PersistenceXml.read(root, rootName, at)) {
            for (Unit other : units) {
                if (other.descriptor.name().equals(d.name()) && Objects.equals(other.module, module)) {
                    throw at.error("persistence unit " + d.name() + " is defined twice: in " + other.descriptor.rootName() + " and in " + rootName
                            + (module == null ? " (libraries of the application)" : " (both in module " + module + ")"));
                }
            }
            units.add(new Unit(d, module, scopes, at));
        }
    }

    /**
     * The class loader of the server's persistence provider, whose API ({@code org.hibernate.*}) an application with
     * persistence units sees; null when it cannot be opened (a unit then fails to start, saying why).
     */
    public static ClassLoader providerClassLoader() {
        try {
            return PersistenceProviders.classLoader();
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether {@code root} holds persistence units (a {@code META-INF/persistence.xml}). */
    public static boolean definedIn(Path root) {
        return PersistenceXml.present(root);
    }

    /** Starts every unit that has not started: in the isolate that hosts the beans, every unit starts at deployment. */
    public void startAll() {
        for (Unit u : units) {
            synchronized (u) {
                try {
                    start(u);
                } catch (IllegalArgumentException e) {
                    throw u.at.error(e.getMessage(), e.getCause());
                }
            }
        }
    }

    /** Closes every started unit's entity manager factory (undeployment, or a deployment that failed). */
    public void closeAll() {
        closed = true;
        for (Unit u : units.reversed()) {
            synchronized (u) {
                if (u.factory != null) {
                    try {
                        u.factory.close();
                    } catch (RuntimeException e) {
                        System.getLogger(PersistenceUnits.class.getName()).log(System.Logger.Level.WARNING,
                                "application " + application + ", " + u.descriptor.describe() + ": closing failed: " + e);
                    }
                    u.factory = null;
                }
            }
        }
    }

    @Override
    public Binding resolve(Reference reference, String module, String jndiName) {
        return switch (reference) {
            case Reference.PersistenceContext pc -> {
                if (pc.extended()) {
                    throw new IllegalArgumentException("EXTENDED persistence contexts are not supported yet; use the default, "
                            + "PersistenceContextType.TRANSACTION");
                }
                Unit u = find(pc.unitName(), module);
                if (u.descriptor.transactionType() != PersistenceUnitTransactionType.JTA) {
                    throw new IllegalArgumentException(u.descriptor.describe() + " has transaction-type RESOURCE_LOCAL: a container-managed entity "
                            + "manager needs a JTA unit (inject its factory with @PersistenceUnit instead)");
                }
                yield new Binding.Value(TransactionScopedEntityManager.of(u, () -> startedForUse(u), registry,
                        pc.unsynchronized() ? SynchronizationType.UNSYNCHRONIZED : SynchronizationType.SYNCHRONIZED, pc.properties(),
                        describe(u), jndiName));
            }
            case Reference.PersistenceUnit pu -> {
                Unit u = find(pu.unitName(), module);
                yield new Binding.Value(ContainerEntityManagerFactory.of(() -> startedForUse(u), describe(u), jndiName));
            }
            default -> throw new IllegalArgumentException("not a persistence reference: " + reference);
        };
    }

    private Unit find(String unitName, String module) {
        if (unitName.contains("#")) {
            String path = unitName.substring(0, unitName.lastIndexOf('#'));
            String name = unitName.substring(unitName.lastIndexOf('#') + 1);
            String rootPath = path.replace('\\', '/').replaceAll("^(\\.\\./|\\./)+", "");
            List<Unit> matching = units.stream()
                    .filter(u -> u.descriptor.name().equals(name) && (u.descriptor.rootName().equals(rootPath) || u.descriptor.rootName().endsWith("/" + rootPath)))
                    .toList();
            if (matching.size() == 1) {
                return matching.getFirst();
            }
            throw new IllegalArgumentException(matching.isEmpty()
                    ? "no persistence unit " + name + " in a root named " + path + " (the application's units: " + allUnits() + ")"
                    : "more than one persistence unit matches " + unitName + ": " + matching.stream().map(u -> u.descriptor.rootName()).toList());
        }
        List<Unit> own = units.stream().filter(u -> module.equals(u.module)).toList();
        List<Unit> libraries = units.stream().filter(u -> u.module == null).toList();
        List<Unit> visible = new ArrayList<>(own);
        visible.addAll(libraries);
        if (unitName.isEmpty()) {
            // as WildFly and GlassFish do: a module that sees none takes the application's only unit, wherever it is
            List<Unit> candidates = visible.isEmpty() ? units : visible;
            if (candidates.size() == 1) {
                return candidates.getFirst();
            }
            throw new IllegalArgumentException(candidates.isEmpty()
                    ? "the application defines no persistence unit (a META-INF/persistence.xml in an EJB module, in WEB-INF/classes or "
                            + "a JAR of WEB-INF/lib, or in a library JAR)"
                    : (visible.isEmpty() ? "the application has more than one persistence unit (" + allUnits() + ")"
                            : "module " + module + " sees more than one persistence unit (" + names(visible) + ")") + ": give unitName");
        }
        for (List<Unit> scope : List.of(own, libraries)) {
            for (Unit u : scope) {
                if (u.descriptor.name().equals(unitName)) {
                    return u;
                }
            }
        }
        // then a unit of another module, if only one has that name
        List<Unit> elsewhere = units.stream().filter(u -> u.descriptor.name().equals(unitName)).toList();
        if (elsewhere.size() == 1) {
            return elsewhere.getFirst();
        }
        throw new IllegalArgumentException(elsewhere.isEmpty()
                ? "no persistence unit named " + unitName + " in the application (its units: " + (units.isEmpty() ? "none" : allUnits()) + ")"
                : "more than one module defines persistence unit " + unitName + " (" + elsewhere.stream().map(u -> u.descriptor.rootName()).toList()
                        + ") and module " + module + " has none of its own: name it as <path>#" + unitName);
    }

    private String allUnits() {
        return units.stream().map(u -> u.descriptor.rootName() + "#" + u.descriptor.name()).toList().toString();
    }

    private static String names(List<Unit> list) {
        return list.isEmpty() ? "none" : String.join(", ", list.stream().map(u -> u.descriptor.name()).toList());
    }

    private String describe(Unit u) {
        return "persistence unit " + u.descriptor.name() + " of application " + application;
    }

    /**
     * The unit's factory for a component that uses it: started at deployment where the beans run ({@link #startAll}); in a
     * web isolate of a separated domain at the first use, since its data source may be an embedded database that only the
     * EJB isolate opens (the failure then says so, as a {@link PersistenceException}).
     */
    private EntityManagerFactory startedForUse(Unit u) {
        synchronized (u) {
            if (closed) {
                throw new IllegalStateException(u.descriptor.describe() + ": application " + application + " has been undeployed");
            }
            if (u.factory == null) {
                try {
                    start(u);
                } catch (IllegalArgumentException e) {
                    throw new PersistenceException(u.descriptor.describe() + " of application " + application + ": " + e.getMessage(), e.getCause());
                }
            }
            return u.factory;
        }
    }

    /** Makes the unit's entity manager factory, once; a failure says why, with the provider's own reasons. */
    private void start(Unit u) {
        if (u.factory != null) {
            return;
        }
        UnitDescriptor d = u.descriptor;
        String providerName = d.provider().isEmpty() ? DEFAULT_PROVIDER : d.provider();
        DataSource jta = null;
        DataSource nonJta = null;
        if (d.transactionType() == PersistenceUnitTransactionType.JTA) {
            jta = dataSource(d.jtaDataSource(), "jta-data-source", u.scopes);
            nonJta = d.nonJtaDataSource().isEmpty() ? null : dataSource(d.nonJtaDataSource(), "non-jta-data-source", u.scopes);
        } else {
            nonJta = dataSource(!d.nonJtaDataSource().isEmpty() ? d.nonJtaDataSource() : d.jtaDataSource(), "non-jta-data-source", u.scopes);
        }
        List<String> classes = new ArrayList<>(d.classes());
        List<URL> jarUrls = new ArrayList<>();
        for (String jarFile : d.jarFiles()) {
            Path jar = Path.of(PersistenceXml.jarFile(d.root(), jarFile));
            if (!Files.exists(jar)) {
                throw new IllegalArgumentException("its <jar-file> " + jarFile + " is not in the application (looked for " + jar + ")");
            }
            jarUrls.add(url(jar));
            if (!d.excludeUnlistedClasses()) {
                ManagedClasses.in(jar).stream().filter(c -> !classes.contains(c)).forEach(classes::add);
            }
        }
        if (!d.excludeUnlistedClasses()) {
            ManagedClasses.in(d.root()).stream().filter(c -> !classes.contains(c)).forEach(classes::add);
        }
        Properties properties = new Properties();
        properties.putAll(d.properties());
        Map<String, Object> integration = new LinkedHashMap<>();
        if (providerName.equals(DEFAULT_PROVIDER)) {
            integration.putAll(PersistenceProviders.integration(d.transactionType() == PersistenceUnitTransactionType.JTA, transactionManager,
                    userTransaction, registry));
            integration.keySet().removeAll(d.properties().keySet());
        }
        ContainerUnitInfo info = new ContainerUnitInfo(d, providerName, jta, nonJta, jarUrls, classes, properties, loader);
        PersistenceProvider provider = provider(providerName, d);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(providerName.equals(DEFAULT_PROVIDER) ? bootLoader() : loader);
        try (var _ = NamingScopes.enter(u.scopes)) {
            EntityManagerFactory factory = provider.createContainerEntityManagerFactory(info, integration);
            if (factory == null) {
                throw new IllegalArgumentException("provider " + providerName + " made no entity manager factory");
            }
            u.factory = factory;
        } catch (RuntimeException | LinkageError e) {
            if (e instanceof IllegalArgumentException && e.getMessage() != null && e.getMessage().startsWith("provider ")) {
                throw e;
            }
            throw new IllegalArgumentException("it cannot start: " + reasons(e), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The application's loader, then the provider's, for what the provider looks up through the context loader. */
    private ClassLoader bootLoader() {
        return providerClassLoader() instanceof URLClassLoader provider ? new ProviderBootLoader(loader, provider) : loader;
    }

    private PersistenceProvider provider(String className, UnitDescriptor d) {
        if (className.equals(DEFAULT_PROVIDER)) {
            try {
                return PersistenceProviders.hibernate();
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        Class<?> type;
        try {
            type = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("its provider " + className + " is not in the application (the server's "
                    + "provider is Hibernate ORM: leave <provider> out to use it, or package the provider's JARs)");
        }
        if (!PersistenceProvider.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("its provider " + className + " does not implement " + PersistenceProvider.class.getName());
        }
        try {
            return (PersistenceProvider) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("its provider " + className + " cannot be made: " + e, e);
        }
    }

    private DataSource dataSource(String name, String element, Scopes scopes) {
        if (name.isEmpty() || name.equals("jdbc/__default") || name.equals("java:comp/DefaultDataSource")) {
            return defaultDataSource.get();
        }
        List<String> candidates = name.startsWith("java:") ? List.of(name) : List.of("java:comp/env/" + name, "java:global/" + name);
        Map<String, String> failures = new HashMap<>();
        try (var _ = NamingScopes.enter(scopes)) {
            for (String candidate : candidates) {
                try {
                    Object found = JavaContext.lookupAbsolute(candidate);
                    if (found instanceof DataSource ds) {
                        return ds;
                    }
                    throw new IllegalArgumentException("its " + element + " " + candidate + " is a " + found.getClass().getName() + ", not a DataSource");
                } catch (NamingException e) {
                    failures.put(candidate, e.getMessage());
                }
            }
        }
        throw new IllegalArgumentException("its " + element + " " + name + " is not bound (looked up as " + String.join(" and ", candidates)
                + "; define it with @DataSourceDefinition or in the server's configuration)");
    }

    /** The messages of a failure and its causes, which is where providers say what is wrong with a mapping. */
    private static String reasons(Throwable e) {
        List<String> messages = new ArrayList<>();
        for (Throwable t = e; t != null && messages.size() < 6; t = t.getCause()) {
            String m = t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
            if (messages.isEmpty() || !messages.getLast().contains(m)) {
                messages.add(m);
            }
        }
        return String.join(": ", messages);
    }

    private static URL url(Path p) {
        try {
            return p.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The name a stateful bean's passivation writes for a container entity manager or factory it holds, which restores it
     * by looking the name up again; null for any other object.
     */
    public static String jndiNameOf(Object value) {
        return value != null && Proxy.isProxyClass(value.getClass()) && Proxy.getInvocationHandler(value) instanceof BoundByName bound
                ? bound.jndiName() : null;
    }
}

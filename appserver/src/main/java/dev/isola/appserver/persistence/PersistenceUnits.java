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
import jakarta.transaction.InvalidTransactionException;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;

import javax.naming.NameNotFoundException;
import javax.naming.NamingException;
import javax.sql.DataSource;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
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
public final class PersistenceUnits {

    /** Properties by which a resource-local unit names its database itself. */
    private static final List<String> CONNECTION_PROPERTIES = List.of("jakarta.persistence.jdbc.url", "javax.persistence.jdbc.url",
            "hibernate.connection.url", "hibernate.connection.datasource", "jakarta.persistence.nonJtaDataSource");

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
     * @param module      the module whose components see them; null for a library of the application
     * @param rootName    how messages and {@code path#unit} name the root
     * @param jarFileBase what {@code <jar-file>}s are relative to: the directory that holds the root in the application as packaged
     * @param scopes      where its data sources' names are looked up
     */
    public void addRoot(Path root, String rootName, Path jarFileBase, String module, Scopes scopes, DeploymentException.Location at) {
        for (UnitDescriptor d : PersistenceXml.read(root, rootName, jarFileBase, at)) {
            for (Unit other : units) {
                if (other.descriptor.name().equals(d.name()) && Objects.equals(other.module, module)) {
                    throw at.error("persistence unit " + d.name() + " is defined twice: in " + other.descriptor.rootName() + " and in " + rootName
                            + (module == null ? " (libraries of the application)" : " (both in module " + module + ")"));
                }
            }
            units.add(new Unit(d, module, scopes, at));
        }
    }

    /** One line per unit, for the server's report of the application: "persistence unit orders (shop-ejb.jar)". */
    public List<String> describe() {
        return units.stream().map(u -> "persistence unit " + u.descriptor.name() + " (" + u.descriptor.rootName() + ")").toList();
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

    /**
     * Resolves the persistence references of one component.
     *
     * @param stateful whether it is a stateful session bean (or one's interceptor), the only component an extended persistence
     *                 context may be injected into
     */
    public PersistenceResolver forComponent(boolean stateful) {
        return (reference, module, jndiName) -> resolve(reference, module, jndiName, stateful);
    }

    private Binding resolve(Reference reference, String module, String jndiName, boolean stateful) {
        return switch (reference) {
            case Reference.PersistenceContext pc -> {
                if (pc.extended() && !stateful) {
                    throw new IllegalArgumentException("an EXTENDED persistence context is for stateful session beans only (Jakarta "
                            + "Persistence 7.6.3); use the default, PersistenceContextType.TRANSACTION");
                }
                Unit u = find(pc.unitName(), module);
                if (u.descriptor.transactionType() != PersistenceUnitTransactionType.JTA) {
                    throw new IllegalArgumentException(u.descriptor.describe() + " has transaction-type RESOURCE_LOCAL: a container-managed entity "
                            + "manager needs a JTA unit (inject its factory with @PersistenceUnit instead)");
                }
                SynchronizationType synchronization = pc.unsynchronized() ? SynchronizationType.UNSYNCHRONIZED : SynchronizationType.SYNCHRONIZED;
                ContextSettings settings = new ContextSettings(u, () -> startedForUse(u), registry, transactionManager, synchronization,
                        pc.properties(), describe(u));
                if (pc.extended()) {
                    // a new persistence context for each bean instance: injection is a lookup, and this one makes one at each
                    yield new Binding.Factory(() -> ExtendedEntityManager.of(settings), "extended persistence context of " + describe(u));
                }
                yield new Binding.Value(TransactionScopedEntityManager.of(settings, jndiName));
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
                // not in the caller's transaction: the provider's schema work and metadata queries are its own
                Transaction caller = suspend();
                try {
                    start(u);
                } catch (IllegalArgumentException e) {
                    throw new PersistenceException(u.descriptor.describe() + " of application " + application + ": " + e.getMessage(), e.getCause());
                } finally {
                    resume(caller);
                }
            }
            return u.factory;
        }
    }

    private Transaction suspend() {
        try {
            return transactionManager.suspend();
        } catch (SystemException e) {
            throw new PersistenceException("cannot suspend the caller's transaction to start a persistence unit: " + e, e);
        }
    }

    private void resume(Transaction caller) {
        if (caller == null) {
            return;
        }
        try {
            transactionManager.resume(caller);
        } catch (InvalidTransactionException | SystemException e) {
            throw new PersistenceException("cannot resume the caller's transaction after starting a persistence unit: " + e, e);
        }
    }

    /**
     * Whether the unit's data source answers, asked before the provider is: a provider that cannot connect says only that it
     * cannot tell the database's dialect, while the data source says why (a database only another isolate may open, say).
     */
    private static void checkReachable(DataSource ds, String element, String name) {
        if (ds == null) {
            return;
        }
        try (Connection ignored = ds.getConnection()) {
            // reached
        } catch (SQLException e) {
            throw new IllegalArgumentException("its " + element + " " + (name.isEmpty() ? "(the default datasource)" : name)
                    + " cannot be reached: " + e.getMessage(), e);
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
            checkReachable(jta, "jta-data-source", d.jtaDataSource());
            nonJta = d.nonJtaDataSource().isEmpty() ? null : dataSource(d.nonJtaDataSource(), "non-jta-data-source", u.scopes);
        } else {
            String name = !d.nonJtaDataSource().isEmpty() ? d.nonJtaDataSource() : d.jtaDataSource();
            // a resource-local unit may name its database by JDBC properties instead, which a data source would override
            if (!name.isEmpty() || CONNECTION_PROPERTIES.stream().noneMatch(d.properties()::containsKey)) {
                nonJta = dataSource(name, "non-jta-data-source", u.scopes);
                checkReachable(nonJta, "non-jta-data-source", name);
            }
        }
        List<String> classes = new ArrayList<>(d.classes());
        List<URL> jarUrls = new ArrayList<>();
        for (String jarFile : d.jarFiles()) {
            Path jar = PersistenceXml.jarFile(d, jarFile);
            if (!Files.exists(jar)) {
                throw new IllegalArgumentException("its <jar-file> " + jarFile + " is not in the application (looked for " + jar + ")");
            }
            jarUrls.add(url(jar));
            // a JAR file's classes are the unit's whatever <exclude-unlisted-classes> says, which is about the root (8.2.1.6.3)
            ManagedClasses.in(jar).stream().filter(c -> !classes.contains(c)).forEach(classes::add);
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
        ContainerUnitInfo info = new ContainerUnitInfo(d, providerName, jta, nonJta, jarUrls, classes, properties, loader,
                providerName.equals(DEFAULT_PROVIDER) && providerClassLoader() instanceof URLClassLoader provider
                        ? new ProviderBootLoader(loader.getParent(), provider) : loader.getParent());
        PersistenceProvider provider = provider(providerName, d);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(providerName.equals(DEFAULT_PROVIDER) ? bootLoader() : loader);
        EntityManagerFactory factory;
        try (var _ = NamingScopes.enter(u.scopes)) {
            factory = provider.createContainerEntityManagerFactory(info, integration);
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalArgumentException("it cannot start: " + reasons(e), e);
        } finally {
            thread.setContextClassLoader(previous);
            info.closeTemporaryLoaders();
        }
        if (factory == null) {
            throw new IllegalArgumentException("provider " + providerName + " made no entity manager factory");
        }
        u.factory = factory;
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
        List<String> failures = new ArrayList<>();
        try (var _ = NamingScopes.enter(scopes)) {
            for (String candidate : candidates) {
                try {
                    Object found = JavaContext.lookupAbsolute(candidate);
                    if (found instanceof DataSource ds) {
                        return ds;
                    }
                    throw new IllegalArgumentException("its " + element + " " + candidate + " is a " + found.getClass().getName() + ", not a DataSource");
                } catch (NameNotFoundException e) {
                    failures.add(candidate + " is not bound");
                } catch (NamingException e) {
                    failures.add(candidate + ": " + e.getMessage());
                }
            }
        }
        throw new IllegalArgumentException("its " + element + " " + name + " cannot be found (" + String.join("; ", failures)
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
     * Closes the extended persistence contexts a removed stateful bean instance or interceptor holds in its fields.
     */
    public static void closeExtended(Object component) {
        ExtendedEntityManager.inFields(component, true);
    }

    /** Whether a stateful bean instance or interceptor holds an extended persistence context, which cannot be passivated. */
    public static boolean holdsExtended(Object component) {
        return ExtendedEntityManager.inFields(component, false);
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

package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.inject.EjbResolver;
import dev.isola.appserver.inject.Reference;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.security.RoleMapping;
import jakarta.ejb.EJBException;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerService;
import jakarta.transaction.UserTransaction;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The enterprise beans of one application: their containers, their portable JNDI names, and
 * the {@link BeanInvoker} every call goes through.
 *
 * <p>Portable names (Enterprise Beans 4.0, section 4.4.1), bound for each view:
 * {@code java:global[/<app>]/<module>/<bean>!<view>}, {@code java:app/<module>/<bean>!<view>},
 * {@code java:module/<bean>!<view>}, and the same without {@code !<view>} when the bean has
 * exactly one view. A lookup of a stateful bean's name makes a new session each time.
 */
public final class EjbApplication implements BeanInvoker, EjbResolver {

    private final String name;
    private final boolean standalone;
    private final Path workDirectory;
    private final EjbServices services;
    private final UserTransaction userTransaction;
    private final Map<String, BeanContainer> containers = new LinkedHashMap<>();
    private final Map<BeanContainer, BeanTimerService> timerServices = new ConcurrentHashMap<>();
    private final BeanNames names;
    private final ClassLoader classLoader;
    private final Set<String> valueClasses;
    /** Each module's mapping of roles onto the realm's users and groups, by module name. */
    private final Map<String, RoleMapping> roleMappings = new java.util.concurrent.ConcurrentHashMap<>();
    private final TimerStore timerStore;
    private final List<BeanContainer> started = new ArrayList<>();
    private ScheduledFuture<?> reaper;

    /**
     * @param name          the application name ({@code java:global/<name>/…})
     * @param standalone    a standalone EJB-JAR: the global names have no application part
     * @param workDirectory where passivated sessions are written
     * @param timersDirectory where the application's persistent timers are kept ({@code <data>/timers/<deployment>})
     * @param classLoader   the application's loader (libraries and EJB modules)
     * @param valueClasses  the application's classes as allow-list patterns ({@code com.example.model.*}, or a class name):
     *                      what callers in other isolates may pass to its beans by value
     */
    public EjbApplication(String name, boolean standalone, Path workDirectory, Path timersDirectory, EjbServices services,
                          UserTransaction userTransaction, ClassLoader classLoader, Set<String> valueClasses) {
        this.name = name;
        this.timerStore = new TimerStore(timersDirectory);
        this.standalone = standalone;
        this.workDirectory = workDirectory;
        this.services = services;
        this.userTransaction = userTransaction;
        this.names = new BeanNames(name, standalone);
        this.classLoader = classLoader;
        this.valueClasses = Set.copyOf(valueClasses);
    }

    public String name() {
        return name;
    }

    /** The application's class loader: where values passed to its beans from another isolate are resolved. */
    public ClassLoader classLoader() {
        return classLoader;
    }

    /** The application's classes as allow-list patterns (see the constructor). */
    public Set<String> valueClasses() {
        return valueClasses;
    }

    /** Where the application's persistent timers are kept. */
    TimerStore timerStore() {
        return timerStore;
    }

    /** The live persistent timer {@code id} of {@code bean}, or null: what a {@link EjbTimerHandle} stands for. */
    Timer persistentTimer(String bean, String id) {
        BeanContainer container = containers.get(bean);
        BeanTimerService timers = container == null ? null : timerServices.get(container);
        return timers == null ? null : timers.persistentTimer(id);
    }

    /** Deletes the application's persistent timers: it is undeployed, not stopped. */
    public void discardPersistentTimers() {
        timerStore.deleteAll();
    }

    /** Who is in each role the beans of {@code module} check. */
    RoleMapping roleMapping(String module) {
        return roleMappings.getOrDefault(module, RoleMapping.GROUPS_ARE_ROLES);
    }

    /** The EJB module that holds {@code bean}, or null if the application has no such bean. */
    public String moduleOf(String bean) {
        BeanContainer c = containers.get(bean);
        return c == null ? null : c.definition.module();
    }

    Path workDirectory() {
        return workDirectory;
    }

    UserTransaction userTransaction() {
        return userTransaction;
    }

    /**
     * Creates the containers of a module's beans and their component namespaces.
     *
     * @param roles   who of the domain's realm is in each role the module's beans check
     * @param compFor makes a bean's {@code java:comp} namespace with what every component has
     *                (default datasource, transaction registry); the container adds its own entries
     * @return each bean's scopes, by bean name
     */
    public Map<String, Scopes> addModule(String module, List<BeanDefinition> beans, RoleMapping roles, Namespace global, Namespace app,
                                         Namespace moduleNs, java.util.function.Function<String, Namespace> compFor,
                                         DeploymentException.Location where) {
        roleMappings.put(module, roles);
        Map<String, Scopes> result = new LinkedHashMap<>();
        for (BeanDefinition bean : beans) {
            DeploymentException.Location at = where.inClass(bean.beanClass().getName());
            if (containers.containsKey(bean.name())) {
                throw at.error("bean name '" + bean.name() + "' is used in two modules of application " + name
                        + " (" + containers.get(bean.name()).definition.module() + " and " + module + ")");
            }
            Namespace comp = compFor.apply(bean.name());
            Scopes scopes = new Scopes(global, app, moduleNs, comp);
            BeanContainer container = switch (bean.kind()) {
                case BeanKind.Stateless ignored -> new StatelessContainer(bean, this, services, scopes, at);
                case BeanKind.Stateful ignored -> new StatefulContainer(bean, this, services, scopes, at);
                case BeanKind.Singleton ignored -> new SingletonContainer(bean, this, services, scopes, at);
                case BeanKind.MessageDriven ignored -> new MessageDrivenContainer(bean, this, services, scopes, at);
            };
            containers.put(bean.name(), container);
            comp.bindIfAbsent("EJBContext", new Binding.Value(container.context));
            if (!(container instanceof StatefulContainer)) {
                BeanTimerService ts = new BeanTimerService(container);
                timerServices.put(container, ts);
                comp.bindIfAbsent("TimerService", new Binding.Value(ts));
            }
            if (bean.beanManagedTransactions()) {
                comp.bindIfAbsent("UserTransaction", new Binding.Value(userTransaction));
            }
            for (EjbJarXml.EnvEntry e : bean.descriptor().envEntriesOf(bean.name())) {
                comp.bindIfAbsent("env/" + e.name(), new Binding.Value(EnvEntries.convert(e, bean.beanClass().getClassLoader(), at)));
            }
            names.add(bean, global, app, moduleNs, view -> container instanceof StatefulContainer
                    ? new Binding.Factory(() -> container.proxy(container.newReference(view)), view.type().getName())
                    : new Binding.Value(container.proxy(container.newReference(view))), at);
            result.put(bean.name(), scopes);
        }
        return result;
    }

    /**
     * The classes whose injection points apply to {@code bean}'s instances: the bean class,
     * its interceptor classes, and their superclasses.
     */
    public java.util.Set<String> componentClasses(String bean) {
        BeanContainer c = containers.get(bean);
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        List<Class<?>> roots = new ArrayList<>();
        roots.add(c.definition.beanClass());
        roots.addAll(c.interceptorClasses);
        for (Class<?> root : roots) {
            for (Class<?> k = root; k != null && k != Object.class; k = k.getSuperclass()) {
                names.add(k.getName());
            }
        }
        return names;
    }

    /** Sets how {@code bean}'s instances are injected (after its references are bound). */
    public void injector(String bean, dev.isola.appserver.inject.Injector injector) {
        containers.get(bean).injector(injector);
    }

    /** The global names this application bound, to unbind at undeployment. */
    public List<String> globalNames() {
        return names.globalNames();
    }

    @Override
    public Resolution resolve(Reference.Ejb reference, String viewType, String fromModule) {
        return names.resolve(reference, viewType, fromModule);
    }

    /**
     * Checks {@code @DependsOn}: every name must be a singleton of this application, and there
     * must be no cycle.
     */
    public void validateDependencies(DeploymentException.Location where) {
        for (BeanContainer c : containers.values()) {
            if (c instanceof SingletonContainer s) {
                for (String dep : s.kind().dependsOn()) {
                    BeanContainer target = findByName(dep);
                    if (!(target instanceof SingletonContainer)) {
                        throw where.inClass(c.definition.beanClass().getName()).error("@DependsOn names '" + dep + "', which is not a singleton bean of application " + name);
                    }
                }
            }
        }
        Set<String> done = new HashSet<>();
        for (BeanContainer c : containers.values()) {
            if (c instanceof SingletonContainer s) {
                visit(s, new ArrayDeque<>(), done, where);
            }
        }
    }

    private void visit(SingletonContainer s, Deque<String> path, Set<String> done, DeploymentException.Location where) {
        if (done.contains(s.name())) {
            return;
        }
        if (path.contains(s.name())) {
            List<String> cycle = new ArrayList<>(path.reversed());
            cycle = cycle.subList(cycle.indexOf(s.name()), cycle.size());
            cycle.add(s.name());
            throw where.inClass(s.definition.beanClass().getName()).error("circular @DependsOn: " + String.join(" -> ", cycle));
        }
        path.push(s.name());
        for (String dep : s.kind().dependsOn()) {
            visit((SingletonContainer) findByName(dep), path, done, where);
        }
        path.pop();
        done.add(s.name());
    }

    private BeanContainer findByName(String ref) {
        int hash = ref.indexOf('#');
        String bean = hash >= 0 ? ref.substring(hash + 1) : ref;
        return containers.get(bean);
    }

    SingletonContainer singleton(String ref) {
        return (SingletonContainer) findByName(ref);
    }

    /**
     * Starts the beans: {@code @Startup} singletons (dependencies first), automatic timers,
     * then the consumers of message-driven beans, last so that a message waiting from before
     * finds everything it needs. A failing {@code @PostConstruct} or activation configuration
     * fails the deployment with a message naming the bean and the callback or property.
     */
    public void start(DeploymentException.Location where) {
        try {
            services.applications().register(this);
        } catch (IllegalStateException e) {
            throw DeploymentException.of(name, e.getMessage());
        }
        // Before any @PostConstruct, which may ask for the bean's timers (and make them only if there are none).
        timerServices.values().forEach(BeanTimerService::restorePersistentTimers);
        for (BeanContainer c : containers.values()) {
            if (!(c instanceof MessageDrivenContainer)) {
                start(c, where);
            }
        }
        timerServices.values().forEach(BeanTimerService::start);
        for (BeanContainer c : containers.values()) {
            if (c instanceof MessageDrivenContainer) {
                start(c, where);
            }
        }
        if (containers.values().stream().anyMatch(c -> c instanceof StatefulContainer)) {
            reaper = services.scheduler().scheduleWithFixedDelay(this::expireIdleSessions, 1, 1, TimeUnit.SECONDS);
        }
    }

    private void start(BeanContainer c, DeploymentException.Location where) {
        try {
            c.start();
            started.add(c);
        } catch (DeploymentException e) {
            throw e;
        } catch (Exception e) {
            throw where.inClass(c.definition.beanClass().getName()).error(describeStartFailure(c, e), e);
        }
    }

    private static String describeStartFailure(BeanContainer c, Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause && (cause instanceof EJBException || cause instanceof java.lang.reflect.InvocationTargetException)) {
            cause = cause.getCause();
        }
        String callbacks = InterceptorChains.annotatedMethods(c.definition.beanClass(), jakarta.annotation.PostConstruct.class).stream()
                .map(Method::getName).collect(Collectors.joining(", "));
        return "singleton " + c.name() + " failed to start: @PostConstruct" + (callbacks.isEmpty() ? "" : " method " + callbacks) + " threw " + cause;
    }

    private void expireIdleSessions() {
        for (BeanContainer c : containers.values()) {
            if (c instanceof StatefulContainer s) {
                try {
                    s.expireIdle();
                } catch (RuntimeException e) {
                    System.getLogger(EjbApplication.class.getName()).log(System.Logger.Level.WARNING, "application " + name + ": " + e);
                }
            }
        }
    }

    /**
     * Stops message-driven beans first (no new work arrives, deliveries in progress finish),
     * cancels timers and ends every instance, singletons in the reverse of their start order.
     */
    public void stop() {
        List<BeanContainer> all = new ArrayList<>(containers.values()).reversed();
        timerServices.values().forEach(BeanTimerService::stopAll);
        // Message-driven beans first, while everything their deliveries in progress call is still there.
        all.stream().filter(c -> c instanceof MessageDrivenContainer).forEach(this::stop);
        services.applications().unregister(this);
        if (reaper != null) {
            reaper.cancel(false);
        }
        all.stream().filter(c -> !(c instanceof MessageDrivenContainer)).forEach(this::stop);
    }

    private void stop(BeanContainer c) {
        try {
            c.stop();
        } catch (RuntimeException e) {
            System.getLogger(EjbApplication.class.getName()).log(System.Logger.Level.WARNING,
                    "application " + name + ", bean " + c.name() + ": stop failed: " + e);
        }
    }

    @Override
    public Object invoke(ViewReference target, Method method, Object[] args) throws Exception {
        return container(target).invoke(target, method, args);
    }

    @Override
    public Object invoke(ViewReference target, MethodSignature signature, Object[] args) throws Exception {
        return container(target).invoke(target, signature, args);
    }

    @Override
    public ViewReference reference(String bean, String viewType) {
        BeanContainer c = containers.get(bean);
        if (c == null) {
            throw new EJBException("application " + name + " has no bean " + bean);
        }
        return c.newReference(c.view(viewType));
    }

    /** The proxy that stands for {@code reference}. */
    public Object proxy(ViewReference reference) {
        return container(reference).proxy(reference);
    }

    boolean isRemoteView(ViewReference ref) {
        BeanContainer c = containers.get(ref.bean());
        return c != null && c.views().containsKey(ref.viewType()) && c.view(ref.viewType()).kind() == View.Kind.REMOTE;
    }

    ClassLoader beanLoader(ViewReference ref) {
        return container(ref).definition.beanClass().getClassLoader();
    }

    private BeanContainer container(ViewReference target) {
        BeanContainer c = containers.get(target.bean());
        if (c == null) {
            throw new jakarta.ejb.NoSuchEJBException("application " + name + " has no bean " + target.bean() + " (undeployed?)");
        }
        return c;
    }

    TimerService timerService(BeanContainer c) {
        BeanTimerService ts = timerServices.get(c);
        if (ts == null) {
            throw new IllegalStateException("bean " + c.name() + " cannot use the timer service (stateful beans have none)");
        }
        return ts;
    }

    Set<Timer> allTimers(String module) {
        Set<Timer> all = new java.util.LinkedHashSet<>();
        timerServices.forEach((c, ts) -> {
            if (c.definition.module().equals(module)) {
                all.addAll(ts.getTimers());
            }
        });
        return all;
    }

    /** One line per bean for status output: kind, name, and its instance counts. */
    public List<String> describeBeans() {
        List<String> lines = new ArrayList<>();
        for (BeanContainer c : containers.values()) {
            String detail = switch (c) {
                case StatelessContainer s -> "instances created " + s.created();
                case StatefulContainer s -> "sessions " + s.sessionCount() + ", in memory " + s.activeInstances();
                case SingletonContainer s -> s.initialized() ? "initialized" : "not initialized";
                case MessageDrivenContainer m -> m.describe();
            };
            lines.add(c.definition.kind().label() + " " + c.name() + ": " + detail);
        }
        return lines;
    }
}

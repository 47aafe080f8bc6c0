package dev.isola.appserver.deploy;

import dev.isola.appserver.SubServerRole;
import dev.isola.appserver.concurrent.ApplicationConcurrency;
import dev.isola.appserver.concurrent.ConcurrencyServices;
import dev.isola.appserver.ejb.BeanDefinition;
import dev.isola.appserver.ejb.BeanKind;
import dev.isola.appserver.ejb.EjbApplication;
import dev.isola.appserver.ejb.EjbJarXml;
import dev.isola.appserver.ejb.EjbModuleScanner;
import dev.isola.appserver.ejb.EjbServices;
import dev.isola.appserver.ejb.EnvEntries;
import dev.isola.appserver.ejb.RemoteEjbApplication;
import dev.isola.appserver.ejb.RemoteEjbContainer;
import dev.isola.appserver.inject.EjbResolver;
import dev.isola.appserver.inject.InjectionPoint;
import dev.isola.appserver.inject.InjectionScanner;
import dev.isola.appserver.inject.PersistenceResolver;
import dev.isola.appserver.inject.Injector;
import dev.isola.appserver.inject.ReferenceBinder;
import dev.isola.appserver.jdbc.DataSourceDefinitionException;
import dev.isola.appserver.jdbc.DataSourceFactory;
import dev.isola.appserver.jdbc.ManagedDataSource;
import dev.isola.appserver.jms.config.ConnectionFactoryConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.DestinationType;
import dev.isola.appserver.jms.config.InvalidJmsConfigException;
import dev.isola.appserver.jms.config.ResourceDefinitions;
import dev.isola.appserver.jms.container.ApplicationJms;
import dev.isola.appserver.jms.container.JmsSubServer;
import dev.isola.appserver.jms.message.IsolaQueue;
import dev.isola.appserver.jms.message.IsolaTopic;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.persistence.PersistenceUnits;
import dev.isola.appserver.security.RoleMapping;
import dev.isola.appserver.web.WebModuleSpec;
import dev.isola.appserver.web.WebServer;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import org.jboss.jandex.IndexView;
import org.w3c.dom.Element;

import javax.naming.NameAlreadyBoundException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Deploys one archive, atomically: every step records how to undo it ({@link UndoLog}), and
 * any failure runs those steps in reverse before the {@link DeploymentException} reaches the
 * caller, so that no context, bean, thread, datasource, name, class loader or file of the
 * application remains.
 *
 * <p>The steps: unpack and read the layout (or take over the unpacked archive and indexes that
 * an earlier deployment of the same archive left, see {@link UnpackedArchive}); check context
 * roots; build the application's class loader (libraries and EJB modules); create the bean
 * containers and their names; bind its {@code @DataSourceDefinition}s, declare and bind its
 * {@code @JMSDestinationDefinition}s and {@code @JMSConnectionFactoryDefinition}s; bind and check
 * every {@code @EJB}/{@code @Resource} reference of beans and web components; check
 * {@code @DependsOn}; start the beans (timers, {@code @Startup} singletons, then the consumers of
 * message-driven beans); start the web contexts.
 *
 * <p>JMS destinations an application defines outlive its undeployment (their messages wait
 * for the next deployment, see {@link JmsSubServer}); a failed deployment removes those it
 * created, unless they were used meanwhile.
 *
 * <p>In an isolate of a separated domain only the steps of its {@link SubServerRole}s run:
 * <ul>
 *   <li>{@code EJB}: the class loader, the beans and their names, datasources, JMS resources
 *       (destinations declared in the JMS isolate over its link), references of beans; no web module.</li>
 *   <li>{@code WEB}: the class loader, the EJB modules scanned (nothing instantiated) so that
 *       the beans' portable names are bound to proxies calling the EJB isolate
 *       ({@link RemoteEjbApplication}) and {@code @EJB} references resolve as in a combined
 *       domain; datasources, JMS resources, the web modules.</li>
 *   <li>{@code JMS}: the destinations the application defines are declared; nothing else.</li>
 * </ul>
 */
public final class Deployer {

    /**
     * What deployments need from the server.
     *
     * @param roles     the sub-servers this isolate hosts
     * @param web       null without {@link SubServerRole#WEB}
     * @param remoteEjb the EJB isolate, for a web isolate of a separated domain; null otherwise
     * @param concurrency what the applications' Jakarta Concurrency resources share
     */
    public record Services(Set<SubServerRole> roles, Path workDirectory, Path timersDirectory, EjbServices ejb, DataSourceFactory dataSources,
                           ManagedDataSource defaultDataSource, UserTransaction userTransaction,
                           TransactionSynchronizationRegistry synchronizationRegistry, WebServer web, ApplicationJms jms,
                           RemoteEjbContainer remoteEjb, ClassLoader serverLoader, ConcurrencyServices concurrency) {

        boolean hosts(SubServerRole role) {
            return roles.contains(role);
        }
    }

    private final Services services;

    public Deployer(Services services) {
        this.services = services;
    }

    /**
     * @param deployedNames names of the deployments already running (a name may run once)
     * @throws DeploymentException naming what is wrong; nothing of the application is left behind
     */
    public DeployedApplication deploy(Path archive, Set<String> deployedNames) {
        String fileName = archive.getFileName().toString();
        String deploymentName = ArchiveType.of(archive).map(t -> t.baseName(fileName)).orElse(fileName);
        if (deployedNames.contains(deploymentName)) {
            throw DeploymentException.of(deploymentName, "an application named " + deploymentName + " is already deployed; undeploy it first");
        }
        UndoLog undo = new UndoLog();
        try {
            return deploy(archive, deploymentName, undo);
        } catch (DeploymentException e) {
            undo.run(deploymentName);
            throw e;
        } catch (RuntimeException | Error e) {
            undo.run(deploymentName);
            throw DeploymentException.of(deploymentName, "unexpected failure: " + e);
        }
    }

    /** Takes {@code app} away: web modules, beans, datasources, names, class loader, files. */
    public void undeploy(DeployedApplication app) {
        app.undeploy();
    }

    /**
     * Takes {@code app} away as {@link #undeploy} does, but leaves its archive unpacked and indexed
     * for the server's next start, which deploys the same archive again ({@link UnpackedArchive}).
     */
    public void stop(DeployedApplication app) {
        app.stop();
    }

    private DeployedApplication deploy(Path archive, String deploymentName, UndoLog undo) {
        Path directory = services.workDirectory().resolve(deploymentName);
        UnpackedArchive unpacked = new UnpackedArchive(archive, directory);
        undo.push("deleting " + directory, unpacked::remove);

        ApplicationLayout layout = unpacked.layout();
        String app = layout.applicationName();
        DeploymentException.Location appLocation = new DeploymentException.Location(app, null, null, null);
        boolean hostsWeb = services.hosts(SubServerRole.WEB);
        boolean hostsEjb = services.hosts(SubServerRole.EJB);
        if (hostsWeb) {
            checkContextRoots(layout);
        }
        List<IndexView> libIndexes = layout.libraryIndexes();
        if (!hostsWeb && !hostsEjb) {
            AtomicBoolean deployed = new AtomicBoolean();
            bindJmsResources(layout, libIndexes, null, undo, deployed);
            deployed.set(true);
            return new DeployedApplication(layout, archive, Instant.now(), List::of, List.of(), null, unpacked, undo, () -> { });
        }

        List<URL> urls = new ArrayList<>();
        layout.libraries().forEach(library -> urls.add(url(library.jar())));
        layout.modules().stream().filter(m -> m.kind() == ModuleKind.EJB).forEach(m -> urls.add(url(m.directory())));
        // The beans a web module packages are components of the application, which its loader loads: the web module's classes
        // join it, so that the bean the container runs and the class a servlet calls are one class (the module's web loader
        // asks the application's loader first, WebModuleSpec.classesInApplicationLoader).
        List<ModuleInfo> webModulesWithBeans = layout.modules().stream().filter(m -> m.kind() == ModuleKind.WEB && layout.packagesBeans(m)).toList();
        List<PersistenceRoot> persistenceRoots = persistenceRoots(layout);
        // So do the classes of a web module with persistence units: the provider loads its entities, which its servlets use, at deployment.
        List<ModuleInfo> webModulesInApplicationLoader = layout.modules().stream().filter(m -> m.kind() == ModuleKind.WEB
                && (webModulesWithBeans.contains(m) || persistenceRoots.stream().anyMatch(r -> m.equals(r.module())))).toList();
        webModulesInApplicationLoader.forEach(m -> ApplicationLayout.webClassPath(m).stream().filter(Files::exists).forEach(p -> urls.add(url(p))));
        ApplicationClassLoader loader = new ApplicationClassLoader(app, urls, services.serverLoader(),
                persistenceRoots.isEmpty() ? null : PersistenceUnits.providerClassLoader());
        undo.push("closing the class loader", () -> closeQuietly(loader));

        ApplicationConcurrency concurrency = services.concurrency().forApplication(app);
        // Undone last (the tasks of a deployment that fails are ended too), and again first at an undeploy (below).
        undo.push("ending the managed tasks", concurrency::terminate);

        boolean standalone = layout.type() != ArchiveType.EAR;
        Namespace global = NamingScopes.global();
        String globalPrefix = standalone ? layout.modules().getFirst().name() : app;
        undo.push("unbinding java:global/" + globalPrefix, () -> global.unbindAll(globalPrefix));
        Namespace appNs = new Namespace("java:app (" + app + ")");
        appNs.bindIfAbsent("AppName", new Binding.Value(app));
        Map<ModuleInfo, Namespace> moduleNs = new LinkedHashMap<>();
        for (ModuleInfo m : layout.modules()) {
            Namespace ns = new Namespace("java:module (" + app + "/" + m.name() + ")");
            ns.bindIfAbsent("ModuleName", new Binding.Value(m.name()));
            moduleNs.put(m, ns);
        }

        List<ModuleInfo> beanModules = layout.modules().stream().filter(m -> m.kind() == ModuleKind.EJB || webModulesWithBeans.contains(m)).toList();
        Set<String> valueClasses = RemoteBeans.valueClasses(layout, libIndexes, beanModules);
        EjbApplication ejb = hostsEjb ? new EjbApplication(app, standalone, directory, services.timersDirectory().resolve(deploymentName), services.ejb(),
                services.userTransaction(), loader, valueClasses) : null;
        Map<ModuleInfo, Map<String, Scopes>> beanScopes = new LinkedHashMap<>();
        Map<String, String> beanOfClass = new HashMap<>();
        Map<ModuleInfo, List<BeanDefinition>> remoteBeans = new LinkedHashMap<>();
        RoleMapping appRoles = layout.applicationRoleMapping();
        Map<ModuleInfo, Set<String>> beanClasses = new HashMap<>();
        Set<String> statefulBeans = new HashSet<>();
        Map<ModuleInfo, EjbJarXml> ejbJarXmls = new HashMap<>();
        for (ModuleInfo m : beanModules) {
            DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
            EjbJarXml xml = m.kind() == ModuleKind.WEB ? EjbJarXml.readOfWebModule(m.directory(), at) : EjbJarXml.read(m.directory(), at);
            ejbJarXmls.put(m, xml);
            RoleMapping roles = layout.roleMapping(m, appRoles);
            List<BeanDefinition> beans = EjbModuleScanner.scan(m.name(), layout.index(m), loader, xml, services.ejb().settings(), at);
            beanClasses.put(m, beans.stream().map(b -> b.beanClass().getName()).collect(java.util.stream.Collectors.toSet()));
            if (ejb == null) {
                remoteBeans.put(m, beans.stream().filter(b -> !(b.kind() instanceof BeanKind.MessageDriven)).toList());
                continue;
            }
            beans.forEach(b -> beanOfClass.put(b.beanClass().getName(), b.name()));
            beans.stream().filter(b -> b.kind() instanceof BeanKind.Stateful).forEach(b -> statefulBeans.add(b.name()));
            beanScopes.put(m, ejb.addModule(m.name(), beans, roles, global, appNs, moduleNs.get(m),
                    bean -> componentNamespace("java:comp (" + app + "/" + m.name() + "/" + bean + ")", concurrency), at));
        }
        EjbResolver resolver = ejb != null ? ejb
                : RemoteBeans.bind(services.remoteEjb(), app, standalone, loader, valueClasses, remoteBeans, global, appNs, moduleNs, undo);

        ResourceNamespaces namespaces = new ResourceNamespaces(global, appNs, moduleNs, beanScopes, beanOfClass);
        bindDataSources(layout, libIndexes, namespaces, loader, undo);
        PersistenceUnits persistence = persistenceUnits(app, persistenceRoots, loader, global, appNs, moduleNs);
        undo.push("closing the persistence units", persistence::closeAll);
        if (hostsEjb) {
            // every unit starts where the beans run; a web isolate of a separated domain starts only those its components use
            persistence.startAll();
        }
        WebXmls webXmls = new WebXmls(app);
        bindConcurrencyResources(layout, libIndexes, webXmls, namespaces, concurrency, undo);
        AtomicBoolean deployed = new AtomicBoolean();
        bindJmsResources(layout, libIndexes, namespaces, undo, deployed);
        // after the datasources and JMS resources, so that undoing stops the beans (their @PreDestroy may use them,
        // message-driven beans consume from the destinations) before those go
        if (ejb != null) {
            undo.push("stopping the beans", ejb::stop);
        }

        List<Runnable> linkChecks = new ArrayList<>();
        for (Map.Entry<ModuleInfo, Map<String, Scopes>> e : beanScopes.entrySet()) {
            ModuleInfo m = e.getKey();
            DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
            IndexView index = composite(layout.index(m), libIndexes);
            Map<String, List<InjectionPoint>> points = InjectionScanner.scan(index);
            for (Map.Entry<String, Scopes> bean : e.getValue().entrySet()) {
                Set<String> classes = ejb.componentClasses(bean.getKey());
                Map<String, List<InjectionPoint>> mine = new LinkedHashMap<>();
                points.forEach((cls, list) -> {
                    if (classes.contains(cls)) {
                        mine.put(cls, list);
                    }
                });
                String file = (m.kind() == ModuleKind.WEB ? "WEB-INF" : "META-INF") + "/ejb-jar.xml, bean " + bean.getKey();
                Map<String, List<InjectionPoint>> described = DescribedReference.points(ejbJarXmls.get(m).referencesOf(bean.getKey()), index, file, at);
                Map<String, List<InjectionPoint>> injected = bindReferences(bean.getValue().comp(), described, mine, ejb,
                        persistence.forComponent(statefulBeans.contains(bean.getKey())), m.name(), at);
                ejb.injector(bean.getKey(), new Injector(injected, services.ejb().applications()::adapt));
                linkChecks.add(() -> ReferenceBinder.validateLinks(bean.getValue(), injected, at));
            }
        }

        List<WebModuleSpec> webModules = new ArrayList<>();
        for (ModuleInfo m : layout.modules()) {
            if (m.kind() != ModuleKind.WEB || !hostsWeb) {
                continue;
            }
            DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
            Namespace ns = moduleNs.get(m);
            addComponentEntries(ns, concurrency);
            ns.bindIfAbsent("UserTransaction", new Binding.Value(services.userTransaction()));
            bindWebEnvEntries(webXmls.of(m), ns, loader, at);
            Scopes scopes = new Scopes(global, appNs, ns, ns);
            IndexView index = composite(layout.index(m), libIndexes);
            Map<String, List<InjectionPoint>> points = new LinkedHashMap<>(InjectionScanner.scan(index));
            // The module's beans are injected by their container, in their own java:comp, not by the web container.
            points.keySet().removeAll(beanClasses.getOrDefault(m, Set.of()));
            Map<String, List<InjectionPoint>> described = webXmls.of(m)
                    .map(xml -> DescribedReference.points(DescribedReference.read(xml, "WEB-INF/web.xml", at), index, "WEB-INF/web.xml", at))
                    .orElse(Map.of());
            Map<String, List<InjectionPoint>> injected = bindReferences(ns, described, points, resolver, persistence.forComponent(false), m.name(), at);
            linkChecks.add(() -> ReferenceBinder.validateLinks(scopes, injected, at));
            webModules.add(new WebModuleSpec(app, m.name(), m.contextRoot(), m.directory(), loader,
                    new Injector(injected, services.ejb().applications()::adapt), scopes,
                    directory.resolve("jsp").resolve(m.name()), unpacked.archiveSha256(), layout.roleMapping(m, appRoles),
                    webModulesInApplicationLoader.contains(m)));
        }
        linkChecks.forEach(Runnable::run);
        if (ejb != null) {
            ejb.validateDependencies(appLocation);
            ejb.start(appLocation);
        }

        for (WebModuleSpec spec : webModules) {
            try {
                services.web().deploy(spec);
            } catch (IllegalStateException e) {
                throw DeploymentException.inModule(app, spec.module(), e.getMessage(), e);
            }
            undo.push("stopping web module " + spec.module(), () -> services.web().undeploy(spec.contextPath()));
        }
        // At an undeploy, the application's tasks end before its web modules and beans stop, which they may be calling.
        undo.push("ending the managed tasks", concurrency::terminate);
        deployed.set(true);
        return new DeployedApplication(layout, archive, Instant.now(), ejb != null ? ejb::describeBeans : List::of, persistence.describe(), loader,
                unpacked, undo,
                ejb != null ? ejb::discardPersistentTimers : () -> { });
    }

    /**
     * Where a persistence unit may be defined (Jakarta Persistence 8.2): an EJB module, a web module's {@code WEB-INF/classes}
     * or {@code WEB-INF/lib} JARs, a library of the EAR.
     *
     * @param jarFileBase what the units' {@code <jar-file>}s are relative to: the directory that holds the root in the application as packaged
     * @param module      the module whose components see the root's units; null for a library
     */
    private record PersistenceRoot(Path root, String rootName, Path jarFileBase, ModuleInfo module) { }

    private static List<PersistenceRoot> persistenceRoots(ApplicationLayout layout) {
        List<PersistenceRoot> roots = new ArrayList<>();
        Path archive = layout.directory().resolve("archive");
        for (ModuleInfo m : layout.modules()) {
            if (m.kind() == ModuleKind.EJB) {
                // unpacked apart, but packaged in the EAR beside what its <jar-file>s name (lib/model.jar)
                Path packaged = layout.type() == ArchiveType.EAR ? archive.resolve(m.uri()).getParent() : m.directory().getParent();
                roots.add(new PersistenceRoot(m.directory(), m.uri(), packaged, m));
            } else if (m.kind() == ModuleKind.WEB) {
                for (Path p : ApplicationLayout.webClassPath(m)) {
                    roots.add(new PersistenceRoot(p, m.uri() + "/" + m.directory().relativize(p).toString().replace('\\', '/'), p.getParent(), m));
                }
            }
        }
        for (ApplicationLayout.Library library : layout.libraries()) {
            String name = library.jar().startsWith(archive) ? archive.relativize(library.jar()).toString().replace('\\', '/')
                    : library.jar().getFileName().toString();
            roots.add(new PersistenceRoot(library.jar(), name, library.jar().getParent(), null));
        }
        roots.removeIf(r -> !Files.exists(r.root()) || !PersistenceUnits.definedIn(r.root()));
        return roots;
    }

    private PersistenceUnits persistenceUnits(String app, List<PersistenceRoot> roots, ClassLoader loader, Namespace global, Namespace appNs,
                                              Map<ModuleInfo, Namespace> moduleNs) {
        PersistenceUnits units = new PersistenceUnits(app, loader, services::defaultDataSource, services.ejb().transactionManager(),
                services.userTransaction(), services.synchronizationRegistry());
        Namespace libraries = new Namespace("java:module (" + app + " libraries)");
        for (PersistenceRoot r : roots) {
            Namespace ns = r.module() == null ? libraries : moduleNs.get(r.module());
            DeploymentException.Location at = new DeploymentException.Location(app, r.module() == null ? null : r.module().uri(), null, null);
            units.addRoot(r.root(), r.rootName(), r.jarFileBase(), r.module() == null ? null : r.module().name(), new Scopes(global, appNs, ns, ns), at);
        }
        return units;
    }

    /**
     * Binds a component's references: those its descriptor declares first, so that where a descriptor and an annotation
     * name the same entry the descriptor's binding is the one kept, and a member a descriptor targets is injected as the
     * descriptor says, not as its annotation does (the platform's overriding rules, EE.5.2.5).
     *
     * @return the points to inject, by class
     */
    private static Map<String, List<InjectionPoint>> bindReferences(Namespace comp, Map<String, List<InjectionPoint>> described,
                                                                    Map<String, List<InjectionPoint>> annotated, EjbResolver ejbs,
                                                                    PersistenceResolver persistence, String module, DeploymentException.Location at) {
        Map<String, List<InjectionPoint>> injected = new LinkedHashMap<>(ReferenceBinder.bind(comp, described, ejbs, persistence, module, at));
        Set<String> targeted = new HashSet<>();
        described.forEach((cls, list) -> list.forEach(p -> targeted.add(cls + "#" + p.member())));
        Map<String, List<InjectionPoint>> rest = new LinkedHashMap<>();
        annotated.forEach((cls, list) -> rest.put(cls, list.stream().filter(p -> p.isDeclaration() || !targeted.contains(cls + "#" + p.member())).toList()));
        ReferenceBinder.bind(comp, rest, ejbs, persistence, module, at).forEach((cls, list) ->
                injected.merge(cls, list, (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).toList()));
        return injected;
    }

    private void checkContextRoots(ApplicationLayout layout) {
        Map<String, String> roots = new HashMap<>();
        for (ModuleInfo m : layout.modules()) {
            if (m.kind() != ModuleKind.WEB) {
                continue;
            }
            String previous = roots.putIfAbsent(m.contextRoot(), m.uri());
            if (previous != null) {
                throw DeploymentException.inModule(layout.applicationName(), m.uri(), "context root '" + display(m.contextRoot())
                        + "' is also claimed by module " + previous + " of the same application", null);
            }
            String owner = services.web().owner(m.contextRoot());
            if (owner != null) {
                throw DeploymentException.inModule(layout.applicationName(), m.uri(), "context root '" + display(m.contextRoot())
                        + "' is already used by " + owner, null);
            }
        }
    }

    private static String display(String contextRoot) {
        return contextRoot.isEmpty() ? "/" : contextRoot;
    }

    private Namespace componentNamespace(String scope, ApplicationConcurrency concurrency) {
        Namespace comp = new Namespace(scope);
        addComponentEntries(comp, concurrency);
        return comp;
    }

    private void addComponentEntries(Namespace comp, ApplicationConcurrency concurrency) {
        concurrency.bindDefaults(comp);
        comp.bindIfAbsent("DefaultDataSource", new Binding.Value(services.defaultDataSource()));
        comp.bindIfAbsent("DefaultJMSConnectionFactory", new Binding.Value(services.jms().defaultConnectionFactory()));
        comp.bindIfAbsent("TransactionSynchronizationRegistry", new Binding.Value(services.synchronizationRegistry()));
        comp.bindIfAbsent("InAppClientContainer", new Binding.Value(Boolean.FALSE));
    }

    /**
     * Where resources defined by annotations are bound: {@code java:global}, {@code java:app},
     * the module's namespace, or for {@code java:comp} the declaring bean's own namespace (the
     * module's in a web module).
     */
    private record ResourceNamespaces(Namespace global, Namespace app, Map<ModuleInfo, Namespace> modules,
                                      Map<ModuleInfo, Map<String, Scopes>> beanScopes, Map<String, String> beanOfClass) {

        /** The namespace and relative name for {@code jndiName}, or null if that name is bound there already. */
        Target target(String jndiName, ModuleInfo m, String declaringClass, DeploymentException.Location here) {
            if (!jndiName.startsWith("java:")) {
                jndiName = "java:comp/env/" + jndiName;
            }
            String rest = jndiName.substring("java:".length());
            int slash = rest.indexOf('/');
            String scope = slash < 0 ? rest : rest.substring(0, slash);
            String relative = slash < 0 ? "" : rest.substring(slash + 1);
            Namespace namespace = switch (scope) {
                case "global" -> global;
                case "app" -> app;
                case "module" -> modules.get(m);
                case "comp" -> {
                    String bean = beanOfClass.get(declaringClass);
                    Map<String, Scopes> scopes = beanScopes.get(m);
                    yield bean != null && scopes != null ? scopes.get(bean).comp() : modules.get(m);
                }
                default -> throw here.error("the name must start with java:global, java:app, java:module or java:comp");
            };
            if (relative.isEmpty()) {
                throw here.error("the name has no path after java:" + scope);
            }
            return namespace.binding(relative).isPresent() ? null : new Target(namespace, relative, namespace == global);
        }
    }

    private record Target(Namespace namespace, String relative, boolean global) { }

    /** Binds {@code value} at {@code target}; a global name is unbound again when the application goes. */
    private static void bindDefined(Target target, Object value, UndoLog undo, DeploymentException.Location here) {
        bindDefined(target, new Binding.Value(value), undo, here);
    }

    private static void bindDefined(Target target, Binding binding, UndoLog undo, DeploymentException.Location here) {
        try {
            target.namespace().bind(target.relative(), binding);
        } catch (NameAlreadyBoundException e) {
            throw here.error(e.getMessage());
        }
        if (target.global()) {
            undo.push("unbinding java:global/" + target.relative(), () -> target.namespace().unbind(target.relative()));
        }
    }

    private void bindDataSources(ApplicationLayout layout, List<IndexView> libIndexes, ResourceNamespaces namespaces, ClassLoader loader,
                                 UndoLog undo) {
        String app = layout.applicationName();
        Map<String, String> definedBy = new HashMap<>();
        for (ModuleInfo m : layout.modules()) {
            DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
            for (DataSourceDefinitions.Found found : DataSourceDefinitions.scan(composite(layout.index(m), libIndexes))) {
                String jndiName = found.spec().name();
                DeploymentException.Location here = at.inClass(found.declaringClass()).atMember("@DataSourceDefinition " + jndiName);
                String other = definedBy.putIfAbsent(jndiName + "@" + m.uri(), found.declaringClass());
                if (other != null) {
                    throw here.error("datasource " + jndiName + " is also defined by " + other);
                }
                Target target = namespaces.target(jndiName, m, found.declaringClass(), here);
                if (target == null) {
                    continue;
                }
                ManagedDataSource ds;
                try {
                    ds = services.dataSources().create(app, found.spec(), loader);
                } catch (DataSourceDefinitionException e) {
                    throw here.error(e.getMessage(), e);
                }
                undo.push("closing datasource " + jndiName, ds::close);
                bindDefined(target, ds, undo, here);
            }
        }
    }

    /**
     * Binds the Jakarta Concurrency resources the application defines: its context services
     * first, in every module, since an executor or thread factory may name one of another module
     * (by a {@code java:app} or {@code java:global} name). Their tasks and threads end with the
     * application's ({@link ApplicationConcurrency#terminate}).
     */
    private void bindConcurrencyResources(ApplicationLayout layout, List<IndexView> libIndexes, WebXmls webXmls, ResourceNamespaces namespaces,
                                          ApplicationConcurrency concurrency, UndoLog undo) {
        String app = layout.applicationName();
        Map<ModuleInfo, List<ConcurrencyDefinitions.Found>> definitions = new LinkedHashMap<>();
        for (ModuleInfo m : layout.modules()) {
            DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
            List<ConcurrencyDefinitions.Found> described = new ArrayList<>();
            webXmls.of(m).ifPresent(webXml -> described.addAll(ConcurrencyDefinitions.fromDescriptor(webXml, "WEB-INF/web.xml", at)));
            described.addAll(ejbJarDefinitions(m, app, namespaces));
            definitions.put(m, withDescribed(ConcurrencyDefinitions.scan(composite(layout.index(m), libIndexes)), described, namespaces));
        }
        Path applicationXml = layout.directory().resolve("archive/META-INF/application.xml");
        if (layout.type() == ArchiveType.EAR && Files.isRegularFile(applicationXml) && !definitions.isEmpty()) {
            DeploymentException.Location at = new DeploymentException.Location(app, null, null, null);
            List<ConcurrencyDefinitions.Found> described = ConcurrencyDefinitions.fromDescriptor(Xml.parse(applicationXml, at),
                    "META-INF/application.xml", at);
            for (ConcurrencyDefinitions.Found d : described) {
                if (!d.name().startsWith("java:app/") && !d.name().startsWith("java:global/")) {
                    throw at.inClass("META-INF/application.xml").atMember(d.declaration() + " " + d.name())
                            .error("an application's definitions are named in java:app or java:global");
                }
            }
            // application-wide names, which win over an annotation of any module; the first module holds them
            for (Map.Entry<ModuleInfo, List<ConcurrencyDefinitions.Found>> e : definitions.entrySet()) {
                e.setValue(withDescribed(e.getValue(), List.of(), namespaces, described));
            }
            Map.Entry<ModuleInfo, List<ConcurrencyDefinitions.Found>> first = definitions.entrySet().iterator().next();
            first.getValue().addAll(described);
        }
        Map<String, Object> contextServices = new HashMap<>();
        Map<String, String> definedBy = new HashMap<>();
        for (boolean contextServicePass : new boolean[] {true, false}) {
            for (Map.Entry<ModuleInfo, List<ConcurrencyDefinitions.Found>> e : definitions.entrySet()) {
                ModuleInfo m = e.getKey();
                DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
                for (ConcurrencyDefinitions.Found found : e.getValue()) {
                    if (contextServicePass != found instanceof ConcurrencyDefinitions.ContextService) {
                        continue;
                    }
                    DeploymentException.Location here = at.inClass(found.declaringClass()).atMember(found.declaration() + " " + found.name());
                    if (found.name().isEmpty()) {
                        throw here.error(found.declaration() + " must give the name it is bound at");
                    }
                    String other = definedBy.putIfAbsent(scopedName(found.name(), m), found.declaringClass());
                    if (other != null) {
                        throw here.error(found.name() + " is also defined by " + other);
                    }
                    Target target = namespaces.target(found.name(), m, found.declaringClass(), here);
                    Binding binding = switch (found) {
                        case ConcurrencyDefinitions.ContextService cs -> {
                            try {
                                Object contexts = concurrency.defineContextService(cs.name(), cs.propagated(), cs.cleared(), cs.unchanged());
                                contextServices.put(scopedName(cs.name(), m), contexts);
                                yield new Binding.Value(contexts);
                            } catch (IllegalArgumentException invalid) {
                                throw here.error(invalid.getMessage());
                            }
                        }
                        case ConcurrencyDefinitions.Executor ex -> {
                            if (ex.maxAsync() == 0 || ex.maxAsync() < -1) {
                                throw here.error("maxAsync must be positive, or -1 for no limit, not " + ex.maxAsync());
                            }
                            yield new Binding.Value(concurrency.defineExecutor(ex.name(), contextService(ex.context(), m, contextServices, concurrency, here),
                                    ex.maxAsync(), ex.virtual()));
                        }
                        case ConcurrencyDefinitions.ThreadFactory tf -> {
                            if (tf.priority() < Thread.MIN_PRIORITY || tf.priority() > Thread.MAX_PRIORITY) {
                                throw here.error("priority must be from " + Thread.MIN_PRIORITY + " to " + Thread.MAX_PRIORITY + ", not " + tf.priority());
                            }
                            yield concurrency.defineThreadFactory(tf.name(), contextService(tf.context(), m, contextServices, concurrency, here),
                                    tf.priority(), tf.virtual());
                        }
                    };
                    if (target != null) {
                        bindDefined(target, binding, undo, here);
                    }
                }
            }
        }
    }

    /**
     * A module's annotated definitions and its descriptors': a descriptor wins over an annotation that defines the same name,
     * as it does for every resource definition. A {@code java:comp} name is one bean's own, so only the same bean's count.
     *
     * @param overriding further descriptor definitions that win but are not added here (application.xml's)
     */
    private static List<ConcurrencyDefinitions.Found> withDescribed(List<ConcurrencyDefinitions.Found> annotated, List<ConcurrencyDefinitions.Found> described,
                                                                    ResourceNamespaces namespaces, List<ConcurrencyDefinitions.Found> overriding) {
        Set<String> describedNames = new HashSet<>();
        java.util.stream.Stream.concat(described.stream(), overriding.stream()).forEach(d -> describedNames.add(definitionKey(d, namespaces)));
        List<ConcurrencyDefinitions.Found> all = new ArrayList<>(annotated.stream().filter(a -> !describedNames.contains(definitionKey(a, namespaces))).toList());
        all.addAll(described);
        return all;
    }

    private static List<ConcurrencyDefinitions.Found> withDescribed(List<ConcurrencyDefinitions.Found> annotated, List<ConcurrencyDefinitions.Found> described,
                                                                    ResourceNamespaces namespaces) {
        return withDescribed(annotated, described, namespaces, List.of());
    }

    /** The name a definition binds, with the bean it belongs to for a java:comp name of a bean. */
    private static String definitionKey(ConcurrencyDefinitions.Found found, ResourceNamespaces namespaces) {
        return found.name().startsWith("java:comp/") ? namespaces.beanOfClass().getOrDefault(found.declaringClass(), "") + "|" + found.name() : found.name();
    }

    /**
     * The Concurrency definitions of the beans of {@code m}'s {@code ejb-jar.xml}, each declared by "ejb-jar.xml, bean X", which
     * {@code namespaces} then knows as bean X's, so that a {@code java:comp} name is that bean's.
     */
    private static List<ConcurrencyDefinitions.Found> ejbJarDefinitions(ModuleInfo m, String app, ResourceNamespaces namespaces) {
        String file = (m.kind() == ModuleKind.WEB ? "WEB-INF" : "META-INF") + "/ejb-jar.xml";
        Path path = m.directory().resolve(file);
        if (!Files.isRegularFile(path)) {
            return List.of();
        }
        DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
        List<ConcurrencyDefinitions.Found> found = new ArrayList<>();
        Optional<Element> beans = Xml.child(Xml.parse(path, at), "enterprise-beans");
        for (Element bean : beans.map(b -> {
            List<Element> all = new ArrayList<>(Xml.children(b, "session"));
            all.addAll(Xml.children(b, "message-driven"));
            return all;
        }).orElse(List.of())) {
            String name = Xml.text(bean, "ejb-name").orElse("");
            String declaredBy = file + ", bean " + name;
            namespaces.beanOfClass().putIfAbsent(declaredBy, name);
            found.addAll(ConcurrencyDefinitions.fromDescriptor(bean, declaredBy, at));
        }
        return found;
    }

    /** A name as one module sees it: java:comp and java:module names are the module's own. */
    private static String scopedName(String name, ModuleInfo m) {
        return name.startsWith("java:comp/") || name.startsWith("java:module/") ? m.uri() + "!" + name : name;
    }

    /** The context service an executor or thread factory names: the default, or one the application defines. */
    private static Object contextService(String name, ModuleInfo m, Map<String, Object> defined, ApplicationConcurrency concurrency,
                                         DeploymentException.Location here) {
        if (name.equals(ConcurrencyDefinitions.DEFAULT_CONTEXT_SERVICE)) {
            return concurrency.defaultContextService();
        }
        Object contexts = defined.get(scopedName(name, m));
        if (contexts == null) {
            throw here.error("its context service " + name + " is not defined by the application (define it with @ContextServiceDefinition, "
                    + "or leave context out for " + ConcurrencyDefinitions.DEFAULT_CONTEXT_SERVICE + ")");
        }
        return contexts;
    }

    /**
     * Declares the application's {@code @JMSDestinationDefinition}s on the broker and binds
     * them and its {@code @JMSConnectionFactoryDefinition}s. Undoing a deployment that failed
     * removes the destinations it created; undoing a deployment that completed (undeploy)
     * keeps them with their messages. With {@code namespaces} null (the JMS isolate of a
     * separated domain) the destinations are only declared.
     */
    private void bindJmsResources(ApplicationLayout layout, List<IndexView> libIndexes, ResourceNamespaces namespaces, UndoLog undo,
                                  AtomicBoolean deployed) {
        String app = layout.applicationName();
        ApplicationJms jms = services.jms();
        undo.push("forgetting the JMS destinations of " + app, () -> jms.applicationUndeployed(app));
        Map<String, String> definedBy = new HashMap<>();
        Map<DestinationConfig, DeploymentException.Location> declared = new LinkedHashMap<>();
        for (ModuleInfo m : layout.modules()) {
            DeploymentException.Location at = new DeploymentException.Location(app, m.uri(), null, null);
            IndexView index = composite(layout.index(m), libIndexes);
            for (JmsResourceDefinitions.Destination d : JmsResourceDefinitions.destinations(index)) {
                DeploymentException.Location here = at.inClass(d.declaringClass()).atMember(d.describe());
                checkDefinedOnce(definedBy, d.name(), m, d.declaringClass(), here);
                Target target = namespaces == null ? null : namespaces.target(d.name(), m, d.declaringClass(), here);
                if (target == null && namespaces != null) {
                    continue;
                }
                DestinationConfig destination;
                Runnable undeclare;
                try {
                    destination = ResourceDefinitions.destination(d.name(), d.interfaceName(), d.destinationName(), d.properties());
                    undeclare = jms.declare(app, destination);
                } catch (InvalidJmsConfigException e) {
                    throw here.error(e.getMessage(), e);
                } catch (IllegalStateException e) {
                    throw here.error("the JMS sub-server cannot be reached: " + e.getMessage(), e);
                }
                undo.push("removing JMS " + destination.type().name().toLowerCase() + " " + destination.name() + " unless deployed", () -> {
                    if (!deployed.get()) {
                        undeclare.run();
                    }
                });
                declared.put(destination, here);
                if (target != null) {
                    bindDefined(target, destination.type() == DestinationType.QUEUE ? new IsolaQueue(destination.name())
                            : new IsolaTopic(destination.name()), undo, here);
                }
            }
            if (namespaces == null) {
                continue;
            }
            for (JmsResourceDefinitions.ConnectionFactory f : JmsResourceDefinitions.connectionFactories(index)) {
                DeploymentException.Location here = at.inClass(f.declaringClass()).atMember(f.describe());
                checkDefinedOnce(definedBy, f.name(), m, f.declaringClass(), here);
                Target target = namespaces.target(f.name(), m, f.declaringClass(), here);
                if (target == null) {
                    continue;
                }
                ConnectionFactoryConfig settings;
                try {
                    settings = ResourceDefinitions.connectionFactory(f.name(), f.clientId(), f.properties());
                } catch (InvalidJmsConfigException e) {
                    throw here.error(e.getMessage(), e);
                }
                bindDefined(target, jms.connectionFactory(settings, f.transactional()), undo, here);
            }
        }
        declared.forEach((destination, here) -> {
            try {
                jms.checkDeadLetterQueue(destination);
            } catch (InvalidJmsConfigException e) {
                throw here.error(e.getMessage(), e);
            } catch (IllegalStateException e) {
                throw here.error("the JMS sub-server cannot be reached: " + e.getMessage(), e);
            }
        });
    }

    private static void checkDefinedOnce(Map<String, String> definedBy, String name, ModuleInfo m, String declaringClass,
                                         DeploymentException.Location here) {
        String other = definedBy.putIfAbsent(name + "@" + m.uri(), declaringClass);
        if (other != null && !other.equals(declaringClass)) {
            throw here.error(name + " is also defined by " + other);
        }
    }

    private static void bindWebEnvEntries(Optional<Element> webXml, Namespace ns, ClassLoader loader, DeploymentException.Location at) {
        if (webXml.isEmpty()) {
            return;
        }
        for (Element e : Xml.children(webXml.get(), "env-entry")) {
            var value = Xml.text(e, "env-entry-value");
            if (value.isEmpty()) {
                continue;
            }
            String name = Xml.text(e, "env-entry-name").orElseThrow(() -> at.error("web.xml: an <env-entry> has no <env-entry-name>"));
            EjbJarXml.EnvEntry entry = new EjbJarXml.EnvEntry(name, Xml.text(e, "env-entry-type").orElse("java.lang.String"), value.get());
            ns.bindIfAbsent("env/" + name, new Binding.Value(EnvEntries.convert(entry, loader, at)));
        }
    }

    /** Each web module's {@code WEB-INF/web.xml}, parsed once per deployment for all that read it. */
    private static final class WebXmls {
        private final String app;
        private final Map<ModuleInfo, Optional<Element>> parsed = new HashMap<>();

        WebXmls(String app) {
            this.app = app;
        }

        Optional<Element> of(ModuleInfo m) {
            return parsed.computeIfAbsent(m, module -> {
                Path file = module.directory().resolve("WEB-INF/web.xml");
                return module.kind() == ModuleKind.WEB && Files.isRegularFile(file)
                        ? Optional.of(Xml.parse(file, new DeploymentException.Location(app, module.uri(), null, null))) : Optional.empty();
            });
        }
    }

    private static IndexView composite(IndexView module, List<IndexView> libraries) {
        List<IndexView> all = new ArrayList<>();
        all.add(module);
        all.addAll(libraries);
        return AnnotationIndex.composite(all);
    }

    private static URL url(Path p) {
        try {
            return p.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void closeQuietly(ApplicationClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            System.getLogger(Deployer.class.getName()).log(System.Logger.Level.WARNING, "closing " + loader + ": " + e);
        }
    }
}

package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.inject.EjbResolver;
import dev.isola.appserver.inject.Reference;
import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.Namespace;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;

/**
 * The session beans of an application as a web isolate of a separated domain sees them: the
 * beans run in the domain's EJB isolate, and this binds their portable JNDI names to proxies
 * whose calls go there through {@code remote} (a {@link BeanInvoker} carried over a link).
 *
 * <p>The web isolate scans the application's EJB modules itself (bean classes load, no
 * instance is made), so {@code @EJB} references resolve here exactly as in a combined domain,
 * and deployment errors name the same class and member.
 *
 * <p>Semantics across isolates:
 * <ul>
 *   <li>Every view, remote, local and no-interface, passes arguments, results and application
 *       exceptions <em>by value</em>: the isolates share no heap. A local or no-interface
 *       view thus behaves like a remote view here, unlike in a combined domain.</li>
 *   <li>A stateful bean's reference stays bound to its instance in the EJB isolate (the
 *       {@link ViewReference} carries the session); a lookup or injection makes a new session
 *       there.</li>
 *   <li>{@code @Asynchronous} methods return at once: the call runs on a virtual thread of the
 *       caller, and the {@code Future} completes with the bean's result. Cancelling it does not
 *       reach the bean ({@code wasCancelCalled()} stays false there).</li>
 *   <li>A call carries no transaction: the bean runs as if called without one (see
 *       {@code ejb.link.EjbLinkServer}).</li>
 * </ul>
 */
public final class RemoteEjbApplication implements BeanInvoker, EjbResolver {

    private final String name;
    private final BeanInvoker remote;
    private final BeanNames names;
    private final Map<String, ViewProxies> proxies = new ConcurrentHashMap<>();
    private final Map<Method, Boolean> asynchronous = new ConcurrentHashMap<>();

    /**
     * @param name       the application name
     * @param standalone a standalone EJB-JAR: the global names have no application part
     * @param remote     the beans' container in the EJB isolate
     */
    public RemoteEjbApplication(String name, boolean standalone, BeanInvoker remote) {
        this.name = name;
        this.remote = remote;
        this.names = new BeanNames(name, standalone);
    }

    public String name() {
        return name;
    }

    /** Binds the names of a module's session beans (message-driven beans have no views and stay in the EJB isolate). */
    public void addModule(List<BeanDefinition> beans, Namespace global, Namespace app, Namespace moduleNs, DeploymentException.Location where) {
        for (BeanDefinition bean : beans) {
            proxies.put(bean.name(), new ViewProxies(bean.beanClass()));
            boolean stateful = bean.kind() instanceof BeanKind.Stateful;
            names.add(bean, global, app, moduleNs, view -> {
                String type = view.type().getName();
                return stateful
                        ? new Binding.Factory(() -> proxy(remote.reference(bean.name(), type)), type)
                        : new Binding.Value(proxy(new ViewReference(name, bean.name(), type, null)));
            }, where.inClass(bean.beanClass().getName()));
        }
    }

    /** The EJB module that holds {@code bean}, or null. */
    public String moduleOf(String bean) {
        BeanDefinition b = names.bean(bean);
        return b == null ? null : b.module();
    }

    /** The global names bound, to unbind at undeployment. */
    public List<String> globalNames() {
        return names.globalNames();
    }

    @Override
    public Resolution resolve(Reference.Ejb reference, String viewType, String fromModule) {
        return names.resolve(reference, viewType, fromModule);
    }

    /** A proxy that stands for {@code reference}, calling the EJB isolate. */
    public Object proxy(ViewReference reference) {
        BeanDefinition bean = names.bean(reference.bean());
        View view = bean == null ? null : bean.views().stream().filter(v -> v.type().getName().equals(reference.viewType())).findFirst().orElse(null);
        if (view == null) {
            throw new jakarta.ejb.NoSuchEJBException("application " + name + " has no bean " + reference.bean() + " with view " + reference.viewType());
        }
        ClassLoader loader = bean.beanClass().getClassLoader();
        return proxies.get(bean.name()).create(view, new ViewHandler(this, reference, null, loader, loader, false));
    }

    @Override
    public Object invoke(ViewReference target, Method method, Object[] args) throws Exception {
        if (!asynchronous.computeIfAbsent(method, m -> isAsynchronous(target, m))) {
            Object result = remote.invoke(target, method, args);
            // A Future cannot cross isolates; the EJB isolate sends its value.
            return Future.class.isAssignableFrom(method.getReturnType()) && !(result instanceof Future<?>)
                    ? CompletableFuture.completedFuture(result) : result;
        }
        CompletableFuture<Object> result = new CompletableFuture<>();
        // The caller is looked up now, on the caller's thread, and goes with the call.
        Caller caller = Callers.current();
        Thread.ofVirtual().name("ejb-remote-async-" + target.bean()).start(() -> {
            try (var _ = Callers.enter(caller)) {
                result.complete(remote.invoke(target, method, args));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        if (method.getReturnType() == void.class) {
            result.whenComplete((v, failure) -> {
                if (failure != null) {
                    System.getLogger(RemoteEjbApplication.class.getName()).log(System.Logger.Level.WARNING, "application " + name
                            + ", asynchronous call of " + target.bean() + "." + method.getName() + " failed: " + failure);
                }
            });
            return null;
        }
        return result;
    }

    private boolean isAsynchronous(ViewReference target, Method viewMethod) {
        BeanDefinition bean = names.bean(target.bean());
        if (bean == null) {
            return false;
        }
        try {
            return BeanMethods.asynchronous(bean.beanClass().getMethod(viewMethod.getName(), viewMethod.getParameterTypes()), viewMethod);
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    @Override
    public Object invoke(ViewReference target, MethodSignature signature, Object[] args) throws Exception {
        return remote.invoke(target, signature, args);
    }

    @Override
    public ViewReference reference(String bean, String viewType) {
        return remote.reference(bean, viewType);
    }
}

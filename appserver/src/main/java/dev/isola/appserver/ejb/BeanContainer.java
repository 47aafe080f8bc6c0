package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import dev.isola.appserver.inject.Injector;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.Callers;
import dev.isola.appserver.security.RoleMapping;
import dev.isola.appserver.tx.ExceptionClassifier;
import dev.isola.appserver.tx.LocalTransaction;
import dev.isola.appserver.tx.LocalTransactionManager;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.security.RunAs;
import jakarta.ejb.EJBAccessException;
import jakarta.ejb.ApplicationException;
import jakarta.ejb.EJBException;
import jakarta.ejb.TransactionAttributeType;
import jakarta.ejb.PostActivate;
import jakarta.ejb.PrePassivate;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The runtime of one bean: how its calls are dispatched to instances, under which
 * transaction, through which interceptors. The kinds differ only in how an instance is found
 * for a call and what happens to it afterwards ({@link #dispatch}): a pool for stateless beans,
 * the client's session for stateful beans, the one instance behind a lock for singletons, and
 * for message-driven beans one instance per consuming session, called by the container itself
 * through {@link #runWork} (transaction and interceptors around a delivery).
 *
 * <p>Every call runs with the bean's naming scopes and its application's class loader as the
 * thread's context, so {@code java:comp} inside the bean is the bean's own.
 */
abstract sealed class BeanContainer permits StatelessContainer, StatefulContainer, SingletonContainer, MessageDrivenContainer {

    final BeanDefinition definition;
    final EjbApplication application;
    final EjbServices services;
    final Scopes scopes;
    final InterceptorChains chains;
    final Map<Method, BusinessMethod> methods;
    final List<Class<?>> interceptorClasses;
    final ExceptionClassifier classifier;
    final BeanContext context;
    private final ViewProxies proxies;
    private final Map<String, View> viewsByType = new LinkedHashMap<>();
    private final Map<String, Object> sharedProxies = new ConcurrentHashMap<>();
    private final Map<Method, BusinessMethod> timeoutMethods = new ConcurrentHashMap<>();
    /** View methods by view type and signature, for calls by name. */
    private final Map<String, Method> bySignature = new ConcurrentHashMap<>();
    private final List<InterceptorMethod> postConstruct;
    private final List<InterceptorMethod> preDestroy;
    final List<InterceptorMethod> prePassivate;
    final List<InterceptorMethod> postActivate;
    /** Its module's mapping of roles onto users and groups (set before the module's containers are made). */
    private final RoleMapping roleMapping;
    /** {@code @RunAs}: the role the bean's own calls to other beans are made in; null: in its caller's. */
    private final String runAsRole;
    private volatile Injector injector = Injector.none();

    BeanContainer(BeanDefinition definition, EjbApplication application, EjbServices services, Scopes scopes, DeploymentException.Location at) {
        this.definition = definition;
        this.application = application;
        this.services = services;
        this.scopes = scopes;
        this.chains = new InterceptorChains(definition, at);
        this.methods = BeanMethods.of(definition, chains, at);
        List<Method> beanMethods = new ArrayList<>();
        methods.values().forEach(bm -> beanMethods.add(bm.beanMethod()));
        if (definition.kind() instanceof BeanKind.MessageDriven mdb) {
            beanMethods.add(mdb.listenerMethod());
        }
        this.interceptorClasses = chains.interceptorClasses(beanMethods);
        this.classifier = classifier(definition);
        this.context = definition.kind() instanceof BeanKind.MessageDriven ? new BeanMessageDrivenContext(this) : new BeanSessionContext(this);
        this.proxies = new ViewProxies(definition.beanClass());
        for (View v : definition.views()) {
            viewsByType.put(v.type().getName(), v);
        }
        this.postConstruct = chains.lifecycle(PostConstruct.class);
        this.preDestroy = chains.lifecycle(PreDestroy.class);
        this.prePassivate = chains.lifecycle(PrePassivate.class);
        this.postActivate = chains.lifecycle(PostActivate.class);
        // The descriptor's <run-as> wins over the annotation, as its other elements do.
        RunAs runAs = definition.beanClass().getAnnotation(RunAs.class);
        this.runAsRole = definition.descriptor().runAsRoles().getOrDefault(name(), runAs == null ? null : runAs.value());
        this.roleMapping = application.roleMapping(definition.module());
    }

    String name() {
        return definition.name();
    }

    /** Who is in each role this bean checks: its module's mapping. */
    final RoleMapping roleMapping() {
        return roleMapping;
    }

    void injector(Injector injector) {
        this.injector = injector;
    }

    Map<String, View> views() {
        return viewsByType;
    }

    /** Starts the bean at deployment (timers, {@code @Startup}); throws what would fail the deployment. */
    abstract void start() throws Exception;

    /** Ends every instance (their {@code @PreDestroy}) at undeployment. */
    abstract void stop();

    /** A new reference to {@code view}: for a stateful bean, a new session. */
    ViewReference newReference(View view) {
        return new ViewReference(application.name(), name(), view.type().getName(), null);
    }

    /** A proxy that stands for {@code reference}. */
    Object proxy(ViewReference reference) {
        View view = view(reference.viewType());
        if (reference.session() == null) {
            return sharedProxies.computeIfAbsent(view.type().getName(), k -> newProxy(view, reference));
        }
        return newProxy(view, reference);
    }

    private Object newProxy(View view, ViewReference reference) {
        ClassLoader loader = definition.beanClass().getClassLoader();
        return proxies.create(view, new ViewHandler(application, reference, view.byValue() ? services.copier() : null, loader, loader, false));
    }

    View view(String type) {
        View v = viewsByType.get(type);
        if (v == null) {
            throw new EJBException(definition.describe() + " has no business view " + type + " (it has " + viewsByType.keySet() + ")");
        }
        return v;
    }

    /** The business call entry: synchronous, or started on a virtual thread for {@code @Asynchronous} methods. */
    final Object invoke(ViewReference reference, Method viewMethod, Object[] args) throws Exception {
        BusinessMethod bm = methods.get(viewMethod);
        if (bm == null) {
            throw new EJBException(viewMethod + " is not a business method of " + definition.describe());
        }
        Caller caller = Callers.current();
        if (!bm.permission().allows(caller, roleMapping())) {
            throw accessDenied(bm, caller);
        }
        if (bm.asynchronous()) {
            return startAsync(reference, bm, args, caller);
        }
        return invokeNow(reference, bm, args, null, null, caller);
    }

    private EJBAccessException accessDenied(BusinessMethod bm, Caller caller) {
        Set<String> roles = caller == null ? Set.of() : roleMapping().rolesOf(caller);
        String who = caller == null ? "the caller is not signed in" : "the caller " + caller.name() + " is in "
                + (roles.isEmpty() ? "no role" : "the roles " + roles + " only");
        return new EJBAccessException(switch (bm.permission()) {
            case MethodPermission.Excluded _ -> describe(bm) + " is @DenyAll: nobody may call it";
            case MethodPermission.Roles r -> describe(bm) + " may be called in the roles " + new java.util.TreeSet<>(r.roles()) + "; " + who;
            case MethodPermission.Unchecked _ -> throw new IllegalStateException("an unchecked method refused " + who);
        });
    }

    /**
     * Makes the identity the bean's own calls go out with current: its {@code @RunAs} role (under
     * the caller's name, or {@value Caller#ANONYMOUS}), else {@code caller} itself.
     */
    final Callers.Scope callsOnwardAs(Caller caller) {
        if (runAsRole == null) {
            // On the caller's own thread the caller is current already; an asynchronous call's thread needs it entered.
            return Callers.current() == caller ? Callers.Scope.NONE : Callers.enter(caller);
        }
        return Callers.enter(Caller.runAs(caller == null ? Caller.ANONYMOUS : caller.name(), runAsRole));
    }

    final Object invoke(ViewReference reference, MethodSignature signature, Object[] args) throws Exception {
        View view = view(reference.viewType());
        Method m = bySignature.computeIfAbsent(view.type().getName() + " " + signature, k -> {
            for (Method candidate : methods.keySet()) {
                if (candidate.getDeclaringClass().isAssignableFrom(view.type()) && signature.matches(candidate)) {
                    return candidate;
                }
            }
            return null;
        });
        if (m == null) {
            throw new EJBException("view " + reference.viewType() + " of " + definition.describe() + " has no method " + signature);
        }
        return invoke(reference, m, args);
    }

    private Object invokeNow(ViewReference reference, BusinessMethod bm, Object[] args, Object timer, AtomicBoolean cancelled, Caller caller)
            throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(definition.beanClass().getClassLoader());
        try (var _ = NamingScopes.enter(scopes); var _ = callsOnwardAs(caller)) {
            CurrentCall.push(new CurrentCall(this, reference, new HashMap<>(), cancelled, caller));
            try {
                return dispatch(reference, bm, args, timer);
            } finally {
                CurrentCall.pop();
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Finds an instance for the call, runs it with {@link #runWork}, and keeps, returns or discards the instance. */
    abstract Object dispatch(ViewReference reference, BusinessMethod bm, Object[] args, Object timer) throws Exception;

    /**
     * Runs {@code bm} on {@code instance} inside the bean's transaction regime: the method's
     * container-managed attribute, or for bean-managed transactions the caller's transaction
     * suspended and the instance's own (carried over for stateful beans by {@code carried}).
     */
    final Object runWork(BeanInstance instance, BusinessMethod bm, Object[] args, Object timer, BmtCarrier carried) throws Exception {
        return runWork(instance, bm, args, timer, carried, null);
    }

    /**
     * {@link #runWork(BeanInstance, BusinessMethod, Object[], Object, BmtCarrier)} that first
     * runs {@code inContext} inside the method's transaction context (a message-driven bean's
     * container enlists the receipt of the message there); null for nothing.
     */
    final Object runWork(BeanInstance instance, BusinessMethod bm, Object[] args, Object timer, BmtCarrier carried, Runnable inContext)
            throws Exception {
        Callable<Object> work = () -> {
            if (inContext != null) {
                inContext.run();
            }
            return new ContainerInvocationContext(instance, bm.beanMethod(), args, bm.chain(), timer,
                    CurrentCall.get() == null ? null : CurrentCall.get().contextData()).proceed();
        };
        String description = describe(bm);
        if (!definition.beanManagedTransactions()) {
            return services.transactions().run(bm.transaction(), description, classifier, work);
        }
        LocalTransactionManager tm = services.transactionManager();
        return services.transactions().suspended(tm.currentTransaction(), () -> {
            if (carried != null && carried.transaction() != null) {
                tm.resume(carried.transaction());
                carried.transaction(null);
            }
            Object result;
            try {
                result = work.call();
            } catch (Throwable t) {
                if (classifier.classify(t) instanceof ExceptionClassifier.Kind.SystemFailure) {
                    LocalTransaction open = tm.suspend();
                    if (open != null && open.isActive()) {
                        open.rollback();
                    }
                    throw dev.isola.appserver.tx.ContainerTransactions.systemException(t);
                }
                leftOver(description, carried);
                throw t;
            }
            leftOver(description, carried);
            return result;
        });
    }

    private void leftOver(String description, BmtCarrier carried) throws Exception {
        LocalTransaction open = services.transactionManager().suspend();
        if (open == null || !open.isActive()) {
            return;
        }
        if (carried != null) {
            carried.transaction(open);
            return;
        }
        open.rollback();
        throw new EJBException(description + " returned without completing the transaction it began; it has been rolled back");
    }

    /** Where a stateful bean with bean-managed transactions keeps its open transaction between calls. */
    interface BmtCarrier {
        LocalTransaction transaction();

        void transaction(LocalTransaction tx);
    }

    String describe(BusinessMethod bm) {
        return "bean " + name() + " method " + bm.name();
    }

    /** A new instance with its interceptors, injected, after its {@code @PostConstruct} callbacks. */
    final BeanInstance newInstance() {
        Object bean = construct(definition.beanClass());
        Map<Class<?>, Object> interceptors = new LinkedHashMap<>();
        for (Class<?> c : interceptorClasses) {
            interceptors.put(c, construct(c));
        }
        Injector inj = injector;
        inj.inject(bean, scopes);
        interceptors.values().forEach(i -> inj.inject(i, scopes));
        BeanInstance instance = new BeanInstance(bean, interceptors);
        lifecycle(instance, postConstruct, "@PostConstruct", definition.kind() instanceof BeanKind.Singleton);
        return instance;
    }

    /** Runs the {@code @PreDestroy} callbacks; a failure is logged, as there is nobody to report it to. */
    final void destroy(BeanInstance instance) {
        try {
            lifecycle(instance, preDestroy, "@PreDestroy", definition.kind() instanceof BeanKind.Singleton);
        } catch (RuntimeException e) {
            System.getLogger(BeanContainer.class.getName()).log(System.Logger.Level.WARNING,
                    "application " + application.name() + ", bean " + name() + ": @PreDestroy failed: " + e);
        }
    }

    /**
     * Runs a lifecycle chain with the bean's naming context, the caller's transaction suspended,
     * and for singletons with container-managed transactions inside a new transaction.
     *
     * @throws EJBException with the callback's failure as cause
     */
    final void lifecycle(BeanInstance instance, List<InterceptorMethod> chain, String what, boolean transactional) {
        if (chain.isEmpty()) {
            return;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(definition.beanClass().getClassLoader());
        String description = "bean " + name() + " " + what;
        try (var _ = NamingScopes.enter(scopes)) {
            CurrentCall.push(new CurrentCall(this, null, new HashMap<>(), null, null));
            Callable<Object> work = () -> new ContainerInvocationContext(instance, null, null, chain, null, null).proceed();
            LocalTransaction caller = services.transactionManager().currentTransaction();
            if (transactional && !definition.beanManagedTransactions()) {
                services.transactions().suspended(caller, () -> services.transactions().run(TransactionAttributeType.REQUIRES_NEW, description, classifier, work));
            } else {
                services.transactions().suspended(caller, work);
            }
        } catch (EJBException e) {
            throw e;
        } catch (Exception e) {
            throw new EJBException(description + " failed: " + e, e);
        } finally {
            CurrentCall.pop();
            thread.setContextClassLoader(previous);
        }
    }

    private static Object construct(Class<?> c) {
        try {
            Constructor<?> ctor = c.getDeclaredConstructor();
            ctor.setAccessible(true);
            return ctor.newInstance();
        } catch (InvocationTargetException e) {
            throw new EJBException("the constructor of " + c.getName() + " failed: " + e.getCause(), asException(e.getCause()));
        } catch (ReflectiveOperationException e) {
            throw new EJBException("cannot instantiate " + c.getName() + ": " + e, e);
        }
    }

    private static Exception asException(Throwable t) {
        return t instanceof Exception e ? e : new Exception(t);
    }

    /** Runs a timeout callback ({@code @Timeout}, {@code @Schedule}) of this bean for {@code timer}. */
    final void timeout(Method callback, Object timer) throws Exception {
        BusinessMethod bm = timeoutMethods.computeIfAbsent(callback, m -> new BusinessMethod(m,
                BeanMethods.transactionAttribute(m, definition.descriptor().transactionsOf(name())), chains.aroundTimeout(m), false, lockOf(m),
                null, false, false, new MethodPermission.Unchecked()));
        Object[] args = callback.getParameterCount() == 1 ? new Object[] {timer} : new Object[0];
        invokeNow(null, bm, args, timer, null, null);
    }

    private static jakarta.ejb.LockType lockOf(Method m) {
        jakarta.ejb.Lock l = m.getAnnotation(jakarta.ejb.Lock.class);
        if (l == null) {
            l = m.getDeclaringClass().getAnnotation(jakarta.ejb.Lock.class);
        }
        return l == null ? jakarta.ejb.LockType.WRITE : l.value();
    }

    private Object startAsync(ViewReference reference, BusinessMethod bm, Object[] args, Caller caller) {
        AtomicBoolean cancelled = new AtomicBoolean();
        AsyncResult result = new AsyncResult(cancelled);
        result.task = services.asyncExecutor().submit(() -> {
            try {
                Object value = invokeNow(reference, bm, args, null, cancelled, caller);
                if (value instanceof Future<?> f) {
                    result.complete(f.get());
                } else {
                    result.complete(null);
                }
            } catch (ExecutionException e) {
                result.completeExceptionally(e.getCause());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return bm.beanMethod().getReturnType() == void.class ? null : result;
    }

    /**
     * The {@code Future} of an asynchronous call. {@code cancel} before the call started
     * prevents it; afterwards, with {@code mayInterruptIfRunning}, the bean sees
     * {@code SessionContext.wasCancelCalled()} become true (section 4.5.2.1).
     */
    private static final class AsyncResult extends CompletableFuture<Object> {
        private final AtomicBoolean cancelled;
        private volatile Future<?> task;

        AsyncResult(AtomicBoolean cancelled) {
            this.cancelled = cancelled;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            cancelled.set(mayInterruptIfRunning);
            Future<?> t = task;
            if (t != null && t.cancel(false)) {
                return super.cancel(mayInterruptIfRunning);
            }
            return false;
        }
    }

    /** Application exceptions by {@code @ApplicationException} (with {@code inherited}) and the descriptor. */
    private static ExceptionClassifier classifier(BeanDefinition definition) {
        Map<String, Boolean> fromDescriptor = definition.descriptor().applicationExceptions();
        return t -> {
            if (t instanceof Error) {
                return new ExceptionClassifier.Kind.SystemFailure();
            }
            Boolean declared = fromDescriptor.get(t.getClass().getName());
            if (declared != null) {
                return new ExceptionClassifier.Kind.Application(declared);
            }
            for (Class<?> c = t.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
                ApplicationException ae = c.getAnnotation(ApplicationException.class);
                if (ae != null && (c == t.getClass() || ae.inherited())) {
                    return new ExceptionClassifier.Kind.Application(ae.rollback());
                }
            }
            if (t instanceof RuntimeException || t instanceof java.rmi.RemoteException) {
                return new ExceptionClassifier.Kind.SystemFailure();
            }
            return new ExceptionClassifier.Kind.Application(false);
        };
    }

    /** Whether {@code t}, as it leaves the container, means the instance must be discarded. */
    final boolean isSystemFailure(Throwable t) {
        return classifier.classify(t) instanceof ExceptionClassifier.Kind.SystemFailure;
    }
}

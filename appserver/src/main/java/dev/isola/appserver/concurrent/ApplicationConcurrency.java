package dev.isola.appserver.concurrent;

import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.Namespace;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One application's Jakarta Concurrency resources: the defaults, bound in each of its
 * components' {@code java:comp}, and those it defines ({@code @ManagedExecutorDefinition} and the
 * other three, which the deployer reads and binds where they say). They end with the application
 * ({@link #terminate}).
 *
 * <pre>
 *   java:comp/DefaultManagedExecutorService           the executor (tasks on virtual threads)
 *   java:comp/DefaultManagedScheduledExecutorService  the same executor: delayed, periodic and trigger tasks too
 *   java:comp/DefaultContextService                   contextual functions, proxies and completion stages
 *   java:comp/DefaultManagedThreadFactory             a new factory at each lookup, whose threads run in the looking-up component's context
 * </pre>
 */
public final class ApplicationConcurrency {

    public static final String EXECUTOR = "DefaultManagedExecutorService";
    public static final String SCHEDULED_EXECUTOR = "DefaultManagedScheduledExecutorService";
    public static final String CONTEXT_SERVICE = "DefaultContextService";
    public static final String THREAD_FACTORY = "DefaultManagedThreadFactory";

    private static final System.Logger LOG = System.getLogger(ApplicationConcurrency.class.getName());

    private final String application;
    private final ConcurrencyServices services;
    private final ApplicationContextService defaultContexts;
    private final ManagedExecutor defaultExecutor;
    private final Binding defaultThreadFactory;
    private final List<ManagedExecutor> executors = new CopyOnWriteArrayList<>();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    private volatile boolean terminated;

    ApplicationConcurrency(String application, ConcurrencyServices services) {
        this.application = application;
        this.services = services;
        this.defaultContexts = contextService("java:comp/" + CONTEXT_SERVICE, ContextPolicy.DEFAULT);
        this.defaultExecutor = executor("java:comp/" + EXECUTOR, defaultContexts, -1, true);
        this.defaultThreadFactory = threadFactory("java:comp/" + THREAD_FACTORY, defaultContexts, Thread.NORM_PRIORITY, false);
    }

    /** Binds the four default resources in a component's namespace. */
    public void bindDefaults(Namespace comp) {
        comp.bindIfAbsent(EXECUTOR, new Binding.Value(defaultExecutor));
        comp.bindIfAbsent(SCHEDULED_EXECUTOR, new Binding.Value(defaultExecutor));
        comp.bindIfAbsent(CONTEXT_SERVICE, new Binding.Value(defaultContexts));
        comp.bindIfAbsent(THREAD_FACTORY, defaultThreadFactory);
    }

    /**
     * A context service of the application's ({@code @ContextServiceDefinition}).
     *
     * @throws IllegalArgumentException naming a context type that is unknown, named twice, or asked for what is not supported
     */
    public Object defineContextService(String name, String[] propagated, String[] cleared, String[] unchanged) {
        return contextService(name, ContextPolicy.of(propagated, cleared, unchanged));
    }

    /**
     * A managed (scheduled) executor of the application's ({@code @ManagedExecutorDefinition},
     * {@code @ManagedScheduledExecutorDefinition}); one class serves both.
     *
     * @param contextService the default context service or one {@link #defineContextService} returned
     * @param maxAsync       the most tasks running at once, or -1 for no limit
     */
    public Object defineExecutor(String name, Object contextService, int maxAsync, boolean virtual) {
        return executor(name, (ApplicationContextService) contextService, maxAsync, virtual);
    }

    /** A managed thread factory of the application's ({@code @ManagedThreadFactoryDefinition}): a new one at each lookup. */
    public Binding defineThreadFactory(String name, Object contextService, int priority, boolean virtual) {
        return threadFactory(name, (ApplicationContextService) contextService, priority, virtual);
    }

    /** The default context service, for definitions that name {@code java:comp/DefaultContextService}. */
    public Object defaultContextService() {
        return defaultContexts;
    }

    private ApplicationContextService contextService(String name, ContextPolicy policy) {
        ApplicationContextService contexts = new ApplicationContextService(name, services.transactions(), policy, services.serverLoader());
        // its completion stages' asynchronous actions run on the default executor (set below for the default service itself)
        if (defaultExecutor != null) {
            contexts.executor(defaultExecutor);
        }
        return contexts;
    }

    private ManagedExecutor executor(String name, ApplicationContextService contexts, int maxAsync, boolean virtual) {
        ManagedExecutor executor = new ManagedExecutor(application, name,
                new ExecutorThreads(threadNames(name, EXECUTOR, "-managed-task-"), maxAsync, virtual, services), contexts);
        if (contexts.executor() == null) {
            contexts.executor(executor);
        }
        executors.add(executor);
        if (terminated) {
            executor.terminate();
        }
        return executor;
    }

    private Binding threadFactory(String name, ApplicationContextService contexts, int priority, boolean virtual) {
        ManagedThreads.Kind kind = new ManagedThreads.Kind(application, name, threadNames(name, THREAD_FACTORY, "-managed-thread-"), priority, virtual, threads, () -> terminated, threadNumbers);
        return new Binding.Factory(() -> new ManagedThreads(kind, contexts), "managed thread factory " + name + " of application " + application);
    }

    /** {@code <application>-managed-task-} for a default resource, {@code <application>-<last part of its name>-managed-task-} for a defined one. */
    private String threadNames(String name, String defaultName, String suffix) {
        return application + (name.equals("java:comp/" + defaultName) ? "" : "-" + name.substring(name.lastIndexOf('/') + 1)) + suffix;
    }

    /**
     * The application is going: its tasks not done yet are cancelled (running ones interrupted),
     * threads from its factories interrupted, and nothing more is accepted. Safe to call twice.
     */
    public void terminate() {
        if (terminated) {
            return;
        }
        terminated = true;
        int tasks = executors.stream().mapToInt(ManagedExecutor::liveTasks).sum();
        executors.forEach(ManagedExecutor::terminate);
        List<Thread> running = List.copyOf(threads);
        running.forEach(Thread::interrupt);
        threads.clear();
        if (tasks > 0 || !running.isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "application " + application + ": cancelled " + tasks + " managed task(s) not done and interrupted "
                    + running.size() + " managed thread(s)");
        }
    }

    /**
     * The JNDI name a Concurrency resource is looked up again by once copied (a stateful bean
     * passivated holds it in a field, as it may a datasource), or null if {@code value} is none.
     */
    public static String jndiNameOf(Object value) {
        return switch (value) {
            case ManagedExecutor executor -> executor.name();
            case ApplicationContextService contexts -> contexts.name();
            case ManagedThreads threads -> threads.jndiName();
            case null, default -> null;
        };
    }

    ManagedExecutor executor() {
        return defaultExecutor;
    }
}

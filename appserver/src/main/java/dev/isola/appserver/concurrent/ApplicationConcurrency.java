package dev.isola.appserver.concurrent;

import dev.isola.appserver.naming.Binding;
import dev.isola.appserver.naming.Namespace;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One application's Jakarta Concurrency resources: the default managed executor, scheduled
 * executor, context service and thread factory, bound in each of its components'
 * {@code java:comp}. They end with the application ({@link #terminate}).
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
    private final ManagedExecutor executor;
    private final ApplicationContextService contextService;
    private final ConcurrencyServices services;
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    private volatile boolean terminated;

    ApplicationConcurrency(String application, ConcurrencyServices services) {
        this.application = application;
        this.services = services;
        this.contextService = new ApplicationContextService(services.transactions());
        ThreadFactory taskThreads = Thread.ofVirtual().name(application + "-managed-task-", 1).factory();
        this.executor = new ManagedExecutor(application, new TaskThreads() {
            @Override
            public void start(Runnable body) {
                taskThreads.newThread(body).start();
            }

            @Override
            public ScheduledFuture<?> startLater(Runnable body, long delayNanos) {
                return services.later(() -> start(body), delayNanos);
            }
        }, contextService, services.transactions());
        contextService.executor(executor);
    }

    /** Binds the four default resources in a component's namespace. */
    public void bindDefaults(Namespace comp) {
        comp.bindIfAbsent(EXECUTOR, new Binding.Value(executor));
        comp.bindIfAbsent(SCHEDULED_EXECUTOR, new Binding.Value(executor));
        comp.bindIfAbsent(CONTEXT_SERVICE, new Binding.Value(contextService));
        comp.bindIfAbsent(THREAD_FACTORY, new Binding.Factory(
                () -> new ManagedThreads(application, ComponentContext.capture(), services.transactions(), threads, () -> terminated, threadNumbers),
                "the managed thread factory of application " + application));
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
        int tasks = executor.liveTasks();
        executor.terminate();
        List<Thread> running = List.copyOf(threads);
        running.forEach(Thread::interrupt);
        threads.clear();
        if (tasks > 0 || !running.isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "application " + application + ": cancelled " + tasks + " managed task(s) not done and interrupted "
                    + running.size() + " managed thread(s)");
        }
    }

    /**
     * The {@code java:comp} name a default resource is looked up again by once copied (a stateful
     * bean passivated holds it in a field, as it may a datasource), or null if {@code value} is none.
     */
    public static String defaultNameOf(Object value) {
        return switch (value) {
            case ManagedExecutor executor -> "java:comp/" + SCHEDULED_EXECUTOR;
            case ApplicationContextService contexts -> "java:comp/" + CONTEXT_SERVICE;
            case ManagedThreads threads -> "java:comp/" + THREAD_FACTORY;
            case null, default -> null;
        };
    }

    ManagedExecutor executor() {
        return executor;
    }
}

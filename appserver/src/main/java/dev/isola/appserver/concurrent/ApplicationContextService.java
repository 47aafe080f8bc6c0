package dev.isola.appserver.concurrent;

import dev.isola.appserver.tx.LocalTransactionManager;
import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.concurrent.ManagedTask;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An application's {@code java:comp/DefaultContextService}, or one it defines with
 * {@code @ContextServiceDefinition}: wraps a function, a task or any object behind interfaces so
 * that it runs, on whatever thread calls it later, in the context of the component that wrapped
 * it ({@link ComponentContext}: names, class loader, caller), as its {@link ContextPolicy} says;
 * the default's runs outside the calling thread's transaction unless a proxy's execution
 * properties ask for {@link ManagedTask#USE_TRANSACTION_OF_EXECUTION_THREAD}. The context is
 * captured when the wrapper is made.
 */
final class ApplicationContextService implements ContextService {

    private final String name;
    private final LocalTransactionManager transactions;
    private final ContextPolicy policy;
    private final ClassLoader serverLoader;
    private volatile ManagedExecutor executor;

    /** @param name its JNDI name */
    ApplicationContextService(String name, LocalTransactionManager transactions, ContextPolicy policy, ClassLoader serverLoader) {
        this.name = name;
        this.transactions = transactions;
        this.policy = policy;
        this.serverLoader = serverLoader;
    }

    /** The calling thread's context, as this service propagates it. */
    ComponentContext capture() {
        return ComponentContext.capture(policy, serverLoader);
    }

    LocalTransactionManager transactions() {
        return transactions;
    }

    /** The executor that runs the asynchronous stages of {@link #withContextCapture}. */
    void executor(ManagedExecutor executor) {
        this.executor = executor;
    }

    ManagedExecutor executor() {
        return executor;
    }

    String name() {
        return name;
    }

    private ComponentContext.Applied enter(ComponentContext context, String what) {
        return context.apply(transactions, what);
    }

    @Override
    public Runnable contextualRunnable(Runnable runnable) {
        Objects.requireNonNull(runnable, "runnable");
        ComponentContext context = capture();
        return () -> {
            try (var applied = enter(context, "contextual runnable")) {
                runnable.run();
            }
        };
    }

    @Override
    public <R> Callable<R> contextualCallable(Callable<R> callable) {
        Objects.requireNonNull(callable, "callable");
        ComponentContext context = capture();
        return () -> {
            try (var applied = enter(context, "contextual callable")) {
                return callable.call();
            }
        };
    }

    @Override
    public <R> Supplier<R> contextualSupplier(Supplier<R> supplier) {
        Objects.requireNonNull(supplier, "supplier");
        ComponentContext context = capture();
        return () -> {
            try (var applied = enter(context, "contextual supplier")) {
                return supplier.get();
            }
        };
    }

    @Override
    public <T> Consumer<T> contextualConsumer(Consumer<T> consumer) {
        Objects.requireNonNull(consumer, "consumer");
        ComponentContext context = capture();
        return value -> {
            try (var applied = enter(context, "contextual consumer")) {
                consumer.accept(value);
            }
        };
    }

    @Override
    public <T, U> BiConsumer<T, U> contextualConsumer(BiConsumer<T, U> consumer) {
        Objects.requireNonNull(consumer, "consumer");
        ComponentContext context = capture();
        return (t, u) -> {
            try (var applied = enter(context, "contextual consumer")) {
                consumer.accept(t, u);
            }
        };
    }

    @Override
    public <T, R> Function<T, R> contextualFunction(Function<T, R> function) {
        Objects.requireNonNull(function, "function");
        ComponentContext context = capture();
        return value -> {
            try (var applied = enter(context, "contextual function")) {
                return function.apply(value);
            }
        };
    }

    @Override
    public <T, U, R> BiFunction<T, U, R> contextualFunction(BiFunction<T, U, R> function) {
        Objects.requireNonNull(function, "function");
        ComponentContext context = capture();
        return (t, u) -> {
            try (var applied = enter(context, "contextual function")) {
                return function.apply(t, u);
            }
        };
    }

    @Override
    public <T> Flow.Subscriber<T> contextualSubscriber(Flow.Subscriber<T> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        ComponentContext context = capture();
        return new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                try (var applied = enter(context, "contextual subscriber")) {
                    subscriber.onSubscribe(subscription);
                }
            }

            @Override
            public void onNext(T item) {
                try (var applied = enter(context, "contextual subscriber")) {
                    subscriber.onNext(item);
                }
            }

            @Override
            public void onError(Throwable failure) {
                try (var applied = enter(context, "contextual subscriber")) {
                    subscriber.onError(failure);
                }
            }

            @Override
            public void onComplete() {
                try (var applied = enter(context, "contextual subscriber")) {
                    subscriber.onComplete();
                }
            }
        };
    }

    @Override
    public <T, R> Flow.Processor<T, R> contextualProcessor(Flow.Processor<T, R> processor) {
        Objects.requireNonNull(processor, "processor");
        Flow.Subscriber<T> subscriber = contextualSubscriber(processor);
        ComponentContext context = capture();
        return new Flow.Processor<>() {
            @Override
            public void subscribe(Flow.Subscriber<? super R> downstream) {
                try (var applied = enter(context, "contextual processor")) {
                    processor.subscribe(downstream);
                }
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscriber.onSubscribe(subscription);
            }

            @Override
            public void onNext(T item) {
                subscriber.onNext(item);
            }

            @Override
            public void onError(Throwable failure) {
                subscriber.onError(failure);
            }

            @Override
            public void onComplete() {
                subscriber.onComplete();
            }
        };
    }

    @Override
    public Executor currentContextExecutor() {
        ComponentContext context = capture();
        return command -> {
            Objects.requireNonNull(command, "command");
            try (var applied = enter(context, "task of a context executor")) {
                command.run();
            }
        };
    }

    // ---- contextual proxies --------------------------------------------------------------------------

    @Override
    public <T> T createContextualProxy(T instance, Class<T> intf) {
        return intf.cast(createContextualProxy(instance, null, new Class<?>[] {intf}));
    }

    @Override
    public Object createContextualProxy(Object instance, Class<?>... interfaces) {
        return createContextualProxy(instance, null, interfaces);
    }

    @Override
    public <T> T createContextualProxy(T instance, Map<String, String> executionProperties, Class<T> intf) {
        return intf.cast(createContextualProxy(instance, executionProperties, new Class<?>[] {intf}));
    }

    @Override
    public Object createContextualProxy(Object instance, Map<String, String> executionProperties, Class<?>... interfaces) {
        Objects.requireNonNull(instance, "instance");
        if (interfaces == null || interfaces.length == 0) {
            throw new IllegalArgumentException("a contextual proxy needs at least one interface");
        }
        for (Class<?> intf : interfaces) {
            if (intf == null || !intf.isInterface() || !intf.isInstance(instance)) {
                throw new IllegalArgumentException(instance.getClass().getName() + " does not implement "
                        + (intf == null ? "null" : intf.getName()) + "; a contextual proxy's interfaces must be ones its instance implements");
            }
        }
        Map<String, String> properties = executionProperties == null ? Map.of() : Map.copyOf(executionProperties);
        ContextualProxy handler = new ContextualProxy(instance, properties, TaskIdentity.transactionOf(properties).map(capture()::withTransaction)
                .orElseGet(this::capture), transactions);
        return Proxy.newProxyInstance(interfaces[0].getClassLoader(), interfaces, handler);
    }

    @Override
    public Map<String, String> getExecutionProperties(Object contextualProxy) {
        if (contextualProxy != null && Proxy.isProxyClass(contextualProxy.getClass())
                && Proxy.getInvocationHandler(contextualProxy) instanceof ContextualProxy proxy) {
            return proxy.properties;
        }
        throw new IllegalArgumentException("not a contextual proxy of this context service: " + contextualProxy);
    }

    /** Each interface method called on a contextual proxy runs in the captured context; Object's own methods run as they are. */
    private static final class ContextualProxy implements InvocationHandler {

        private final Object instance;
        private final Map<String, String> properties;
        private final ComponentContext context;
        private final LocalTransactionManager transactions;
        private final String name;

        ContextualProxy(Object instance, Map<String, String> properties, ComponentContext context, LocalTransactionManager transactions) {
            this.instance = instance;
            this.properties = properties;
            this.context = context;
            this.transactions = transactions;
            this.name = properties.getOrDefault(ManagedTask.IDENTITY_NAME, instance.getClass().getName());
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "toString" -> "contextual proxy of " + instance;
                    default -> method.invoke(instance, args);
                };
            }
            try (var applied = context.apply(transactions, "contextual proxy " + name)) {
                return method.invoke(instance, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

    }

    // ---- completion stages ------------------------------------------------------------------------------

    @Override
    public <T> CompletableFuture<T> withContextCapture(CompletableFuture<T> stage) {
        return withContextCapture((CompletionStage<T>) stage).toCompletableFuture();
    }

    @Override
    public <T> CompletionStage<T> withContextCapture(CompletionStage<T> stage) {
        Objects.requireNonNull(stage, "stage");
        ManagedExecutor async = executor;
        if (async == null) {
            throw new IllegalStateException("this context service has no managed executor for asynchronous stages");
        }
        CompletableFuture<T> captured = new ContextualFuture<>(async, this);
        stage.whenComplete((value, failure) -> {
            if (failure != null) {
                captured.completeExceptionally(failure);
            } else {
                captured.complete(value);
            }
        });
        return captured;
    }
}

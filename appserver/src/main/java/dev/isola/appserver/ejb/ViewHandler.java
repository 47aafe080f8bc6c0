package dev.isola.appserver.ejb;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * What every client proxy does: answers {@code equals}/{@code hashCode}/{@code toString}
 * by reference identity (section 3.4.7 of the specification), and hands everything else to
 * the {@link BeanInvoker}. For a remote view it copies arguments, results and application
 * exceptions on the way, in both directions.
 */
final class ViewHandler implements InvocationHandler {

    private static final Method VIEW_REFERENCE;

    static {
        try {
            VIEW_REFERENCE = ViewProxy.class.getMethod("isola$viewReference");
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BeanInvoker invoker;
    private final ViewReference reference;
    private final ValueCopier copier;
    private final ClassLoader beanLoader;
    private final ClassLoader clientLoader;
    private final boolean bySignature;

    /**
     * @param copier      null for a by-reference (local, no-interface) view
     * @param bySignature call by method name and parameter types, for a client whose interface
     *                    class is its own copy (another application, later another isolate)
     */
    ViewHandler(BeanInvoker invoker, ViewReference reference, ValueCopier copier, ClassLoader beanLoader, ClassLoader clientLoader,
                boolean bySignature) {
        this.invoker = invoker;
        this.reference = reference;
        this.copier = copier;
        this.beanLoader = beanLoader;
        this.clientLoader = clientLoader;
        this.bySignature = bySignature;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.equals(VIEW_REFERENCE)) {
            return reference;
        }
        if (method.getDeclaringClass() == Object.class || isObjectMethod(method)) {
            return switch (method.getName()) {
                case "equals" -> args[0] instanceof ViewProxy other && other.isola$viewReference().equals(reference);
                case "hashCode" -> reference.hashCode();
                case "toString" -> "EJB " + reference.bean() + " view " + reference.viewType()
                        + (reference.session() == null ? "" : " session " + reference.session());
                default -> throw new IllegalStateException("unexpected Object method " + method);
            };
        }
        if (copier == null) {
            return invoker.invoke(reference, method, args);
        }
        Object[] copied = args == null ? null : (Object[]) copier.copy(args, beanLoader);
        Object result;
        try {
            result = bySignature ? invoker.invoke(reference, MethodSignature.of(method), copied) : invoker.invoke(reference, method, copied);
        } catch (jakarta.ejb.EJBException e) {
            throw e;
        } catch (Exception applicationException) {
            throw (Exception) copier.copy(applicationException, clientLoader);
        }
        if (result instanceof Future<?> future) {
            CompletableFuture<?> cf = future instanceof CompletableFuture<?> c ? c : CompletableFuture.supplyAsync(() -> {
                try {
                    return future.get();
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            return cf.thenApply(v -> copier.copy(v, clientLoader));
        }
        return copier.copy(result, clientLoader);
    }

    private static boolean isObjectMethod(Method m) {
        return switch (m.getName()) {
            case "equals" -> m.getParameterCount() == 1 && m.getParameterTypes()[0] == Object.class;
            case "hashCode", "toString" -> m.getParameterCount() == 0;
            default -> false;
        };
    }
}

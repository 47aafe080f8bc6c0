package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;
import jakarta.ejb.AccessTimeout;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Remove;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Future;

/**
 * Builds the {@link BusinessMethod}s of a bean: for every method of every view, the bean
 * class's implementation and its metadata. Transaction attributes follow section 8.3.7 of the
 * specification: the descriptor's {@code container-transaction} elements win over
 * annotations (an exact method with parameters over a method name over "*"); then
 * {@code @TransactionAttribute} on the method, then on the class that declares it; then REQUIRED.
 */
final class BeanMethods {

    private BeanMethods() {
    }

    /** Business methods by view method (interface method, or bean-class method for the no-interface view). */
    static Map<Method, BusinessMethod> of(BeanDefinition bean, InterceptorChains chains, DeploymentException.Location at) {
        Map<Method, BusinessMethod> byViewMethod = new HashMap<>();
        Map<Method, BusinessMethod> byBeanMethod = new HashMap<>();
        List<EjbJarXml.ContainerTransaction> descriptorTx = bean.descriptor().transactionsOf(bean.name());
        for (View view : bean.views()) {
            for (Method viewMethod : viewMethods(view)) {
                Method impl;
                try {
                    impl = bean.beanClass().getMethod(viewMethod.getName(), viewMethod.getParameterTypes());
                } catch (NoSuchMethodException e) {
                    throw at.atMember("method " + viewMethod.getName()).error("the bean does not implement " + viewMethod + " of view " + view.type().getName());
                }
                BusinessMethod bm = byBeanMethod.computeIfAbsent(impl, m -> describe(bean, m, viewMethod, chains, descriptorTx, at));
                byViewMethod.put(viewMethod, bm);
            }
        }
        return byViewMethod;
    }

    static List<Method> viewMethods(View view) {
        if (view.kind() == View.Kind.NO_INTERFACE) {
            return Arrays.stream(view.type().getMethods())
                    .filter(m -> m.getDeclaringClass() != Object.class && !Modifier.isStatic(m.getModifiers()) && !m.isBridge())
                    .toList();
        }
        return Arrays.stream(view.type().getMethods()).filter(m -> !Modifier.isStatic(m.getModifiers())).toList();
    }

    private static BusinessMethod describe(BeanDefinition bean, Method impl, Method viewMethod, InterceptorChains chains,
                                           List<EjbJarXml.ContainerTransaction> descriptorTx, DeploymentException.Location at) {
        DeploymentException.Location here = at.atMember("method " + impl.getName());
        if (Modifier.isFinal(impl.getModifiers()) && bean.views().stream().anyMatch(v -> v.kind() == View.Kind.NO_INTERFACE)) {
            throw here.error("a business method of a no-interface view must not be final");
        }
        TransactionAttributeType tx = transactionAttribute(impl, descriptorTx);
        boolean async = asynchronous(impl, viewMethod);
        if (async && impl.getReturnType() != void.class && !Future.class.isAssignableFrom(impl.getReturnType())) {
            throw here.error("an @Asynchronous method must return void or a java.util.concurrent.Future, not " + impl.getReturnType().getName());
        }
        Lock lock = Optional.ofNullable(impl.getAnnotation(Lock.class)).orElse(impl.getDeclaringClass().getAnnotation(Lock.class));
        AccessTimeout timeout = Optional.ofNullable(impl.getAnnotation(AccessTimeout.class)).orElse(impl.getDeclaringClass().getAnnotation(AccessTimeout.class));
        Duration accessTimeout = timeout == null ? null : timeout.value() < 0 ? Duration.ofMillis(-1) : Duration.of(timeout.value(), timeout.unit().toChronoUnit());
        Remove remove = impl.getAnnotation(Remove.class);
        if (remove != null && !(bean.kind() instanceof BeanKind.Stateful)) {
            throw here.error("@Remove is only allowed on stateful beans");
        }
        return new BusinessMethod(impl, tx, chains.aroundInvoke(impl), async, lock == null ? LockType.WRITE : lock.value(),
                accessTimeout, remove != null, remove != null && remove.retainIfException(), MethodPermission.of(impl, bean.descriptor().methodPermissionsOf(bean.name()), here));
    }

    /** Whether a call of {@code viewMethod}, implemented by {@code impl}, is {@code @Asynchronous}. */
    static boolean asynchronous(Method impl, Method viewMethod) {
        return impl.isAnnotationPresent(Asynchronous.class) || impl.getDeclaringClass().isAnnotationPresent(Asynchronous.class)
                || viewMethod.isAnnotationPresent(Asynchronous.class);
    }

    /** The transaction attribute of {@code impl}: descriptor, then annotations, then REQUIRED. */
    static TransactionAttributeType transactionAttribute(Method impl, List<EjbJarXml.ContainerTransaction> descriptorTx) {
        List<String> params = Arrays.stream(impl.getParameterTypes()).map(Class::getTypeName).toList();
        Optional<EjbJarXml.ContainerTransaction> exact = descriptorTx.stream()
                .filter(ct -> ct.methodName().equals(impl.getName()) && ct.parameters().filter(params::equals).isPresent()).findFirst();
        Optional<EjbJarXml.ContainerTransaction> named = descriptorTx.stream()
                .filter(ct -> ct.methodName().equals(impl.getName()) && ct.parameters().isEmpty()).findFirst();
        Optional<EjbJarXml.ContainerTransaction> any = descriptorTx.stream().filter(ct -> ct.methodName().equals("*")).findFirst();
        Optional<EjbJarXml.ContainerTransaction> fromDescriptor = exact.or(() -> named).or(() -> any);
        if (fromDescriptor.isPresent()) {
            return fromDescriptor.get().attribute();
        }
        TransactionAttribute onMethod = impl.getAnnotation(TransactionAttribute.class);
        if (onMethod != null) {
            return onMethod.value();
        }
        TransactionAttribute onClass = impl.getDeclaringClass().getAnnotation(TransactionAttribute.class);
        return onClass != null ? onClass.value() : TransactionAttributeType.REQUIRED;
    }
}

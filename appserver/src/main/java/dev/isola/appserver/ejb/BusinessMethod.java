package dev.isola.appserver.ejb;

import jakarta.ejb.LockType;
import jakarta.ejb.TransactionAttributeType;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;

/**
 * Everything the container decides once, at deployment, about one business method.
 *
 * @param beanMethod        the bean class's implementation
 * @param transaction       the container-managed transaction attribute (ignored for bean-managed transactions)
 * @param chain             the {@code @AroundInvoke} chain
 * @param asynchronous      {@code @Asynchronous}: the caller gets a {@code Future} at once
 * @param lock              the singleton lock type ({@code @Lock}); WRITE unless said otherwise
 * @param accessTimeout     {@code @AccessTimeout}: null for the server default, negative to wait forever
 * @param remove            {@code @Remove} on a stateful bean
 * @param retainIfException {@code @Remove(retainIfException=true)}
 * @param permission        who may call it ({@code @RolesAllowed}, {@code @PermitAll}, {@code @DenyAll}); container callbacks are unchecked
 */
record BusinessMethod(Method beanMethod, TransactionAttributeType transaction, List<InterceptorMethod> chain, boolean asynchronous,
                      LockType lock, Duration accessTimeout, boolean remove, boolean retainIfException,
                      MethodPermission permission) {

    String name() {
        return beanMethod.getName();
    }
}

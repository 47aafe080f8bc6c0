package dev.isola.appserver.ejb;

import java.lang.reflect.Method;

/**
 * The one way into the EJB container: every business call, from an in-process proxy or from
 * a remote client, comes through here, so that a link dispatcher in an EJB isolate can serve
 * web isolates later by calling {@link #invoke(ViewReference, MethodSignature, Object[])} with
 * what arrived on the link, and the container stays as it is.
 *
 * <p>Arguments and results are passed as given: a remote caller has copied them already (the
 * link's codec does); in-process remote-view proxies copy them before calling (see
 * {@link ValueCopier}).
 */
public interface BeanInvoker {

    /** Calls {@code method} (a method of the view's type) on the bean {@code target} addresses. */
    Object invoke(ViewReference target, Method method, Object[] args) throws Exception;

    /** Calls the view method named by {@code signature}: the by-name entry for remote callers. */
    Object invoke(ViewReference target, MethodSignature signature, Object[] args) throws Exception;

    /**
     * A new reference to {@code bean}'s view {@code viewType}: a new session for a stateful bean
     * (its {@code @PostConstruct} has run), the one shared identity otherwise.
     */
    ViewReference reference(String bean, String viewType);
}

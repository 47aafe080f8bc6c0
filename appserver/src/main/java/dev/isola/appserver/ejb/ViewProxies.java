package dev.isola.appserver.ejb;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.InvocationHandlerAdapter;
import net.bytebuddy.matcher.ElementMatchers;
import org.objenesis.ObjenesisStd;
import org.objenesis.instantiator.ObjectInstantiator;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

/**
 * Makes the proxy classes of one bean's views.
 *
 * <p>Interface views (local, remote) are JDK dynamic proxies. The no-interface view must be
 * a subclass of the bean class, which the JDK cannot make at run time; it is generated with
 * ByteBuddy (a well-kept library that tracks new class-file versions and has the subclassing
 * and handler plumbing ready, where the JDK's {@code java.lang.classfile} API would need a
 * hand-written generator of constructors, bridges and field access). The class is defined in
 * the bean's own package and class loader (through a private lookup), so it goes away with
 * the application. Proxy instances are made without running any bean constructor (Objenesis,
 * without its class cache), because the proxy is not a bean instance and must not run the
 * bean's initialization.
 */
final class ViewProxies {

    private static final String HANDLER_FIELD = "isola$handler";

    private final Class<?> beanClass;
    private Class<?> noInterfaceClass;
    private ObjectInstantiator<?> noInterfaceInstantiator;
    private Field noInterfaceHandler;

    ViewProxies(Class<?> beanClass) {
        this.beanClass = beanClass;
    }

    Object create(View view, InvocationHandler handler) {
        if (view.kind() != View.Kind.NO_INTERFACE) {
            return Proxy.newProxyInstance(beanClass.getClassLoader(), new Class<?>[] {view.type(), ViewProxy.class}, handler);
        }
        try {
            ensureNoInterfaceClass();
            Object proxy = noInterfaceInstantiator.newInstance();
            noInterfaceHandler.set(proxy, handler);
            return proxy;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot instantiate the no-interface view of " + beanClass.getName() + ": " + e, e);
        }
    }

    private synchronized void ensureNoInterfaceClass() throws ReflectiveOperationException {
        if (noInterfaceClass != null) {
            return;
        }
        Class<?> generated = new ByteBuddy()
                .subclass(beanClass, ConstructorStrategy.Default.NO_CONSTRUCTORS)
                .name(beanClass.getName() + "$$IsolaView")
                .implement(ViewProxy.class)
                .defineField(HANDLER_FIELD, InvocationHandler.class, Visibility.PRIVATE)
                .method(ElementMatchers.isPublic().and(ElementMatchers.not(ElementMatchers.isFinal()))
                        .and(ElementMatchers.not(ElementMatchers.isStatic())))
                .intercept(InvocationHandlerAdapter.toField(HANDLER_FIELD))
                .make()
                .load(beanClass.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(MethodHandles.privateLookupIn(beanClass, MethodHandles.lookup())))
                .getLoaded();
        ObjectInstantiator<?> instantiator = new ObjenesisStd(false).getInstantiatorOf(generated);
        Field handler = generated.getDeclaredField(HANDLER_FIELD);
        handler.setAccessible(true);
        noInterfaceInstantiator = instantiator;
        noInterfaceHandler = handler;
        noInterfaceClass = generated;
    }
}

package dev.isola.appserver.persistence;

import jakarta.persistence.EntityManagerFactory;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;

/**
 * The entity manager factory a component gets from {@code @PersistenceUnit}: the unit's own,
 * except that {@code close} is refused, since the factory is the server's and shared by every
 * component of the application (the server closes it at undeployment).
 */
final class ContainerEntityManagerFactory implements InvocationHandler, BoundByName {

    private final Supplier<EntityManagerFactory> factory;
    private final String describe;
    private final String jndiName;

    private ContainerEntityManagerFactory(Supplier<EntityManagerFactory> factory, String describe, String jndiName) {
        this.factory = factory;
        this.describe = describe;
        this.jndiName = jndiName;
    }

    /**
     * @param factory  the unit's, started when first asked for
     * @param describe "persistence unit orders of application shop", for messages
     * @param jndiName where it is bound, see {@link BoundByName}
     */
    static EntityManagerFactory of(Supplier<EntityManagerFactory> factory, String describe, String jndiName) {
        return (EntityManagerFactory) Proxy.newProxyInstance(EntityManagerFactory.class.getClassLoader(),
                new Class<?>[] {EntityManagerFactory.class}, new ContainerEntityManagerFactory(factory, describe, jndiName));
    }

    @Override
    public String jndiName() {
        return jndiName;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "close" -> throw new IllegalStateException("the entity manager factory of " + describe
                    + " is the server's: it is closed when the application is undeployed, not by the application");
            case "toString" -> {
                return "entity manager factory of " + describe;
            }
            case "equals" -> {
                return proxy == args[0];
            }
            case "hashCode" -> {
                return System.identityHashCode(proxy);
            }
            default -> {
                try {
                    return method.invoke(factory.get(), args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
    }
}

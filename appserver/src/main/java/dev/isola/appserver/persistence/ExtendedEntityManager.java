package dev.isola.appserver.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.SynchronizationType;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A container-managed, extended entity manager (Jakarta Persistence 7.6.3): what
 * {@code @PersistenceContext(type = EXTENDED)} injects into a stateful session bean. Its
 * persistence context lives as long as the bean instance: made at the bean's first use of it,
 * closed when the bean is removed (or times out, or is discarded after a system exception).
 * Entities stay managed between calls and transactions.
 *
 * <p>In a transaction it joins at its first call there, and becomes the transaction's
 * persistence context of the unit, which the transaction-scoped entity managers of the beans it
 * calls then use ({@link TransactionScopedEntityManager}); a transaction that already has
 * another context of the unit is refused, as the specification says. Outside a transaction it
 * works as an application-managed one: changes wait for the next transaction it joins.
 * {@code close} and {@code getTransaction} are refused.
 *
 * <p>A bean holding one is not passivated: its persistence context is not serializable.
 */
final class ExtendedEntityManager implements InvocationHandler {

    private final Object unitKey;
    private final Supplier<EntityManagerFactory> factory;
    private final TransactionSynchronizationRegistry registry;
    private final TransactionManager transactionManager;
    private final SynchronizationType synchronization;
    private final Map<String, String> properties;
    private final String describe;
    private EntityManager em;
    private Object joined;

    private ExtendedEntityManager(Object unitKey, Supplier<EntityManagerFactory> factory, TransactionSynchronizationRegistry registry,
                                  TransactionManager transactionManager, SynchronizationType synchronization, Map<String, String> properties, String describe) {
        this.unitKey = unitKey;
        this.factory = factory;
        this.registry = registry;
        this.transactionManager = transactionManager;
        this.synchronization = synchronization;
        this.properties = properties;
        this.describe = describe;
    }

    /** A new extended entity manager, for one injection into one stateful bean instance. */
    static EntityManager of(Object unitKey, Supplier<EntityManagerFactory> factory, TransactionSynchronizationRegistry registry,
                            TransactionManager transactionManager, SynchronizationType synchronization, Map<String, String> properties,
                            String describe) {
        return (EntityManager) Proxy.newProxyInstance(EntityManager.class.getClassLoader(), new Class<?>[] {EntityManager.class},
                new ExtendedEntityManager(unitKey, factory, registry, transactionManager, synchronization, properties, describe));
    }

    @Override
    public synchronized Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Object answered = ContainerEntityManagers.ownAnswer(proxy, method, args, "extended entity manager of " + describe,
                "it is closed when its stateful bean is removed");
        if (answered != null) {
            return answered;
        }
        EntityManager target = context();
        joinTheTransaction(target);
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private EntityManager context() {
        if (em == null) {
            em = factory.get().createEntityManager(synchronization, properties);
        }
        return em;
    }

    /** Makes this context the transaction's context of the unit at its first call in a transaction. */
    private void joinTheTransaction(EntityManager target) {
        int status = registry.getTransactionStatus();
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            return;
        }
        Object transaction = registry.getTransactionKey();
        if (transaction == joined) {
            return;
        }
        EntityManager other = TransactionContexts.of(registry, unitKey, synchronization, describe);
        if (other != null && other != target) {
            throw new IllegalStateException("the transaction already has another persistence context of " + describe
                    + ": an extended persistence context cannot join it (Jakarta Persistence 7.6.3.1)");
        }
        TransactionContexts.register(registry, unitKey, target, synchronization);
        if (synchronization == SynchronizationType.SYNCHRONIZED) {
            target.joinTransaction();
        }
        joined = transaction;
    }

    /**
     * Ends the context with its bean. Removed in the middle of a transaction it joined (an {@code @Remove} method called in
     * the caller's transaction), the context is the transaction's still, which the beans called later in it use: it closes
     * when the transaction completes.
     */
    private synchronized void release() {
        EntityManager ending = em;
        em = null;
        if (ending == null || !ending.isOpen()) {
            return;
        }
        int status = registry.getTransactionStatus();
        boolean inJoinedTransaction = (status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK)
                && registry.getTransactionKey() == joined;
        if (inJoinedTransaction) {
            TransactionContexts.closeAfterCompletion(transactionManager, ending);
        } else {
            ending.close();
        }
    }

    /**
     * Closes the extended entity managers held in {@code component}'s fields (its class's and its superclasses'), or says
     * whether it holds any; a stateful bean's instance or an interceptor's.
     *
     * @param release whether to close them; otherwise only looks
     * @return whether it holds one
     */
    static boolean inFields(Object component, boolean release) {
        boolean found = false;
        for (Class<?> c = component.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !f.getType().isAssignableFrom(EntityManager.class)) {
                    continue;
                }
                Object value = read(f, component);
                if (value != null && Proxy.isProxyClass(value.getClass()) && Proxy.getInvocationHandler(value) instanceof ExtendedEntityManager x) {
                    found = true;
                    if (release) {
                        x.release();
                    }
                }
            }
        }
        return found;
    }

    private static Object read(Field f, Object component) {
        try {
            f.setAccessible(true);
            return f.get(component);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}

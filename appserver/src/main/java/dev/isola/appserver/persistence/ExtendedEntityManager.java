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

    private final ContextSettings settings;
    private EntityManager em;
    private Object joined;

    private ExtendedEntityManager(ContextSettings settings) {
        this.settings = settings;
    }

    /** A new extended entity manager, for one injection into one stateful bean instance. */
    static EntityManager of(ContextSettings settings) {
        return (EntityManager) Proxy.newProxyInstance(EntityManager.class.getClassLoader(), new Class<?>[] {EntityManager.class},
                new ExtendedEntityManager(settings));
    }

    @Override
    public synchronized Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Object answered = ContainerEntityManagers.ownAnswer(proxy, method, args, "extended entity manager of " + settings.describe(),
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
            em = settings.factory().get().createEntityManager(settings.synchronization(), settings.properties());
        }
        return em;
    }

    /** Makes this context the transaction's context of the unit at its first call in a transaction. */
    private void joinTheTransaction(EntityManager target) {
        int status = settings.registry().getTransactionStatus();
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            return;
        }
        Object transaction = settings.registry().getTransactionKey();
        if (transaction == joined) {
            return;
        }
        EntityManager other = TransactionContexts.of(settings.registry(), settings.unitKey(), settings.synchronization(), settings.describe());
        if (other != null && other != target) {
            throw new IllegalStateException("the transaction already has another persistence context of " + settings.describe()
                    + ": an extended persistence context cannot join it (Jakarta Persistence 7.6.3.1)");
        }
        TransactionContexts.register(settings.registry(), settings.unitKey(), target, settings.synchronization());
        if (settings.synchronization() == SynchronizationType.SYNCHRONIZED) {
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
        int status = settings.registry().getTransactionStatus();
        boolean inJoinedTransaction = (status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK)
                && settings.registry().getTransactionKey() == joined;
        if (inJoinedTransaction) {
            TransactionContexts.closeAfterCompletion(settings.transactionManager(), ending);
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

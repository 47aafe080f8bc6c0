package dev.isola.appserver.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.SynchronizationType;
import jakarta.persistence.TransactionRequiredException;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A container-managed, transaction-scoped entity manager (Jakarta Persistence 7.6.2): what
 * {@code @PersistenceContext} injects. It is one object for every thread; each call goes to the
 * persistence context of the caller's transaction, made at the first call in that transaction
 * and closed when it completes, and shared by every component that calls the same unit in it.
 *
 * <p>Outside a transaction a call gets a persistence context of its own, closed when the call
 * returns, so entities it reads come back detached; a query made there keeps its context until it
 * has run. {@code persist}, {@code merge}, {@code remove}, {@code refresh}, {@code flush},
 * {@code lock} and {@code joinTransaction} need a transaction ({@link TransactionRequiredException}).
 * {@code close} and {@code getTransaction} are refused: the container owns the entity manager and
 * its transactions are JTA's.
 */
final class TransactionScopedEntityManager implements InvocationHandler, BoundByName {

    private static final Set<String> NEED_A_TRANSACTION = Set.of("persist", "merge", "remove", "refresh", "flush", "lock", "joinTransaction");
    /** What a query does that runs it; a query made outside a transaction closes its context after. */
    private static final Set<String> QUERY_RUNS = Set.of("getResultList", "getSingleResult", "getSingleResultOrNull", "getResultStream",
            "executeUpdate", "execute");

    private final ContextSettings settings;
    private final String jndiName;

    private TransactionScopedEntityManager(ContextSettings settings, String jndiName) {
        this.settings = settings;
        this.jndiName = jndiName;
    }

    /** @param jndiName where it is bound, see {@link BoundByName} */
    static EntityManager of(ContextSettings settings, String jndiName) {
        return (EntityManager) Proxy.newProxyInstance(EntityManager.class.getClassLoader(), new Class<?>[] {EntityManager.class},
                new TransactionScopedEntityManager(settings, jndiName));
    }

    @Override
    public String jndiName() {
        return jndiName;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        Object answered = ContainerEntityManagers.ownAnswer(proxy, method, args, "container-managed entity manager of " + settings.describe(),
                "the server closes its persistence contexts");
        if (answered != null) {
            return answered;
        }
        switch (name) {
            case "getEntityManagerFactory" -> {
                return ContainerEntityManagerFactory.of(settings.factory(), settings.describe(), null);
            }
            case "getCriteriaBuilder" -> {
                return settings.factory().get().getCriteriaBuilder();
            }
            case "getMetamodel" -> {
                return settings.factory().get().getMetamodel();
            }
            default -> {
                // handled below
            }
        }
        if (inTransaction()) {
            return call(transactionContext(), method, args);
        }
        if (name.equals("isJoinedToTransaction")) {
            return false;
        }
        if (NEED_A_TRANSACTION.contains(name)) {
            throw new TransactionRequiredException(name + " needs a transaction, and none is active (container-managed entity manager of "
                    + settings.describe() + ")");
        }
        EntityManager own = settings.factory().get().createEntityManager(settings.properties());
        boolean keepOpen = false;
        try {
            Object result = call(own, method, args);
            if (result instanceof jakarta.persistence.Query query) {
                keepOpen = true;
                return closingAfterItRuns(query, own);
            }
            // the provider's own object, which the caller means to go on using
            keepOpen = name.equals("unwrap") || name.equals("getDelegate");
            return result;
        } finally {
            if (!keepOpen) {
                own.close();
            }
        }
    }

    private boolean inTransaction() {
        int status = settings.registry().getTransactionStatus();
        return status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK;
    }

    /** The transaction's persistence context of this unit, made and joined at its first use and closed after the transaction. */
    private EntityManager transactionContext() {
        EntityManager existing = TransactionContexts.of(settings.registry(), settings.unitKey(), settings.synchronization(), settings.describe());
        if (existing != null) {
            return existing;
        }
        EntityManager em = settings.factory().get().createEntityManager(settings.synchronization(), settings.properties());
        if (settings.synchronization() == SynchronizationType.SYNCHRONIZED) {
            em.joinTransaction();
        }
        TransactionContexts.register(settings.registry(), settings.unitKey(), em, settings.synchronization());
        TransactionContexts.closeAfterCompletion(settings.transactionManager(), em);
        return em;
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A query made outside a transaction: its entity manager stays open until the query has run, then closes. */
    private static Object closingAfterItRuns(jakarta.persistence.Query query, EntityManager em) {
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        collectPersistenceInterfaces(query.getClass(), interfaces);
        return Proxy.newProxyInstance(EntityManager.class.getClassLoader(), interfaces.toArray(Class<?>[]::new), new InvocationHandler() {
            @Override
            public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
                String name = method.getName();
                if (name.equals("toString")) {
                    return "query outside a transaction: " + query;
                }
                if (name.equals("equals")) {
                    return proxy == args[0];
                }
                if (name.equals("hashCode")) {
                    return System.identityHashCode(proxy);
                }
                if (!QUERY_RUNS.contains(name)) {
                    Object result = call(query, method, args);
                    // setParameter and its kin return the query, so that calls chain: on to this proxy
                    return result == query ? proxy : result;
                }
                if (!em.isOpen()) {
                    throw new IllegalStateException("this query has run already: its persistence context (outside a transaction) is closed");
                }
                try {
                    Object result = call(query, method, args);
                    // a stream reads lazily from the open context: read it now, as the context closes
                    return result instanceof Stream<?> stream ? toList(stream).stream() : result;
                } finally {
                    em.close();
                }
            }
        });
    }

    private static List<?> toList(Stream<?> stream) {
        try (stream) {
            return stream.toList();
        }
    }

    private static void collectPersistenceInterfaces(Class<?> type, Set<Class<?>> into) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getName().startsWith("jakarta.persistence.")) {
                    into.add(i);
                }
                collectPersistenceInterfaces(i, into);
            }
        }
    }
}

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

    private final Object unitKey;
    private final Supplier<EntityManagerFactory> factory;
    private final TransactionSynchronizationRegistry registry;
    private final TransactionManager transactionManager;
    private final SynchronizationType synchronization;
    private final Map<String, String> properties;
    private final String describe;
    private final String jndiName;

    private TransactionScopedEntityManager(Object unitKey, Supplier<EntityManagerFactory> factory, TransactionSynchronizationRegistry registry,
                                           TransactionManager transactionManager, SynchronizationType synchronization,
                                           Map<String, String> properties, String describe, String jndiName) {
        this.unitKey = unitKey;
        this.factory = factory;
        this.registry = registry;
        this.transactionManager = transactionManager;
        this.synchronization = synchronization;
        this.properties = properties;
        this.describe = describe;
        this.jndiName = jndiName;
    }

    /**
     * @param unitKey          what identifies the unit among a transaction's resources: components of one unit share a context
     * @param factory          the unit's entity manager factory, started when first asked for
     * @param describe         "persistence unit orders of application shop", for messages
     * @param jndiName         where it is bound, see {@link BoundByName}
     */
    static EntityManager of(Object unitKey, Supplier<EntityManagerFactory> factory, TransactionSynchronizationRegistry registry,
                            TransactionManager transactionManager, SynchronizationType synchronization, Map<String, String> properties,
                            String describe, String jndiName) {
        return (EntityManager) Proxy.newProxyInstance(EntityManager.class.getClassLoader(), new Class<?>[] {EntityManager.class},
                new TransactionScopedEntityManager(unitKey, factory, registry, transactionManager, synchronization, properties, describe, jndiName));
    }

    @Override
    public String jndiName() {
        return jndiName;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        Object answered = ContainerEntityManagers.ownAnswer(proxy, method, args, "container-managed entity manager of " + describe,
                "the server closes its persistence contexts");
        if (answered != null) {
            return answered;
        }
        switch (name) {
            case "getEntityManagerFactory" -> {
                return ContainerEntityManagerFactory.of(factory, describe, null);
            }
            case "getCriteriaBuilder" -> {
                return factory.get().getCriteriaBuilder();
            }
            case "getMetamodel" -> {
                return factory.get().getMetamodel();
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
                    + describe + ")");
        }
        EntityManager own = factory.get().createEntityManager(properties);
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
        int status = registry.getTransactionStatus();
        return status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK;
    }

    /** The transaction's persistence context of this unit, made and joined at its first use and closed after the transaction. */
    private EntityManager transactionContext() {
        EntityManager existing = TransactionContexts.of(registry, unitKey, synchronization, describe);
        if (existing != null) {
            return existing;
        }
        EntityManager em = factory.get().createEntityManager(synchronization, properties);
        if (synchronization == SynchronizationType.SYNCHRONIZED) {
            em.joinTransaction();
        }
        TransactionContexts.register(registry, unitKey, em, synchronization);
        TransactionContexts.closeAfterCompletion(transactionManager, em);
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

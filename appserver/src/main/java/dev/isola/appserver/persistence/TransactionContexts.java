package dev.isola.appserver.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.SynchronizationType;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Synchronization;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The persistence contexts of a JTA transaction (Jakarta Persistence 7.6.4): one per unit, kept
 * among the transaction's resources, and used by every component that calls the unit in it.
 */
final class TransactionContexts {

    /** A transaction's context of a unit, and whether it was made unsynchronized. */
    private record Context(EntityManager em, SynchronizationType synchronization) { }

    private TransactionContexts() {
    }

    /**
     * The transaction's context of the unit, or null.
     *
     * @throws IllegalStateException where a synchronized entity manager meets the transaction's unsynchronized context, which
     *                               the specification forbids (7.6.4.1): its changes would never be written
     */
    static EntityManager of(TransactionSynchronizationRegistry registry, Object unitKey, SynchronizationType wanted, String describe) {
        if (!(registry.getResource(unitKey) instanceof Context c)) {
            return null;
        }
        if (c.synchronization() == SynchronizationType.UNSYNCHRONIZED && wanted == SynchronizationType.SYNCHRONIZED) {
            throw new IllegalStateException("the transaction has an unsynchronized persistence context of " + describe
                    + ", which a synchronized entity manager cannot use (Jakarta Persistence 7.6.4.1)");
        }
        return c.em();
    }

    static void register(TransactionSynchronizationRegistry registry, Object unitKey, EntityManager em, SynchronizationType synchronization) {
        registry.putResource(unitKey, new Context(em, synchronization));
    }

    /**
     * Closes {@code em} once the caller's transaction has completed: through a synchronization of the transaction itself, whose
     * after-completion step the server's manager runs after the interposed ones, among them the provider's own, whenever
     * the context joined.
     */
    static void closeAfterCompletion(TransactionManager transactionManager, EntityManager em) {
        try {
            transactionManager.getTransaction().registerSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                }

                @Override
                public void afterCompletion(int status) {
                    if (em.isOpen()) {
                        em.close();
                    }
                }
            });
        } catch (RollbackException | SystemException | IllegalStateException e) {
            // the transaction is ending already: nothing will use the context again
            em.close();
        }
    }
}

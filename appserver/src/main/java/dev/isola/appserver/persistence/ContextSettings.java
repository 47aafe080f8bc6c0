package dev.isola.appserver.persistence;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.SynchronizationType;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.util.Map;
import java.util.function.Supplier;

/**
 * What a container-managed entity manager, transaction-scoped or extended, needs to make and
 * place its persistence contexts.
 *
 * @param unitKey    what identifies the unit among a transaction's resources: components of one unit share a context
 * @param factory    the unit's entity manager factory, started when first asked for
 * @param properties the reference's properties, passed to the provider for each context
 * @param describe   "persistence unit orders of application shop", for messages
 */
record ContextSettings(Object unitKey, Supplier<EntityManagerFactory> factory, TransactionSynchronizationRegistry registry,
                       TransactionManager transactionManager, SynchronizationType synchronization, Map<String, String> properties,
                       String describe) {
}

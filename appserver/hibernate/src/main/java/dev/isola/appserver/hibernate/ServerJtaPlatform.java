package dev.isola.appserver.hibernate;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import org.hibernate.engine.transaction.jta.platform.spi.JtaPlatform;

/**
 * Tells Hibernate which transactions it works in: the server's transaction manager. Hibernate's
 * synchronizations (the flush before a commit, the clean-up after it) are interposed, as the
 * Persistence specification asks of a provider in a container, so that they run before the
 * container's own clean-up of the same transaction (which closes the entity manager).
 */
final class ServerJtaPlatform implements JtaPlatform {

    private final TransactionManager transactionManager;
    private final UserTransaction userTransaction;
    private final TransactionSynchronizationRegistry registry;

    ServerJtaPlatform(TransactionManager transactionManager, UserTransaction userTransaction, TransactionSynchronizationRegistry registry) {
        this.transactionManager = transactionManager;
        this.userTransaction = userTransaction;
        this.registry = registry;
    }

    @Override
    public TransactionManager retrieveTransactionManager() {
        return transactionManager;
    }

    @Override
    public UserTransaction retrieveUserTransaction() {
        return userTransaction;
    }

    @Override
    public Object getTransactionIdentifier(Transaction transaction) {
        return transaction;
    }

    @Override
    public boolean canRegisterSynchronization() {
        int status = registry.getTransactionStatus();
        return status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK;
    }

    @Override
    public void registerSynchronization(Synchronization synchronization) {
        registry.registerInterposedSynchronization(synchronization);
    }

    @Override
    public int getCurrentStatus() throws SystemException {
        return transactionManager.getStatus();
    }
}

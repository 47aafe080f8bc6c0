package dev.isola.appserver.tx;

import jakarta.transaction.HeuristicMixedException;
import jakarta.transaction.HeuristicRollbackException;
import jakarta.transaction.NotSupportedException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.SystemException;
import jakarta.transaction.UserTransaction;

/**
 * The {@link UserTransaction} that components with bean-managed transactions (and web
 * components) get: a thin view of the server's {@link LocalTransactionManager}. The
 * container checks around each call that a stateless or singleton bean did not leave a
 * transaction open.
 */
public final class BeanManagedTransaction implements UserTransaction {

    private final LocalTransactionManager tm;

    public BeanManagedTransaction(LocalTransactionManager tm) {
        this.tm = tm;
    }

    @Override
    public void begin() throws NotSupportedException {
        tm.begin();
    }

    @Override
    public void commit() throws RollbackException, HeuristicMixedException, HeuristicRollbackException, SystemException {
        tm.commit();
    }

    @Override
    public void rollback() throws SystemException {
        tm.rollback();
    }

    @Override
    public void setRollbackOnly() {
        tm.setRollbackOnly();
    }

    @Override
    public int getStatus() {
        return tm.getStatus();
    }

    @Override
    public void setTransactionTimeout(int seconds) throws SystemException {
        tm.setTransactionTimeout(seconds);
    }
}

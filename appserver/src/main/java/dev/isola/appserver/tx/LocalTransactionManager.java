package dev.isola.appserver.tx;

import jakarta.transaction.HeuristicMixedException;
import jakarta.transaction.HeuristicRollbackException;
import jakarta.transaction.InvalidTransactionException;
import jakarta.transaction.NotSupportedException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's transaction manager: local (one-phase) transactions associated with the
 * calling thread. One instance per server; the EJB container drives it for container-managed
 * transactions, applications reach it through {@code UserTransaction} and the
 * {@link TransactionSynchronizationRegistry} view.
 *
 * <p>A transaction enlists at most one resource manager, see {@link LocalTransaction}.
 * Nested transactions are not supported ({@code begin} inside a transaction is refused, as
 * the specification allows).
 */
public final class LocalTransactionManager implements TransactionManager {

    private final AtomicLong ids = new AtomicLong();
    private final ThreadLocal<LocalTransaction> current = new ThreadLocal<>();
    private final ThreadLocal<Integer> timeoutSeconds = new ThreadLocal<>();
    private final Duration defaultTimeout;
    private final Registry registry = new Registry();
    private final CommitGate commitGate = new CommitGate();

    /** @param defaultTimeout how long a transaction may run before it can only roll back; zero for no limit */
    public LocalTransactionManager(Duration defaultTimeout) {
        this.defaultTimeout = defaultTimeout;
    }

    /** The gate every commit of this manager's transactions passes, which a backup closes while it copies the databases. */
    public CommitGate commitGate() {
        return commitGate;
    }

    /** The transaction associated with this thread, or null. */
    public LocalTransaction currentTransaction() {
        return current.get();
    }

    @Override
    public void begin() throws NotSupportedException {
        LocalTransaction existing = current.get();
        if (existing != null) {
            throw new NotSupportedException("the thread is already associated with " + existing + "; nested transactions are not supported");
        }
        Integer seconds = timeoutSeconds.get();
        Duration timeout = seconds != null ? Duration.ofSeconds(seconds) : defaultTimeout;
        Instant deadline = timeout.isZero() ? null : Instant.now().plus(timeout);
        current.set(new LocalTransaction(ids.incrementAndGet(), deadline, commitGate));
    }

    @Override
    public void commit() throws RollbackException, HeuristicMixedException, HeuristicRollbackException, SystemException {
        LocalTransaction tx = requireCurrent("commit");
        try {
            tx.commit();
        } finally {
            current.remove();
        }
    }

    @Override
    public void rollback() throws SystemException {
        LocalTransaction tx = requireCurrent("roll back");
        try {
            tx.rollback();
        } finally {
            current.remove();
        }
    }

    @Override
    public void setRollbackOnly() {
        requireCurrent("mark for rollback").setRollbackOnly();
    }

    @Override
    public int getStatus() {
        LocalTransaction tx = current.get();
        return tx == null ? Status.STATUS_NO_TRANSACTION : tx.getStatus();
    }

    @Override
    public Transaction getTransaction() {
        return current.get();
    }

    @Override
    public void setTransactionTimeout(int seconds) throws SystemException {
        if (seconds < 0) {
            throw new SystemException("transaction timeout must not be negative: " + seconds);
        }
        if (seconds == 0) {
            timeoutSeconds.remove();
        } else {
            timeoutSeconds.set(seconds);
        }
    }

    @Override
    public LocalTransaction suspend() {
        LocalTransaction tx = current.get();
        current.remove();
        return tx;
    }

    @Override
    public void resume(Transaction tx) throws InvalidTransactionException {
        if (tx == null) {
            return;
        }
        if (!(tx instanceof LocalTransaction local)) {
            throw new InvalidTransactionException("not a transaction of this server: " + tx);
        }
        if (current.get() != null) {
            throw new IllegalStateException("the thread is already associated with " + current.get() + "; cannot resume " + tx);
        }
        current.set(local);
    }

    /** The {@link TransactionSynchronizationRegistry} view of this manager. */
    public TransactionSynchronizationRegistry synchronizationRegistry() {
        return registry;
    }

    private LocalTransaction requireCurrent(String operation) {
        LocalTransaction tx = current.get();
        if (tx == null) {
            throw new IllegalStateException("no transaction is associated with the thread; cannot " + operation);
        }
        return tx;
    }

    private final class Registry implements TransactionSynchronizationRegistry {
        @Override
        public Object getTransactionKey() {
            return current.get();
        }

        @Override
        public void putResource(Object key, Object value) {
            requireCurrent("put a resource").putResource(key, value);
        }

        @Override
        public Object getResource(Object key) {
            return requireCurrent("get a resource").getResource(key);
        }

        @Override
        public void registerInterposedSynchronization(Synchronization sync) {
            requireCurrent("register a synchronization").registerInterposedSynchronization(sync);
        }

        @Override
        public int getTransactionStatus() {
            return getStatus();
        }

        @Override
        public void setRollbackOnly() {
            LocalTransactionManager.this.setRollbackOnly();
        }

        @Override
        public boolean getRollbackOnly() {
            return requireCurrent("read the rollback flag").isRollbackOnly();
        }
    }
}

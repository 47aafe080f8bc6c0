package dev.isola.appserver.tx;

import jakarta.transaction.HeuristicMixedException;
import jakarta.transaction.HeuristicRollbackException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One local transaction. It completes at most one <em>one-phase</em>
 * {@link TransactionalResource} (a JDBC connection, an {@code XAResource} driven in one
 * phase) and any number of <em>last resources</em> (JMS sessions, see {@link #enlistLast}),
 * and runs the registered {@link Synchronization}s around completion, interposed ones inside
 * the ordinary ones as the Jakarta Transactions specification orders them.
 *
 * <p>Why only one one-phase resource: without a prepare phase and a recovery log, committing a
 * second database after the first can leave one committed and the other not, with no way to
 * tell afterwards. Refusing the second ({@link ResourceConflictException}) is explicit;
 * silently losing atomicity is not.
 *
 * <h2>Commit order: the database decides, messaging follows</h2>
 *
 * <pre>
 *   commit()
 *     1. beforeCompletion synchronizations
 *     2. the one-phase resource (JDBC) commits    ── fails: everything rolls back, RollbackException
 *     3. last resources commit, latest enlisted first
 *          e.g. an application's JMS send session, then the session that received the message
 *                                                 ── fails: the rest roll back, HeuristicMixedException
 *     4. afterCompletion synchronizations; resources released
 * </pre>
 *
 * <p>The database commit is the point of decision: if it fails, no message is sent and no
 * received message is acknowledged (the broker redelivers it). A JMS commit comes after it, so
 * a crash (or a broker failure) in the window between the two has these outcomes, and no
 * others:
 * <ul>
 *   <li><b>A received message</b> (a message-driven bean's delivery, or an application's
 *       {@code receive} inside the transaction) whose database work committed is not
 *       acknowledged: the broker delivers it again, flagged {@code JMSRedelivered} with a higher
 *       {@code JMSXDeliveryCount}. So a receipt is never lost, but its database work can be done
 *       twice: message-driven beans must be idempotent (check whether the work is already done).</li>
 *   <li><b>A sent message</b> whose transaction's database work committed is not sent: it is
 *       lost. Never the other way round: a message is never sent for database work that rolled
 *       back, and a consumer never sees a message before the database work it announces is
 *       visible (the send happens after the database commit).</li>
 *   <li>Sends are committed before the receipt of the same transaction (latest enlisted first:
 *       the container enlists a message-driven bean's receipt before the bean runs), so a crash
 *       between those two commits repeats the sends on redelivery rather than losing them.</li>
 * </ul>
 * There is no recovery log, so nothing is repaired after a restart: the outcome above is final.
 */
public final class LocalTransaction implements Transaction {

    private final long id;
    private final Instant deadline;
    private final Map<Object, Object> resourcesByKey = new HashMap<>();
    private final List<Synchronization> synchronizations = new ArrayList<>();
    private final List<Synchronization> interposed = new ArrayList<>();
    private Object resourceKey;
    private TransactionalResource resource;
    private final Map<Object, TransactionalResource> lastResources = new LinkedHashMap<>();
    private int status = Status.STATUS_ACTIVE;
    private Throwable rollbackReason;
    private final CommitGate gate;

    LocalTransaction(long id, Instant deadline, CommitGate gate) {
        this.id = id;
        this.deadline = deadline;
        this.gate = gate;
    }

    public long id() {
        return id;
    }

    /**
     * The resource registered under {@code key} in this transaction, created by
     * {@code factory} on first use, so that every {@code getConnection()} of one datasource
     * inside one transaction works on the same physical connection.
     *
     * @throws ResourceConflictException if the transaction already holds another key's resource
     * @throws IllegalStateException     if the transaction is no longer active
     */
    public synchronized <R extends TransactionalResource> R enlist(Object key, String description, Supplier<R> factory) {
        Objects.requireNonNull(key, "key");
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            throw new IllegalStateException("transaction " + id + " is " + StatusNames.of(status) + "; " + description + " cannot join it");
        }
        if (resourceKey != null && !resourceKey.equals(key)) {
            throw new ResourceConflictException(resource.describe(), description, id);
        }
        if (resource == null) {
            resource = factory.get();
            resourceKey = key;
        }
        @SuppressWarnings("unchecked")
        R r = (R) resource;
        return r;
    }

    /**
     * The last resource registered under {@code key}, created by {@code factory} on first use.
     * Last resources commit after the one-phase resource, the latest enlisted first; see the
     * class description for what that means when something fails between two commits.
     *
     * @throws IllegalStateException if the transaction is no longer active
     */
    public synchronized <R extends TransactionalResource> R enlistLast(Object key, String description, Supplier<R> factory) {
        Objects.requireNonNull(key, "key");
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            throw new IllegalStateException("transaction " + id + " is " + StatusNames.of(status) + "; " + description + " cannot join it");
        }
        @SuppressWarnings("unchecked")
        R r = (R) lastResources.computeIfAbsent(key, k -> factory.get());
        return r;
    }

    /** A value kept with the transaction ({@code TransactionSynchronizationRegistry.putResource}). */
    public synchronized void putResource(Object key, Object value) {
        resourcesByKey.put(key, value);
    }

    public synchronized Object getResource(Object key) {
        return resourcesByKey.get(key);
    }

    @Override
    public void commit() throws RollbackException, HeuristicMixedException, HeuristicRollbackException, SystemException {
        if (status == Status.STATUS_ACTIVE && deadline != null && Instant.now().isAfter(deadline)) {
            markRollback(new IllegalStateException("transaction " + id + " timed out"));
        }
        if (status == Status.STATUS_ACTIVE) {
            try {
                beforeCompletion();
            } catch (RuntimeException e) {
                markRollback(e);
            }
        }
        if (status == Status.STATUS_MARKED_ROLLBACK) {
            rollbackResource();
            afterCompletion(Status.STATUS_ROLLEDBACK);
            RollbackException rolledBack = new RollbackException("transaction " + id + " was marked for rollback and has been rolled back"
                    + (rollbackReason == null ? "" : ": " + rollbackReason.getMessage()));
            if (rollbackReason != null) {
                rolledBack.initCause(rollbackReason);
            }
            throw rolledBack;
        }
        requireStatus(Status.STATUS_ACTIVE, "commit");
        status = Status.STATUS_COMMITTING;
        gate.enter();
        try {
            commitResources();
        } finally {
            gate.leave();
        }
        release();
        afterCompletion(Status.STATUS_COMMITTED);
    }

    /** Steps 2 and 3 of the class description, inside the commit gate: a backup's copies hold all of them or none. */
    private void commitResources() throws RollbackException, HeuristicMixedException {
        if (resource != null) {
            String described = resource.describe();
            try {
                resource.commit();
            } catch (Exception e) {
                status = Status.STATUS_ROLLING_BACK;
                rollbackQuietly();
                afterCompletion(Status.STATUS_ROLLEDBACK);
                RollbackException failed = new RollbackException("transaction " + id + ": commit of " + described + " failed: " + e.getMessage());
                failed.initCause(e);
                throw failed;
            }
        }
        commitLastResources();
    }

    /** Step 3 of the class description: latest enlisted first; a failure rolls back the rest. */
    private void commitLastResources() throws RollbackException, HeuristicMixedException {
        List<TransactionalResource> order = new ArrayList<>(lastResources.values()).reversed();
        List<String> committed = new ArrayList<>();
        if (resource != null) {
            committed.add(resource.describe());
        }
        for (int i = 0; i < order.size(); i++) {
            TransactionalResource r = order.get(i);
            try {
                r.commit();
                committed.add(r.describe());
            } catch (Exception e) {
                List<String> rolledBack = new ArrayList<>();
                for (TransactionalResource rest : order.subList(i, order.size())) {
                    rollbackQuietly(rest);
                    rolledBack.add(rest.describe());
                }
                release();
                if (committed.isEmpty()) {
                    afterCompletion(Status.STATUS_ROLLEDBACK);
                    RollbackException failed = new RollbackException("transaction " + id + ": commit of " + r.describe() + " failed: " + e.getMessage());
                    failed.initCause(e);
                    throw failed;
                }
                afterCompletion(Status.STATUS_UNKNOWN);
                HeuristicMixedException mixed = new HeuristicMixedException("transaction " + id + " committed only in part: "
                        + String.join(", ", committed) + " committed, then " + r.describe() + " failed to commit (" + e.getMessage()
                        + "), so " + String.join(", ", rolledBack) + " rolled back");
                mixed.initCause(e);
                throw mixed;
            }
        }
    }

    @Override
    public void rollback() throws SystemException {
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            throw new IllegalStateException("transaction " + id + " is " + StatusNames.of(status) + " and cannot be rolled back");
        }
        rollbackResource();
        afterCompletion(Status.STATUS_ROLLEDBACK);
    }

    @Override
    public synchronized void setRollbackOnly() {
        if (status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK) {
            status = Status.STATUS_MARKED_ROLLBACK;
        } else {
            throw new IllegalStateException("transaction " + id + " is " + StatusNames.of(status) + "; it cannot be marked for rollback");
        }
    }

    void markRollback(Throwable reason) {
        if (rollbackReason == null) {
            rollbackReason = reason;
        }
        status = Status.STATUS_MARKED_ROLLBACK;
    }

    @Override
    public synchronized int getStatus() {
        return status;
    }

    public boolean isRollbackOnly() {
        return getStatus() == Status.STATUS_MARKED_ROLLBACK;
    }

    public boolean isActive() {
        int s = getStatus();
        return s == Status.STATUS_ACTIVE || s == Status.STATUS_MARKED_ROLLBACK;
    }

    @Override
    public boolean enlistResource(XAResource xaResource) throws RollbackException, SystemException {
        if (status == Status.STATUS_MARKED_ROLLBACK) {
            throw new RollbackException("transaction " + id + " is marked for rollback");
        }
        OnePhaseXaResource wrapped = enlist(xaResource, "XA resource " + xaResource, () -> new OnePhaseXaResource(xaResource, xid()));
        return wrapped != null;
    }

    @Override
    public boolean delistResource(XAResource xaResource, int flag) {
        return resourceKey == xaResource;
    }

    @Override
    public synchronized void registerSynchronization(Synchronization sync) throws RollbackException {
        requireRegistrable();
        synchronizations.add(sync);
    }

    synchronized void registerInterposedSynchronization(Synchronization sync) {
        requireRegistrable();
        interposed.add(sync);
    }

    private void requireRegistrable() {
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            throw new IllegalStateException("transaction " + id + " is " + StatusNames.of(status) + "; no synchronization can be registered");
        }
    }

    private void beforeCompletion() {
        for (int i = 0; i < synchronizations.size(); i++) {
            synchronizations.get(i).beforeCompletion();
        }
        for (int i = 0; i < interposed.size(); i++) {
            interposed.get(i).beforeCompletion();
        }
    }

    private void afterCompletion(int outcome) {
        status = outcome;
        for (Synchronization s : List.copyOf(interposed)) {
            runQuietly(() -> s.afterCompletion(outcome));
        }
        for (Synchronization s : List.copyOf(synchronizations)) {
            runQuietly(() -> s.afterCompletion(outcome));
        }
    }

    private void rollbackResource() {
        status = Status.STATUS_ROLLING_BACK;
        rollbackQuietly();
    }

    private void rollbackQuietly() {
        if (resource != null) {
            rollbackQuietly(resource);
        }
        for (TransactionalResource r : new ArrayList<>(lastResources.values()).reversed()) {
            rollbackQuietly(r);
        }
        release();
    }

    private void rollbackQuietly(TransactionalResource r) {
        try {
            r.rollback();
        } catch (Exception e) {
            System.getLogger(LocalTransaction.class.getName()).log(System.Logger.Level.WARNING,
                    "transaction " + id + ": rollback of " + r.describe() + " failed: " + e);
        }
    }

    /** Gives every resource back (once): connections to their pools, sessions to their owners. */
    private void release() {
        if (resource != null) {
            TransactionalResource r = resource;
            runQuietly(r::release);
        }
        List<TransactionalResource> last = List.copyOf(lastResources.values());
        lastResources.clear();
        for (TransactionalResource r : last) {
            runQuietly(r::release);
        }
        resource = null;
    }

    private static void runQuietly(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            System.getLogger(LocalTransaction.class.getName()).log(System.Logger.Level.WARNING, "after completion: " + e);
        }
    }

    private void requireStatus(int expected, String operation) {
        if (status != expected) {
            throw new IllegalStateException("transaction " + id + " is " + StatusNames.of(status) + "; cannot " + operation);
        }
    }

    private Xid xid() {
        byte[] gtrid = ByteBuffer.allocate(Long.BYTES).putLong(id).array();
        return new Xid() {
            public int getFormatId() { return 0x49534f4c; }
            public byte[] getGlobalTransactionId() { return gtrid.clone(); }
            public byte[] getBranchQualifier() { return new byte[] {1}; }
        };
    }

    @Override
    public String toString() {
        return "LocalTransaction[" + id + ", " + StatusNames.of(getStatus()) + "]";
    }

    /** An {@link XAResource} committed in one phase, as the only resource of the transaction. */
    private record OnePhaseXaResource(XAResource xa, Xid xid) implements TransactionalResource {
        OnePhaseXaResource {
            try {
                xa.start(xid, XAResource.TMNOFLAGS);
            } catch (XAException e) {
                throw new IllegalStateException("XA resource " + xa + " refused to start: " + e.getMessage(), e);
            }
        }

        public String describe() { return "XA resource " + xa; }

        public void commit() throws XAException {
            xa.end(xid, XAResource.TMSUCCESS);
            xa.commit(xid, true);
        }

        public void rollback() throws XAException {
            xa.end(xid, XAResource.TMFAIL);
            xa.rollback(xid);
        }

        public void release() { }
    }
}

package dev.isola.appserver.tx;

import jakarta.ejb.EJBException;
import jakarta.ejb.EJBTransactionRequiredException;
import jakarta.ejb.EJBTransactionRolledbackException;
import jakarta.ejb.TransactionAttributeType;
import jakarta.transaction.InvalidTransactionException;
import jakarta.transaction.NotSupportedException;
import jakarta.transaction.RollbackException;

import java.util.concurrent.Callable;

/**
 * Container-managed transaction demarcation around one unit of work: a business method
 * invocation, a timeout callback, and (for message-driven beans) a message delivery. The
 * same rules apply to all of them, so they live here rather than in the session-bean code.
 *
 * <p>For each {@link TransactionAttributeType} this does what the Enterprise Beans
 * specification (section 8.6.2) says: join, suspend, start or refuse the caller's
 * transaction. Exceptions follow section 9.3: an application exception reaches the caller
 * unchanged (after marking the transaction for rollback if it says so); a system exception
 * rolls back the transaction the container started, or marks the caller's transaction for
 * rollback and reports {@link EJBTransactionRolledbackException}, and otherwise surfaces as an
 * {@link EJBException} carrying the original as its cause. A transaction that the bean marked
 * with {@code setRollbackOnly} is rolled back and the method returns normally.
 */
public final class ContainerTransactions {

    private final LocalTransactionManager tm;

    public ContainerTransactions(LocalTransactionManager tm) {
        this.tm = tm;
    }

    public LocalTransactionManager transactionManager() {
        return tm;
    }

    /**
     * Runs {@code work} under {@code attribute}.
     *
     * @param description what is being invoked, for messages ("bean OrderService method place")
     * @throws Exception an application exception of {@code work}, or an {@link EJBException}
     *                   for system exceptions and refused transaction contexts
     */
    public <T> T run(TransactionAttributeType attribute, String description, ExceptionClassifier classifier, Callable<T> work) throws Exception {
        LocalTransaction caller = tm.currentTransaction();
        return switch (attribute) {
            case REQUIRED -> caller != null ? inCallerTransaction(caller, classifier, work) : inNewTransaction(description, classifier, work);
            case REQUIRES_NEW -> suspended(caller, () -> inNewTransaction(description, classifier, work));
            case SUPPORTS -> caller != null ? inCallerTransaction(caller, classifier, work) : withoutTransaction(classifier, work);
            case NOT_SUPPORTED -> suspended(caller, () -> withoutTransaction(classifier, work));
            case MANDATORY -> {
                if (caller == null) {
                    throw new EJBTransactionRequiredException(description + " has transaction attribute MANDATORY but was called without a transaction");
                }
                yield inCallerTransaction(caller, classifier, work);
            }
            case NEVER -> {
                if (caller != null) {
                    throw new EJBException(description + " has transaction attribute NEVER but was called in " + caller);
                }
                yield withoutTransaction(classifier, work);
            }
        };
    }

    /**
     * Runs {@code work} with the caller's transaction (if any) suspended, as for a
     * bean-managed-transaction component, and resumes it afterwards.
     */
    public <T> T suspended(LocalTransaction caller, Callable<T> work) throws Exception {
        if (caller != null) {
            tm.suspend();
        }
        try {
            return work.call();
        } finally {
            if (caller != null) {
                resume(caller);
            }
        }
    }

    private void resume(LocalTransaction tx) {
        LocalTransaction leftover = tm.suspend();
        if (leftover != null && leftover.isActive()) {
            rollbackQuietly(leftover);
        }
        try {
            tm.resume(tx);
        } catch (InvalidTransactionException e) {
            throw new IllegalStateException(e);
        }
    }

    private <T> T inNewTransaction(String description, ExceptionClassifier classifier, Callable<T> work) throws Exception {
        try {
            tm.begin();
        } catch (NotSupportedException e) {
            throw new EJBException(description + ": " + e.getMessage(), e);
        }
        LocalTransaction tx = tm.currentTransaction();
        T result;
        try {
            result = work.call();
        } catch (Throwable t) {
            switch (classifier.classify(t)) {
                case ExceptionClassifier.Kind.Application app -> {
                    if (app.rollback()) {
                        tx.setRollbackOnly();
                    }
                    complete(tx, description);
                    throw rethrow(t);
                }
                case ExceptionClassifier.Kind.SystemFailure ignored -> {
                    tm.suspend();
                    rollbackQuietly(tx);
                    throw systemException(t);
                }
            }
        }
        complete(tx, description);
        return result;
    }

    private void complete(LocalTransaction tx, String description) {
        LocalTransaction onThread = tm.currentTransaction();
        if (onThread != tx) {
            tm.suspend();
            throw new IllegalStateException(description + " left " + onThread + " on the thread instead of " + tx);
        }
        if (tx.isRollbackOnly()) {
            tm.suspend();
            rollbackQuietly(tx);
            return;
        }
        try {
            // through the manager, which leaves the thread associated with the transaction while its synchronizations'
            // beforeCompletion runs, as JTA says (a persistence provider flushes there and checks it is in the transaction)
            tm.commit();
        } catch (RollbackException e) {
            throw new EJBTransactionRolledbackException(description + ": " + e.getMessage(), e);
        } catch (Exception e) {
            throw new EJBException(description + ": commit failed: " + e.getMessage(), e);
        }
    }

    private <T> T inCallerTransaction(LocalTransaction caller, ExceptionClassifier classifier, Callable<T> work) throws Exception {
        try {
            return work.call();
        } catch (Throwable t) {
            switch (classifier.classify(t)) {
                case ExceptionClassifier.Kind.Application app -> {
                    if (app.rollback() && caller.isActive()) {
                        caller.setRollbackOnly();
                    }
                    throw rethrow(t);
                }
                case ExceptionClassifier.Kind.SystemFailure ignored -> {
                    if (caller.isActive()) {
                        caller.markRollback(t);
                    }
                    EJBTransactionRolledbackException e = new EJBTransactionRolledbackException(
                            "system exception in the caller's " + caller + ", which is now marked for rollback: " + t, asException(t));
                    throw e;
                }
            }
        }
    }

    private <T> T withoutTransaction(ExceptionClassifier classifier, Callable<T> work) throws Exception {
        try {
            return work.call();
        } catch (Throwable t) {
            switch (classifier.classify(t)) {
                case ExceptionClassifier.Kind.Application ignored -> throw rethrow(t);
                case ExceptionClassifier.Kind.SystemFailure ignored -> throw systemException(t);
            }
        }
    }

    /** The exception a client sees for a system exception {@code t}: {@code t} itself if it is an EJBException. */
    public static EJBException systemException(Throwable t) {
        if (t instanceof EJBException e) {
            return e;
        }
        return new EJBException(t.toString(), asException(t));
    }

    private static Exception asException(Throwable t) {
        if (t instanceof Exception e) {
            return e;
        }
        Exception wrapper = new Exception(t.toString());
        wrapper.initCause(t);
        return wrapper;
    }

    private static Exception rethrow(Throwable t) {
        if (t instanceof Exception e) {
            return e;
        }
        throw (Error) t;
    }

    private static void rollbackQuietly(LocalTransaction tx) {
        try {
            tx.rollback();
        } catch (Exception e) {
            System.getLogger(ContainerTransactions.class.getName()).log(System.Logger.Level.WARNING, "rollback of " + tx + " failed: " + e);
        }
    }
}

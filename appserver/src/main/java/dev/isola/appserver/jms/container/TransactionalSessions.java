package dev.isola.appserver.jms.container;

import dev.isola.appserver.jms.client.TransactionEnlistment;
import dev.isola.appserver.tx.LocalTransaction;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.appserver.tx.TransactionalResource;

import java.util.Objects;

/**
 * Makes a session created inside a container transaction a <em>last resource</em> of that
 * transaction ({@link LocalTransaction#enlistLast}): it commits after the transaction's
 * database connection, so a message is sent only if the database work committed. What a crash
 * between the two commits leaves behind is described on {@link LocalTransaction}.
 */
public final class TransactionalSessions implements TransactionEnlistment {

    private final LocalTransactionManager tm;

    public TransactionalSessions(LocalTransactionManager tm) {
        this.tm = Objects.requireNonNull(tm, "tm");
    }

    @Override
    public boolean enlist(TransactedWork work) {
        LocalTransaction tx = tm.currentTransaction();
        if (tx == null || !tx.isActive()) {
            return false;
        }
        tx.enlistLast(work, work.describe(), () -> new SessionResource(work));
        return true;
    }

    /** A session's transacted work as a resource of a {@link LocalTransaction}. */
    private record SessionResource(TransactedWork work) implements TransactionalResource {

        @Override
        public String describe() {
            return work.describe();
        }

        @Override
        public void commit() throws Exception {
            work.commit();
        }

        @Override
        public void rollback() throws Exception {
            work.rollback();
        }

        @Override
        public void release() {
            work.completed();
        }
    }
}

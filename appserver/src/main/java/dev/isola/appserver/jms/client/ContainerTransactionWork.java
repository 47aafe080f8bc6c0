package dev.isola.appserver.jms.client;

import jakarta.jms.JMSException;

/**
 * The {@link TransactionEnlistment.TransactedWork} of one session that joined a container
 * transaction. It exists before its session (the session is created transacted only if the
 * enlistment succeeded), so a session that failed to come into being completes as nothing.
 */
final class ContainerTransactionWork implements TransactionEnlistment.TransactedWork {

    private final IsolaConnection connection;
    private volatile IsolaSession session;
    private volatile boolean completed;

    ContainerTransactionWork(IsolaConnection connection) {
        this.connection = connection;
    }

    void attach(IsolaSession session) {
        this.session = session;
    }

    boolean isCompleted() {
        return completed;
    }

    @Override
    public String describe() {
        return "JMS session of connection " + connection.connectionId();
    }

    @Override
    public void commit() throws JMSException {
        IsolaSession s = session;
        if (s != null) {
            s.commitForContainer();
        }
    }

    @Override
    public void rollback() throws JMSException {
        IsolaSession s = session;
        if (s != null) {
            s.rollbackForContainer();
        }
    }

    @Override
    public void completed() {
        completed = true;
        IsolaSession s = session;
        if (s != null) {
            s.transactionCompleted();
        }
    }
}

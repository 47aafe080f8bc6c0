package dev.isola.appserver.jms.client;

import jakarta.jms.JMSException;

/**
 * How sessions join the transaction of the calling thread when the provider runs inside the
 * application server (Jakarta Messaging 3.1, section 12.3): a session or {@code JMSContext}
 * created while a container transaction is active takes part in it, whatever session mode the
 * application asked for. Its sends are kept until the transaction commits and its receipts are
 * acknowledged then; on rollback nothing is sent and the received messages are redelivered.
 * The application must not call {@code commit} or {@code rollback} on it
 * ({@code TransactionInProgressException}), and closing it (or its connection) before the
 * transaction ends does not end the work: the close completes after the transaction does.
 *
 * <p>The provider knows nothing of the transaction manager; the server passes an
 * implementation to {@link IsolaConnectionFactory} for the factories it gives applications.
 * A factory without one behaves as in Java SE.
 */
@FunctionalInterface
public interface TransactionEnlistment {

    /**
     * Enlists {@code work} in the calling thread's active transaction.
     *
     * @return false, enlisting nothing, if the thread runs in no active transaction
     */
    boolean enlist(TransactedWork work);

    /** The part of a session that completes with a container transaction. */
    interface TransactedWork {

        /** For messages: "JMS session of connection ID:...". */
        String describe();

        /** Sends what the session sent and acknowledges what it received, in one broker commit. */
        void commit() throws JMSException;

        /** Discards the sends and gives the received messages back for redelivery. */
        void rollback() throws JMSException;

        /**
         * After {@link #commit} or {@link #rollback}, whatever happened: the session belonged to
         * that transaction only, so it closes now (and a connection whose close waited for it
         * closes too).
         */
        void completed();
    }
}

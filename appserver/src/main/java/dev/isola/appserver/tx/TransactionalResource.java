package dev.isola.appserver.tx;

/**
 * Work that a {@link LocalTransaction} completes: a JDBC connection, a JMS session, an
 * {@code XAResource} driven in one phase. A transaction holds at most one of them (see
 * {@link LocalTransaction#enlist}): there is no two-phase commit in this server.
 */
public interface TransactionalResource {

    /** Who owns it, for error messages: for example {@code datasource java:app/jdbc/Orders}. */
    String describe();

    void commit() throws Exception;

    void rollback() throws Exception;

    /** Called once after commit or rollback, whatever happened: return the connection to its pool. */
    void release();
}

package dev.isola.appserver.tx;

/**
 * A second resource manager tried to join a transaction that already has one. This server
 * has a local transaction manager without two-phase commit, so it refuses rather than
 * commit two resources one after the other and call that atomic: the caller gets this
 * exception when it asks for the second resource (for JDBC, wrapped in an {@code SQLException}
 * from {@code getConnection()}), and the transaction goes on with the first.
 */
public final class ResourceConflictException extends IllegalStateException {

    public ResourceConflictException(String held, String refused, long transactionId) {
        super("transaction " + transactionId + " already uses " + held + "; " + refused
                + " cannot join it: this server has no two-phase commit, so a transaction may use one resource"
                + " manager only (use one datasource, or do the second piece of work in a REQUIRES_NEW method)");
    }
}

package dev.isola.appserver.jdbc;

import dev.isola.appserver.tx.TransactionalResource;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A physical connection that belongs to a transaction: auto-commit off from enlistment to
 * completion, committed or rolled back by the transaction, then returned to its pool.
 * Application code only ever holds {@linkplain #newHandle handles}: closing a handle does not
 * end the work, and a handle refuses {@code commit}, {@code rollback} and
 * {@code setAutoCommit(true)}, which belong to the transaction.
 */
final class EnlistedConnection implements TransactionalResource {

    private final String dataSourceName;
    private final Connection physical;

    EnlistedConnection(String dataSourceName, Connection physical) throws SQLException {
        this.dataSourceName = dataSourceName;
        this.physical = physical;
        physical.setAutoCommit(false);
    }

    Connection newHandle() {
        return (Connection) Proxy.newProxyInstance(EnlistedConnection.class.getClassLoader(), new Class<?>[] {Connection.class}, new Handle());
    }

    @Override
    public String describe() {
        return "datasource " + dataSourceName;
    }

    @Override
    public void commit() throws SQLException {
        physical.commit();
    }

    @Override
    public void rollback() throws SQLException {
        physical.rollback();
    }

    @Override
    public void release() {
        try {
            physical.setAutoCommit(true);
        } catch (SQLException ignored) {
            // the pool validates and evicts a broken connection itself
        }
        try {
            physical.close();
        } catch (SQLException e) {
            System.getLogger(EnlistedConnection.class.getName()).log(System.Logger.Level.WARNING,
                    "datasource " + dataSourceName + ": returning a connection to the pool failed: " + e.getMessage());
        }
    }

    private final class Handle implements InvocationHandler {
        private boolean closed;

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "close" -> {
                    closed = true;
                    return null;
                }
                case "isClosed" -> {
                    return closed || physical.isClosed();
                }
                case "equals" -> {
                    return proxy == args[0];
                }
                case "hashCode" -> {
                    return System.identityHashCode(proxy);
                }
                case "toString" -> {
                    return "connection of " + describe() + " in a transaction";
                }
                case "commit", "rollback" -> {
                    if (method.getParameterCount() == 0) {
                        throw new SQLException(method.getName() + "() is not allowed on a connection enlisted in a transaction ("
                                + describe() + "); the transaction commits or rolls back", "25000");
                    }
                }
                case "setAutoCommit" -> {
                    if (Boolean.TRUE.equals(args[0])) {
                        throw new SQLException("setAutoCommit(true) is not allowed on a connection enlisted in a transaction (" + describe() + ")", "25000");
                    }
                    return null;
                }
                default -> { }
            }
            if (closed) {
                throw new SQLException("connection of " + describe() + " is closed", "08003");
            }
            try {
                return method.invoke(physical, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}

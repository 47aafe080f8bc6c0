package dev.isola.appserver.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import dev.isola.appserver.tx.LocalTransaction;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.appserver.tx.ResourceConflictException;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The datasource applications get: a HikariCP pool that takes part in the server's
 * transactions. Outside a transaction {@link #getConnection()} is a plain pooled connection
 * in auto-commit mode. Inside one, every {@code getConnection()} returns a handle on the same
 * physical connection, enlisted in the transaction and committed or rolled back with it.
 *
 * <p>Two datasources in one transaction: the second {@code getConnection()} fails with an
 * {@link SQLException} (SQLState 25000) that names both datasources, and the transaction goes
 * on with the first. See {@link ResourceConflictException} for why.
 *
 * <p>In a web isolate of a separated domain an embedded database belongs to the EJB isolate
 * (embedded Derby lets one process open a database): the datasource is bound so that
 * references resolve, and {@code getConnection()} fails with an {@link SQLException} that says
 * so ({@link #heldElsewhere}).
 *
 * <p>The pool is open from the start ({@link DataSourceFactory#create}), or opened by the first
 * {@code getConnection()} ({@link #openedOnFirstUse}).
 */
public final class ManagedDataSource implements DataSource, AutoCloseable {

    private final String name;
    /** The application that defined it; empty for the domain's own. */
    private final String application;
    /** What it connects to, without credentials (for the admin's {@link PoolFigures}). */
    private final String database;
    /** The pool, open from the start or on first use; null for a datasource held elsewhere. */
    private final OpenedOnFirstUse<HikariDataSource> pool;
    private final LocalTransactionManager tm;
    private final Runnable afterClose;
    /** Why this isolate cannot open the database; null for a working pool. */
    private final String unavailable;
    /** The directory of the embedded Derby database it opens; null for any other database (or one in memory). */
    private final Path embeddedDirectory;
    private volatile boolean closed;

    ManagedDataSource(String name, String application, String database, HikariDataSource pool, LocalTransactionManager tm, Runnable afterClose,
                      Path embeddedDirectory) {
        this(name, application, database, OpenedOnFirstUse.alreadyOpen(pool), tm, afterClose, null, embeddedDirectory);
    }

    private ManagedDataSource(String name, String application, String database, OpenedOnFirstUse<HikariDataSource> pool, LocalTransactionManager tm,
                              Runnable afterClose, String unavailable, Path embeddedDirectory) {
        this.name = name;
        this.application = application;
        this.database = database;
        this.pool = pool;
        this.tm = tm;
        this.afterClose = afterClose;
        this.unavailable = unavailable;
        this.embeddedDirectory = embeddedDirectory;
    }

    /** A datasource this isolate may not open: every {@code getConnection()} fails with {@code why} (SQLState 08001). */
    static ManagedDataSource heldElsewhere(String name, String application, String database, String why) {
        return new ManagedDataSource(name, application, database, null, null, () -> { }, why, null);
    }

    /**
     * A datasource whose pool {@code pool} opens at the first {@code getConnection()} (or {@code unwrap}); until then
     * nothing is open and closing it does nothing. If opening fails, that call fails with an {@link SQLException}
     * (SQLState 08001) carrying the reason (a {@link DataSourceDefinitionException}'s message as it is), and the next
     * call tries again.
     */
    static ManagedDataSource openedOnFirstUse(String name, String application, String database, OpenedOnFirstUse<HikariDataSource> pool,
                                              LocalTransactionManager tm, Runnable afterClose, Path embeddedDirectory) {
        return new ManagedDataSource(name, application, database, pool, tm, afterClose, null, embeddedDirectory);
    }

    /** Whether the pool is open (for a datasource opened on first use: whether it has been used). */
    boolean isOpen() {
        return pool != null && pool.ifOpen().isPresent();
    }

    private HikariDataSource pool() throws SQLException {
        try {
            return pool.get();
        } catch (OpenedOnFirstUse.ClosedException e) {
            throw new SQLException("datasource " + name + " is closed (its server is stopping)", "08003");
        } catch (DataSourceDefinitionException e) {
            throw new SQLException(e.getMessage(), "08001", e);
        } catch (RuntimeException e) {
            // Not one the factory names (a template that cannot be copied, say): the caller still gets an SQLException.
            throw new SQLException("datasource " + name + ": cannot open: " + e, "08001", e);
        }
    }

    public String name() {
        return name;
    }

    /** The application that defined it ({@code @DataSourceDefinition}); empty for the domain's own. */
    public String application() {
        return application;
    }

    /** Whether it was closed (its application undeployed, or its server stopped). */
    public boolean isClosed() {
        return closed;
    }

    /** The pool's figures now; a pool not open has none (zeros). */
    public PoolFigures figures() {
        if (pool == null) {
            return new PoolFigures(name, application, database, PoolFigures.State.HELD_ELSEWHERE, 0, 0, 0, 0);
        }
        Optional<HikariDataSource> open = pool.ifOpen();
        if (open.isEmpty()) {
            return new PoolFigures(name, application, database, PoolFigures.State.NOT_OPENED_YET, 0, 0, 0, 0);
        }
        HikariDataSource hikari = open.get();
        com.zaxxer.hikari.HikariPoolMXBean figures = hikari.getHikariPoolMXBean();
        if (hikari.isClosed() || figures == null) {
            return new PoolFigures(name, application, database, PoolFigures.State.CLOSED, 0, 0, 0, hikari.getMaximumPoolSize());
        }
        return new PoolFigures(name, application, database, PoolFigures.State.OPEN, figures.getActiveConnections(), figures.getIdleConnections(),
                figures.getThreadsAwaitingConnection(), hikari.getMaximumPoolSize());
    }

    /**
     * Connects to the database afresh, beside the pool (a connection of the vendor's datasource,
     * not one of the pool's, so that the answer is about the database now and the pool's
     * connections are not disturbed), checks the connection and closes it. A datasource opened
     * on its first use is opened.
     *
     * @throws SQLException what the driver said, with its SQLState (08001 for one this isolate cannot open)
     */
    public PingResult ping() throws SQLException {
        if (unavailable != null) {
            throw new SQLException(unavailable, "08001");
        }
        boolean wasOpen = isOpen();
        DataSource vendor = pool().getDataSource();
        long started = System.nanoTime();
        try (Connection connection = vendor.getConnection()) {
            if (!connection.isValid(10)) {
                throw new SQLException("datasource " + name + ": the database did not confirm the connection within 10 s", "08006");
            }
            java.sql.DatabaseMetaData about = connection.getMetaData();
            return new PingResult(name, application, about.getDatabaseProductName() + " " + about.getDatabaseProductVersion(),
                    java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), !wasOpen);
        }
    }

    /** The directory of the embedded Derby database this isolate opens for it, if it is one (not in memory). */
    public Optional<Path> embeddedDirectory() {
        return pool == null ? Optional.empty() : Optional.ofNullable(embeddedDirectory);
    }

    /**
     * Copies its embedded Derby database to {@code target} while the pool stays in use
     * ({@link DerbyOnlineBackup}): with Derby's backup procedure on a connection beside the pool
     * if the database is open, or as files, with its first use waiting, if it is not.
     *
     * @return false if there was nothing to copy (not an embedded database of this isolate, or one never created)
     * @throws SQLException what Derby said
     */
    public boolean backUp(Path target) throws SQLException, IOException {
        if (embeddedDirectory().isEmpty()) {
            return false;
        }
        return DerbyOnlineBackup.ofOpenedOnFirstUse(pool, embeddedDirectory, target, () -> {
            try (Connection connection = pool().getDataSource().getConnection()) {
                DerbyOnlineBackup.ofOpen(connection, embeddedDirectory, target);
            }
        });
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (unavailable != null) {
            throw new SQLException(unavailable, "08001");
        }
        LocalTransaction tx = tm.currentTransaction();
        if (tx == null || !tx.isActive()) {
            return pool().getConnection();
        }
        try {
            return tx.enlist(this, "datasource " + name, this::enlistedConnection).newHandle();
        } catch (ResourceConflictException e) {
            throw new SQLException(e.getMessage(), "25000", e);
        } catch (UncheckedSqlException e) {
            throw e.getCause();
        }
    }

    /**
     * A pooled connection that no transaction of the calling thread enlists, for the server's own
     * short reads (a JDBC realm's look-up at a sign-in): it commits as it goes (auto-commit) and
     * goes back to the pool when closed.
     *
     * @throws SQLException as {@link #getConnection()}, 08001 for a datasource this isolate may not open
     */
    public Connection connectionOutsideTransaction() throws SQLException {
        if (unavailable != null) {
            throw new SQLException(unavailable, "08001");
        }
        return pool().getConnection();
    }

    private EnlistedConnection enlistedConnection() {
        try {
            return new EnlistedConnection(name, pool().getConnection());
        } catch (SQLException e) {
            throw new UncheckedSqlException(e);
        }
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("datasource " + name + " is a pool with fixed credentials; use getConnection()");
    }

    /** Closes the pool (and, for embedded Derby, shuts the database down so its files are released); one never opened stays so. */
    @Override
    public void close() {
        closed = true;
        if (pool == null) {
            return;
        }
        pool.close().ifPresent(open -> {
            open.close();
            afterClose.run();
        });
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (unavailable != null) {
            throw new SQLException(unavailable, "08001");
        }
        return pool().unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || unavailable == null && pool().isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "ManagedDataSource[" + name + "]";
    }

    private static final class UncheckedSqlException extends RuntimeException {
        UncheckedSqlException(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }
}

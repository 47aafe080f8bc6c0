package dev.isola.appserver.jms.store;

import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;
import dev.isola.appserver.jdbc.DerbyOnlineBackup;
import dev.isola.appserver.jdbc.DerbyTerritory;
import dev.isola.appserver.jdbc.EmbeddedDerbyShutdown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The message store in an embedded Derby database, with group commit.
 *
 * <pre>
 *   senders / acks ──apply(batch)──▶ queue of pending batches
 *                                        │  one writer thread takes ALL pending batches,
 *                                        ▼  runs them in one Derby transaction, commits
 *                                    one commit = one log sync for the whole group
 *                                        │
 *   futures complete ◀───────────────────┘  (only after the commit returned)
 * </pre>
 *
 * <p>While one group commits, the next one gathers, so under load the cost of a disk sync
 * is shared by every batch that arrived meanwhile, and with a single sender it costs no
 * more than a plain commit. If a group fails (a constraint, a full disk), it is rolled back
 * and its batches are retried one by one, so one bad batch cannot fail the others.
 *
 * <p>Messages up to 32 KB encoded are kept inline ({@code VARCHAR FOR BIT DATA}); larger ones
 * in a {@code BLOB} column, which Derby reads and writes more slowly.
 */
final class DerbyMessageStore implements MessageStore {

    private static final System.Logger LOG = System.getLogger(DerbyMessageStore.class.getName());
    private static final int INLINE_LIMIT = 32_672;
    private static final String SCHEMA_VERSION = "1";

    private final Path databaseDirectory;
    private final String url;
    private final Connection connection;
    private final ReentrantLock connectionLock = new ReentrantLock();
    private final PreparedStatement insertMessage;
    private final PreparedStatement deleteMessage;
    private final PreparedStatement updateDeliveries;
    private final PreparedStatement insertSubscription;
    private final PreparedStatement deleteSubscription;
    private final PreparedStatement deleteQueueMessages;

    private final Object queueLock = new Object();
    private ArrayDeque<Pending> pending = new ArrayDeque<>();
    private boolean closing;
    private final Thread writer;
    private volatile long batches;
    private volatile long commits;

    private record Pending(List<StoreOperation> batch, CompletableFuture<Void> done) {
    }

    DerbyMessageStore(Path directory, Optional<DerbyDatabaseTemplates> templates) {
        this.databaseDirectory = databaseDirectory(directory);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new StoreException("cannot create the JMS store directory " + directory + ": " + e.getMessage(), e);
        }
        if (System.getProperty("derby.stream.error.file") == null && System.getProperty("derby.stream.error.field") == null
                && System.getProperty("derby.stream.error.method") == null) {
            // Derby writes derby.log into the working directory otherwise.
            System.setProperty("derby.stream.error.file", directory.toAbsolutePath().resolve("derby.log").toString());
        }
        this.url = "jdbc:derby:" + databaseDirectory;
        try {
            // A new store gets a territory in which Derby sorts without throwing; an existing one keeps its own.
            String creation = DerbyTerritory.forEmbedded("create=true");
            templates.ifPresent(t -> t.provide(databaseDirectory, Map.of("connectionAttributes", creation)));
            connection = DriverManager.getConnection(url + ";" + creation);
            connection.setAutoCommit(false);
            createSchemaIfMissing();
            insertMessage = connection.prepareStatement(
                    "INSERT INTO JMS_MESSAGE (QUEUE_KEY, SEQ, DELIVERIES, DATA, LARGE_DATA) VALUES (?, ?, ?, ?, ?)");
            deleteMessage = connection.prepareStatement("DELETE FROM JMS_MESSAGE WHERE QUEUE_KEY = ? AND SEQ = ?");
            updateDeliveries = connection.prepareStatement("UPDATE JMS_MESSAGE SET DELIVERIES = ? WHERE QUEUE_KEY = ? AND SEQ = ?");
            insertSubscription = connection.prepareStatement(
                    "INSERT INTO JMS_SUBSCRIPTION (QUEUE_KEY, TOPIC, CLIENT_ID, NAME, SELECTOR, NO_LOCAL, SHARED) VALUES (?, ?, ?, ?, ?, ?, ?)");
            deleteSubscription = connection.prepareStatement("DELETE FROM JMS_SUBSCRIPTION WHERE QUEUE_KEY = ?");
            deleteQueueMessages = connection.prepareStatement("DELETE FROM JMS_MESSAGE WHERE QUEUE_KEY = ?");
        } catch (SQLException e) {
            throw new StoreException("cannot open the JMS store at " + databaseDirectory + ": " + describe(e), e);
        }
        writer = Thread.ofPlatform().name("jms-store-writer").daemon().unstarted(this::writeLoop);
        writer.setContextClassLoader(DerbyMessageStore.class.getClassLoader());
        writer.start();
    }

    /** Where the Derby database of a store in {@code directory} lives. */
    static Path databaseDirectory(Path directory) {
        return directory.toAbsolutePath().resolve("store");
    }

    private void createSchemaIfMissing() throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, "JMS_STORE_INFO", null)) {
            if (tables.next()) {
                try (Statement s = connection.createStatement();
                     ResultSet version = s.executeQuery("SELECT INFO_VALUE FROM JMS_STORE_INFO WHERE INFO_KEY = 'schemaVersion'")) {
                    String found = version.next() ? version.getString(1) : "none";
                    if (!SCHEMA_VERSION.equals(found)) {
                        throw new StoreException("the JMS store at " + databaseDirectory + " has schema version " + found
                                + "; this broker reads version " + SCHEMA_VERSION, null);
                    }
                }
                return;
            }
        }
        try (Statement s = connection.createStatement()) {
            s.executeUpdate("CREATE TABLE JMS_STORE_INFO (INFO_KEY VARCHAR(64) PRIMARY KEY, INFO_VALUE VARCHAR(256))");
            s.executeUpdate("CREATE TABLE JMS_MESSAGE (QUEUE_KEY VARCHAR(1024) NOT NULL, SEQ BIGINT NOT NULL, DELIVERIES INT NOT NULL,"
                    + " DATA VARCHAR(" + INLINE_LIMIT + ") FOR BIT DATA, LARGE_DATA BLOB(2G), PRIMARY KEY (QUEUE_KEY, SEQ))");
            s.executeUpdate("CREATE TABLE JMS_SUBSCRIPTION (QUEUE_KEY VARCHAR(1024) PRIMARY KEY, TOPIC VARCHAR(256) NOT NULL,"
                    + " CLIENT_ID VARCHAR(1024), NAME VARCHAR(1024) NOT NULL, SELECTOR LONG VARCHAR, NO_LOCAL SMALLINT NOT NULL,"
                    + " SHARED SMALLINT NOT NULL)");
            s.executeUpdate("INSERT INTO JMS_STORE_INFO VALUES ('schemaVersion', '" + SCHEMA_VERSION + "')");
        }
        connection.commit();
    }

    @Override
    public Recovery recover() {
        connectionLock.lock();
        try (Statement s = connection.createStatement()) {
            List<StoredSubscription> subscriptions = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT QUEUE_KEY, TOPIC, CLIENT_ID, NAME, SELECTOR, NO_LOCAL, SHARED FROM JMS_SUBSCRIPTION")) {
                while (rs.next()) {
                    subscriptions.add(new StoredSubscription(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getShort(6) != 0, rs.getShort(7) != 0));
                }
            }
            List<StoredMessage> messages = new ArrayList<>();
            long highest = 0;
            try (ResultSet rs = s.executeQuery("SELECT QUEUE_KEY, SEQ, DELIVERIES, DATA, LARGE_DATA FROM JMS_MESSAGE ORDER BY SEQ")) {
                while (rs.next()) {
                    byte[] data = rs.getBytes(4);
                    if (data == null) {
                        data = rs.getBytes(5);
                    }
                    long sequence = rs.getLong(2);
                    highest = Math.max(highest, sequence);
                    messages.add(new StoredMessage(rs.getString(1), sequence, rs.getInt(3), data));
                }
            }
            connection.commit();
            return new Recovery(subscriptions, messages, highest);
        } catch (SQLException e) {
            throw new StoreException("cannot read the JMS store at " + databaseDirectory + ": " + describe(e), e);
        } finally {
            connectionLock.unlock();
        }
    }

    @Override
    public CompletableFuture<Void> apply(List<StoreOperation> batch) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (batch.isEmpty()) {
            done.complete(null);
            return done;
        }
        synchronized (queueLock) {
            if (closing) {
                done.completeExceptionally(new StoreException("the JMS store at " + databaseDirectory + " is closed", null));
                return done;
            }
            pending.add(new Pending(List.copyOf(batch), done));
            if (pending.size() == 1) {
                queueLock.notifyAll();
            }
        }
        return done;
    }

    private void writeLoop() {
        while (true) {
            ArrayDeque<Pending> group;
            synchronized (queueLock) {
                while (pending.isEmpty() && !closing) {
                    try {
                        queueLock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (pending.isEmpty()) {
                    return;
                }
                group = pending;
                pending = new ArrayDeque<>();
            }
            commitGroup(group);
        }
    }

    private void commitGroup(ArrayDeque<Pending> group) {
        connectionLock.lock();
        try {
            try {
                for (Pending p : group) {
                    execute(p.batch());
                }
                connection.commit();
                commits++;
                batches += group.size();
                group.forEach(p -> p.done().complete(null));
                return;
            } catch (SQLException e) {
                rollbackQuietly();
                if (group.size() == 1) {
                    fail(group.getFirst(), e);
                    return;
                }
            }
            for (Pending p : group) {
                try {
                    execute(p.batch());
                    connection.commit();
                    commits++;
                    batches++;
                    p.done().complete(null);
                } catch (SQLException e) {
                    rollbackQuietly();
                    fail(p, e);
                }
            }
        } finally {
            connectionLock.unlock();
        }
    }

    private void fail(Pending p, SQLException e) {
        LOG.log(System.Logger.Level.WARNING, "JMS store batch of " + p.batch().size() + " operations failed: " + describe(e));
        p.done().completeExceptionally(new StoreException("the JMS store at " + databaseDirectory + " could not apply a batch: "
                + describe(e), e));
    }

    /** Runs the operations in order, sending runs of the same statement as one JDBC batch. */
    private void execute(List<StoreOperation> batch) throws SQLException {
        PreparedStatement open = null;
        for (StoreOperation op : batch) {
            PreparedStatement statement = switch (op) {
                case StoreOperation.AddMessage a -> insertMessage;
                case StoreOperation.RemoveMessage r -> deleteMessage;
                case StoreOperation.SetDeliveries d -> updateDeliveries;
                case StoreOperation.AddSubscription s -> insertSubscription;
                case StoreOperation.RemoveSubscription r -> deleteSubscription;
            };
            if (open != null && open != statement) {
                open.executeBatch();
            }
            open = statement;
            switch (op) {
                case StoreOperation.AddMessage a -> {
                    insertMessage.setString(1, a.queue());
                    insertMessage.setLong(2, a.sequence());
                    insertMessage.setInt(3, a.deliveries());
                    boolean inline = a.data().length <= INLINE_LIMIT;
                    insertMessage.setBytes(4, inline ? a.data() : null);
                    insertMessage.setBytes(5, inline ? null : a.data());
                }
                case StoreOperation.RemoveMessage r -> {
                    deleteMessage.setString(1, r.queue());
                    deleteMessage.setLong(2, r.sequence());
                }
                case StoreOperation.SetDeliveries d -> {
                    updateDeliveries.setInt(1, d.deliveries());
                    updateDeliveries.setString(2, d.queue());
                    updateDeliveries.setLong(3, d.sequence());
                }
                case StoreOperation.AddSubscription s -> {
                    StoredSubscription sub = s.subscription();
                    insertSubscription.setString(1, sub.queue());
                    insertSubscription.setString(2, sub.topic());
                    insertSubscription.setString(3, sub.clientId());
                    insertSubscription.setString(4, sub.name());
                    insertSubscription.setString(5, sub.selector());
                    insertSubscription.setShort(6, (short) (sub.noLocal() ? 1 : 0));
                    insertSubscription.setShort(7, (short) (sub.shared() ? 1 : 0));
                }
                case StoreOperation.RemoveSubscription r -> {
                    // Its messages first, in a statement of their own.
                    deleteQueueMessages.setString(1, r.queue());
                    deleteQueueMessages.executeUpdate();
                    deleteSubscription.setString(1, r.queue());
                }
            }
            statement.addBatch();
        }
        if (open != null) {
            open.executeBatch();
        }
    }

    private void rollbackQuietly() {
        try {
            for (PreparedStatement statement : List.of(insertMessage, deleteMessage, updateDeliveries, insertSubscription, deleteSubscription)) {
                statement.clearBatch();
            }
            connection.rollback();
        } catch (SQLException e) {
            LOG.log(System.Logger.Level.WARNING, "rollback of the JMS store failed: " + describe(e));
        }
    }

    @Override
    public Statistics statistics() {
        return new Statistics(batches, commits);
    }

    @Override
    public Path databaseDirectory() {
        return databaseDirectory;
    }

    /** On a connection of its own, so that the writer's group commits go on while Derby copies. */
    @Override
    public boolean backUp(Path target) {
        try (Connection copying = DriverManager.getConnection(url)) {
            DerbyOnlineBackup.ofOpen(copying, databaseDirectory, target);
            return true;
        } catch (SQLException e) {
            throw new StoreException("cannot copy the JMS store at " + databaseDirectory + ": " + describe(e), e);
        } catch (IOException e) {
            throw new StoreException("cannot copy the JMS store at " + databaseDirectory + " to " + target + ": " + e, e);
        }
    }

    @Override
    public void close() {
        synchronized (queueLock) {
            if (closing) {
                return;
            }
            closing = true;
            queueLock.notifyAll();
        }
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connectionLock.lock();
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.log(System.Logger.Level.WARNING, "closing the JMS store connection failed: " + describe(e));
        } finally {
            connectionLock.unlock();
        }
        try {
            EmbeddedDerbyShutdown.shutdown(databaseDirectory);
        } catch (SQLException e) {
            LOG.log(System.Logger.Level.WARNING, "shutting down the JMS store database failed: " + describe(e));
        }
    }

    private static String describe(SQLException e) {
        StringBuilder text = new StringBuilder(e.getMessage() + " (SQLState " + e.getSQLState() + ")");
        SQLException next = e.getNextException();
        if (next != null && next != e) {
            text.append("; ").append(next.getMessage());
        }
        return text.toString();
    }
}

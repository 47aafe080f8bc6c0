package dev.isola.appserver.jms.store;

import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where the broker keeps what must survive a crash: persistent messages of queues and
 * durable subscriptions (with how often each was handed out), and the durable
 * subscriptions themselves.
 *
 * <p>Changes come in batches that are atomic: {@link #apply} completes when the whole batch
 * is on disk, or fails and none of it is. Implementations are expected to group concurrent
 * batches into one disk sync (group commit), so that many senders share the cost of a sync.
 *
 * <pre>{@code
 * try (MessageStore store = MessageStore.derby(dataDir)) {
 *     MessageStore.Recovery state = store.recover();
 *     store.apply(List.of(new StoreOperation.AddMessage("Q:orders", 42, 0, bytes))).join();
 * }
 * }</pre>
 */
public interface MessageStore extends AutoCloseable {

    /** The store in an embedded Derby database under {@code directory} (created if missing). */
    static MessageStore derby(Path directory) {
        return derby(directory, Optional.empty());
    }

    /** The store in an embedded Derby database under {@code directory}; a new one is copied from {@code templates} when it can be. */
    static MessageStore derby(Path directory, Optional<DerbyDatabaseTemplates> templates) {
        return new DerbyMessageStore(directory, templates);
    }

    /**
     * The same store, opened at once if it exists in {@code directory} and otherwise created by the first batch
     * applied: a broker that never stores anything never boots a database (see {@link DeferredMessageStore}).
     */
    static MessageStore derbyOnFirstWrite(Path directory, Optional<DerbyDatabaseTemplates> templates) {
        return new DeferredMessageStore(directory, templates);
    }

    /** Everything in the store, for a broker that starts. Call once, before the first {@link #apply}. */
    Recovery recover();

    /**
     * Applies a batch atomically; the future completes when it is durable, or exceptionally
     * with {@link StoreException} (nothing of the batch applied).
     */
    CompletableFuture<Void> apply(List<StoreOperation> batch);

    /** Counts since the store was opened. */
    Statistics statistics();

    /** The directory of the store's database (a backup of the domain's data puts its copy in the same place). */
    Path databaseDirectory();

    /**
     * Copies the store, as of one moment, to {@code target} while it stays in use: every batch
     * applied before the copy ended is in it, and none halfway
     * ({@link dev.isola.appserver.jdbc.DerbyOnlineBackup}).
     *
     * @param target a directory that does not exist yet
     * @return false if there is nothing to copy (a store never written to)
     * @throws StoreException if the database could not be copied, saying why
     */
    boolean backUp(Path target);

    /** Finishes batches in progress, then releases the store. */
    @Override
    void close();

    /**
     * What the store did: more batches than commits means concurrent batches shared a disk sync.
     *
     * @param batches batches applied successfully
     * @param commits database commits (each one log sync)
     */
    record Statistics(long batches, long commits) {
    }

    /**
     * The store's content at startup.
     *
     * @param messages      in ascending sequence order
     * @param highestSequence the largest sequence number ever stored (0 for an empty store)
     */
    record Recovery(List<StoredSubscription> subscriptions, List<StoredMessage> messages, long highestSequence) {
        public Recovery {
            subscriptions = List.copyOf(subscriptions);
            messages = List.copyOf(messages);
        }
    }
}

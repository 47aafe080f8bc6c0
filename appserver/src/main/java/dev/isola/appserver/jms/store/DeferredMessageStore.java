package dev.isola.appserver.jms.store;

import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;
import dev.isola.appserver.jdbc.DerbyOnlineBackup;
import dev.isola.appserver.jdbc.OpenedOnFirstUse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The broker's store when it may be that nothing was ever stored: the Derby store is opened at
 * once if it exists, and otherwise only when the first batch is applied.
 *
 * <p>Why: most domains never send a persistent message (an idle domain, an application without
 * JMS), and an embedded Derby database costs a domain its boot at start (a few hundred ms of
 * one core) and its memory for good: some 1,100 classes, caches and two daemon threads. A store
 * that does not exist yet holds nothing to recover, so the broker loses nothing by starting from
 * an empty recovery. What can be checked without Derby still fails at start: the store's
 * directory is created (or found) and must be writable.
 *
 * <p>The first persistent send or durable subscription of the process pays the database's
 * creation (copied from the domains root's template when there is one); if that fails, that
 * batch fails with the {@link StoreException} saying why, and the next batch tries again.
 */
final class DeferredMessageStore implements MessageStore {

    private final Path directory;
    private final OpenedOnFirstUse<MessageStore> store;

    DeferredMessageStore(Path directory, Optional<DerbyDatabaseTemplates> templates) {
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new StoreException("cannot create the JMS store directory " + directory + ": " + e, e);
        }
        if (!Files.isWritable(directory)) {
            throw new StoreException("the JMS store directory " + directory + " is not writable", null);
        }
        // The first batch comes from an application's thread: see OpenedOnFirstUse for why it is not the opener.
        this.store = Files.exists(DerbyMessageStore.databaseDirectory(directory))
                ? OpenedOnFirstUse.alreadyOpen(new DerbyMessageStore(directory, templates))
                : new OpenedOnFirstUse<>("jms-store-open", () -> new DerbyMessageStore(directory, templates));
    }

    /** Whether the Derby store has been opened (it existed at start, or a batch was applied since). */
    boolean isOpen() {
        return store.ifOpen().isPresent();
    }

    @Override
    public Recovery recover() {
        return store.ifOpen().map(MessageStore::recover).orElseGet(() -> new Recovery(List.of(), List.of(), 0));
    }

    @Override
    public CompletableFuture<Void> apply(List<StoreOperation> batch) {
        if (batch.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        MessageStore opened;
        try {
            opened = store.get();
        } catch (OpenedOnFirstUse.ClosedException e) {
            return CompletableFuture.failedFuture(new StoreException("the JMS store at " + directory + " is closed", null));
        } catch (StoreException e) {
            return CompletableFuture.failedFuture(e);
        }
        return opened.apply(batch);
    }

    @Override
    public Statistics statistics() {
        return store.ifOpen().map(MessageStore::statistics).orElseGet(() -> new Statistics(0, 0));
    }

    @Override
    public Path databaseDirectory() {
        return DerbyMessageStore.databaseDirectory(directory);
    }

    /** A store not opened yet is copied as files, with the first batch waiting until the copy is made. */
    @Override
    public boolean backUp(Path target) {
        Path database = databaseDirectory();
        try {
            return DerbyOnlineBackup.ofOpenedOnFirstUse(store, database, target, () -> store.get().backUp(target));
        } catch (IOException | SQLException e) {
            throw new StoreException("cannot copy the JMS store at " + database + " to " + target + ": " + e, e);
        }
    }

    @Override
    public void close() {
        store.close().ifPresent(MessageStore::close);
    }
}

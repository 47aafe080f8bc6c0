package dev.isola.appserver.jms.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The broker's store when nothing may ever be stored: no database until the first batch, an
 * existing one opened and recovered at once, bad directories refused at once, and a first batch
 * that cannot create the database failing alone.
 */
class DeferredMessageStoreTest {

    @TempDir
    Path directory;

    private static StoreOperation add(String queue, long seq) {
        return new StoreOperation.AddMessage(queue, seq, 0, new byte[]{(byte) seq});
    }

    private Path database() {
        return directory.resolve("store");
    }

    @Test
    void aStoreNeverWrittenToIsCreatedByItsFirstBatchAndRecoveredLikeAnyOther() {
        try (MessageStore store = MessageStore.derbyOnFirstWrite(directory, Optional.empty())) {
            MessageStore.Recovery recovery = store.recover();
            assertEquals(List.of(), recovery.messages());
            assertEquals(List.of(), recovery.subscriptions());
            assertEquals(0, recovery.highestSequence());
            store.apply(List.of()).join();
            assertFalse(Files.exists(database()), "no database before the first batch that stores something");
            assertFalse(((DeferredMessageStore) store).isOpen());

            store.apply(List.of(add("Q:a", 7))).join();

            assertTrue(Files.isDirectory(database()), "the first batch creates the database");
            assertEquals(new MessageStore.Statistics(1, 1), store.statistics());
        }
        try (MessageStore reopened = MessageStore.derbyOnFirstWrite(directory, Optional.empty())) {
            assertTrue(((DeferredMessageStore) reopened).isOpen(), "an existing store is opened at once");
            assertEquals(List.of(7L), reopened.recover().messages().stream().map(StoredMessage::sequence).toList());
            assertEquals(7, reopened.recover().highestSequence());
        }
    }

    @Test
    void aDirectoryThatCannotHoldAStoreIsRefusedAtOnce() throws Exception {
        Path file = Files.writeString(directory.resolve("a-file"), "not a directory");

        StoreException refused = assertThrows(StoreException.class, () -> MessageStore.derbyOnFirstWrite(file, Optional.empty()));

        assertTrue(refused.getMessage().contains("cannot create the JMS store directory " + file), refused.getMessage());
    }

    @Test
    void aFirstBatchThatCannotCreateTheDatabaseFailsAloneAndTheNextCreatesIt() throws Exception {
        try (MessageStore store = MessageStore.derbyOnFirstWrite(directory, Optional.empty())) {
            Files.writeString(database(), "in the way");

            CompletionException failed = assertThrows(CompletionException.class, () -> store.apply(List.of(add("Q:a", 1))).join());

            StoreException cause = assertInstanceOf(StoreException.class, failed.getCause());
            assertTrue(cause.getMessage().contains("cannot open the JMS store at " + database().toAbsolutePath()), cause.getMessage());
            Files.delete(database());
            store.apply(List.of(add("Q:a", 2))).join();
            assertEquals(List.of(2L), store.recover().messages().stream().map(StoredMessage::sequence).toList());
        }
    }

    @Test
    void aStoreClosedBeforeItsFirstBatchCreatesNothing() {
        MessageStore store = MessageStore.derbyOnFirstWrite(directory, Optional.empty());
        store.close();

        CompletionException refused = assertThrows(CompletionException.class, () -> store.apply(List.of(add("Q:a", 1))).join());

        assertTrue(refused.getCause().getMessage().contains("is closed"), refused.getCause().getMessage());
        assertFalse(Files.exists(database()));
    }
}

package dev.isola.appserver.jms.store;

import dev.isola.appserver.jdbc.DerbyDatabaseTemplates;
import dev.isola.appserver.support.DefaultLocale;
import dev.isola.appserver.support.DerbyDatabaseTerritory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Derby store on its own: atomic batches, group commit, isolation of a failing batch,
 * recovery, its database's territory, a new store copied from a database template.
 */
class DerbyMessageStoreTest {

    @TempDir
    Path directory;

    @Test
    void aNewStoreCopiedFromATemplateKeepsWhatItIsGivenAndTheNextStoreIsACopyToo() throws Exception {
        DerbyDatabaseTemplates templates = new DerbyDatabaseTemplates(directory.resolve("templates"));
        Path first = directory.resolve("first");
        try (MessageStore store = MessageStore.derby(first, Optional.of(templates))) {
            assertEquals(0, store.recover().messages().size());
            store.apply(List.of(add("Q:a", 1, 10))).join();
        }
        try (MessageStore reopened = MessageStore.derby(first, Optional.of(templates))) {
            assertEquals(List.of(1L), reopened.recover().messages().stream().map(StoredMessage::sequence).toList());
        }
        try (MessageStore second = MessageStore.derby(directory.resolve("second"), Optional.of(templates))) {
            assertEquals(0, second.recover().messages().size(), "a copy of the empty template, not of the first store");
        }
        try (var templatesMade = Files.list(directory.resolve("templates"))) {
            assertEquals(1, templatesMade.filter(Files::isDirectory).count(), "one template for both stores");
        }
        assertEquals(DerbyDatabaseTerritory.of(directory.resolve("first/store")), DerbyDatabaseTerritory.of(directory.resolve("second/store")));
    }

    private static StoreOperation add(String queue, long seq, int size) {
        byte[] data = new byte[size];
        data[0] = (byte) seq;
        return new StoreOperation.AddMessage(queue, seq, 0, data);
    }

    @Test
    void batchesAreDurableAndRecoveredInSequenceOrderIncludingLargeMessages() {
        try (MessageStore store = MessageStore.derby(directory)) {
            assertEquals(0, store.recover().messages().size());
            store.apply(List.of(add("Q:a", 3, 10), add("Q:a", 1, 100_000), add("Q:b", 2, 10))).join();
            store.apply(List.of(new StoreOperation.SetDeliveries("Q:a", 3, 2), new StoreOperation.RemoveMessage("Q:b", 2))).join();
            store.apply(List.of(new StoreOperation.AddSubscription(new StoredSubscription("S:x", "t", "client", "x", "a > 1", true, false)),
                    add("S:x", 4, 5))).join();
        }
        try (MessageStore store = MessageStore.derby(directory)) {
            MessageStore.Recovery recovery = store.recover();
            assertEquals(List.of(1L, 3L, 4L), recovery.messages().stream().map(StoredMessage::sequence).toList());
            assertEquals(100_000, recovery.messages().get(0).data().length, "a large message comes back whole");
            assertEquals(2, recovery.messages().get(1).deliveries());
            assertEquals(4, recovery.highestSequence());
            StoredSubscription sub = recovery.subscriptions().getFirst();
            assertEquals(new StoredSubscription("S:x", "t", "client", "x", "a > 1", true, false), sub);
            store.apply(List.of(new StoreOperation.RemoveSubscription("S:x"))).join();
            assertEquals(List.of(1L, 3L), store.recover().messages().stream().map(StoredMessage::sequence).toList(),
                    "removing a subscription removes its messages");
        }
    }

    @Test
    void concurrentBatchesShareCommits() throws Exception {
        try (MessageStore store = MessageStore.derby(directory)) {
            store.recover();
            int threads = 8;
            int perThread = 40;
            List<Thread> senders = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                senders.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < perThread; i++) {
                        store.apply(List.of(add("Q:load", base + i + 1, 200))).join();
                    }
                }));
            }
            for (Thread t : senders) {
                t.join();
            }
            MessageStore.Statistics stats = store.statistics();
            assertEquals(threads * perThread, stats.batches());
            assertTrue(stats.commits() < stats.batches(), "group commit: " + stats);
            assertEquals(threads * perThread, store.recover().messages().size());
        }
    }

    @Test
    void aFailingBatchFailsAloneAndLeavesNothingOfItself() {
        try (MessageStore store = MessageStore.derby(directory)) {
            store.recover();
            store.apply(List.of(add("Q:a", 1, 10))).join();
            List<CompletableFuture<Void>> futures = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                futures.add(store.apply(List.of(add("Q:a", 100 + i, 10))));
            }
            // Its second operation collides with message 1: the whole batch must fail, its first part too.
            CompletableFuture<Void> bad = store.apply(List.of(add("Q:a", 50, 10), add("Q:a", 1, 10)));
            for (int i = 0; i < 20; i++) {
                futures.add(store.apply(List.of(add("Q:a", 200 + i, 10))));
            }
            futures.forEach(CompletableFuture::join);
            CompletionException failure = assertThrows(CompletionException.class, bad::join);
            assertInstanceOf(StoreException.class, failure.getCause());
            assertTrue(failure.getCause().getMessage().contains("could not apply a batch"), failure.getCause().getMessage());
            List<Long> stored = store.recover().messages().stream().map(StoredMessage::sequence).toList();
            assertEquals(41, stored.size());
            assertTrue(!stored.contains(50L), "the failed batch left nothing");
        }
    }

    @Test
    void aClosedStoreRefusesBatchesAndAnUnreadableDirectoryIsNamed() throws Exception {
        MessageStore store = MessageStore.derby(directory.resolve("closed"));
        store.recover();
        store.close();
        CompletionException e = assertThrows(CompletionException.class, () -> store.apply(List.of(add("Q:a", 1, 1))).join());
        assertTrue(e.getCause().getMessage().contains("closed"), e.getCause().getMessage());

        Path file = Files.writeString(directory.resolve("not-a-directory"), "x");
        StoreException bad = assertThrows(StoreException.class, () -> MessageStore.derby(file));
        assertTrue(bad.getMessage().contains(file.toString()), bad.getMessage());
    }

    @Test
    void theStoresDatabaseGetsATerritoryInWhichDerbyFindsItsMessages() {
        try (DefaultLocale languageWithoutCountry = DefaultLocale.set(Locale.of("en")); MessageStore store = MessageStore.derby(directory)) {
            store.recover();
        }
        assertEquals("en_US", DerbyDatabaseTerritory.of(directory.resolve("store")));
    }
}

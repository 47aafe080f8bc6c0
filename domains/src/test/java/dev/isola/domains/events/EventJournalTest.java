package dev.isola.domains.events;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The event journal stays bounded on disk and reads its last events from the end, across its two files. */
class EventJournalTest {

    @TempDir
    Path dir;

    private static DomainEvent event(int n) {
        return DomainEvent.of("shop", "shop", n, DomainEvent.Kind.STARTED, "event " + n + " " + "x".repeat(150));
    }

    private static List<Long> pids(List<DomainEvent> events) {
        return events.stream().map(DomainEvent::pid).toList();
    }

    private static List<Long> range(int fromInclusive, int toInclusive) {
        return IntStream.rangeClosed(fromInclusive, toInclusive).mapToObj(n -> (long) n).toList();
    }

    @Test
    void pastItsSizeTheJournalStartsANewFileKeepingOnlyTheOneBefore() throws Exception {
        Path file = dir.resolve("events.jsonl");
        EventJournal journal = new EventJournal(file, 2048);
        for (int n = 1; n <= 100; n++) {
            journal.append(event(n));
        }
        assertTrue(Files.exists(dir.resolve("events.jsonl.1")));
        assertFalse(Files.exists(dir.resolve("events.jsonl.2")));
        assertTrue(Files.size(file) + Files.size(dir.resolve("events.jsonl.1")) < 2 * (2048 + 300), "bounded on disk");

        assertEquals(range(91, 100), pids(journal.last(10)), "the newest, oldest first");
        List<Long> all = pids(journal.last(1000));
        assertEquals(100, all.getLast());
        assertEquals(range((int) (long) all.getFirst(), 100), all, "what is kept is the newest events, in order, none missing");
        assertTrue(all.size() > 10 && all.size() < 100, all.toString());
    }

    @Test
    void theLastEventsAreReadFromTheEndHoweverLongTheJournal() {
        EventJournal journal = new EventJournal(dir.resolve("events.jsonl"));
        for (int n = 1; n <= 2000; n++) {
            journal.append(event(n));
        }
        assertEquals(range(1996, 2000), pids(journal.last(5)));
        // More lines than one piece read from the end holds: it reads further back.
        assertEquals(range(501, 2000), pids(journal.last(1500)));
        assertEquals(range(1, 2000), pids(journal.last(5000)));
    }

    @Test
    void aJournalNotWrittenYetHasNoEvents() {
        assertEquals(List.of(), new EventJournal(dir.resolve("none/events.jsonl")).last(30));
    }
}

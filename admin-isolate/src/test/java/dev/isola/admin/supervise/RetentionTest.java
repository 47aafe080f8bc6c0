package dev.isola.admin.supervise;

import dev.isola.domains.DomainsRoot;
import dev.isola.domains.config.DomainConfig;
import dev.isola.domains.config.DomainMode;
import dev.isola.domains.events.DomainEvent;
import dev.isola.domains.events.EventJournal;
import dev.isola.mvm.image.Image;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --event-journal-size} and {@code --keep-ended-isolates} as the supervisor holds them. */
class RetentionTest {

    @TempDir
    Path dir;

    @Test
    void aDomainsJournalStartsANewFileAtTheSizeTheSupervisorWasGiven() throws Exception {
        DomainsRoot root = DomainsRoot.at(dir.resolve("domains"));
        root.create(DomainConfig.defaults("shop", DomainMode.COMBINED, 8080));
        Retention small = new Retention(Duration.ofDays(2), 64 << 10);
        try (Supervisor supervisor = new Supervisor(root, Image.ofCurrentJvm("test"), dir.resolve("mvm"), RestartPolicy.DEFAULTS, small, 0, false,
                false, Optional.empty())) {
            EventJournal journal = supervisor.domain("shop").journal();
            Path previous = journal.file().resolveSibling(journal.file().getFileName() + ".1");

            int events = 0;
            while (!Files.exists(previous)) {
                journal.append(DomainEvent.of("shop", "shop", 1, DomainEvent.Kind.STARTED, "event " + events++));
            }

            assertEquals(small, supervisor.retention());
            assertTrue(Files.size(previous) >= 64 << 10 && Files.size(previous) < (64 << 10) + 1024, "rotated at 64 KB: " + Files.size(previous));
            assertTrue(events < 1000, "far before the default 4 MB: " + events + " events");
            assertEquals("event " + (events - 1), journal.last(1).getFirst().message());
        }
    }

    @Test
    void theSupervisorsDefaultsKeepAWeekAndFourMegabytes() {
        assertEquals(Duration.ofDays(7), Retention.DEFAULTS.keepEndedIsolates());
        assertEquals(EventJournal.DEFAULT_MAX_SIZE, Retention.DEFAULTS.eventJournalBytes());
        assertFalse(Retention.DEFAULTS.keepEndedIsolates().isZero());
    }

    @Test
    void aNegativeRetentionIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> new Retention(Duration.ofDays(-1), 1));
        assertThrows(IllegalArgumentException.class, () -> new Retention(Duration.ofDays(1), 0));
    }
}

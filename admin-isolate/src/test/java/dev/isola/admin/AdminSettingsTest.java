package dev.isola.admin;

import dev.isola.admin.console.Console;
import dev.isola.admin.supervise.RestartPolicy;
import dev.isola.admin.supervise.Retention;
import dev.isola.mvm.isolate.MemorySize;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The admin isolate's settings: their defaults, how they reach the admin isolate, and each value refused with the option named. */
class AdminSettingsTest {

    @Test
    void theDefaultsAreThoseOfTheSupervisorTheRestartPolicyAndTheConsole() {
        AdminSettings defaults = AdminSettings.DEFAULTS;

        assertEquals(Retention.DEFAULTS, defaults.retention());
        assertEquals(RestartPolicy.DEFAULTS.limit(), defaults.restartLimit());
        assertEquals(Console.DEFAULT_IDLE_TIMEOUT, defaults.consoleSessionTimeout());
        assertEquals(MemorySize.ofMegabytes(256), defaults.maxUploadSize());
        assertEquals(MemorySize.ofMegabytes(1024), defaults.maxExpandedSize());
        assertEquals(Duration.ofSeconds(2), defaults.autodeployInterval());
    }

    @Test
    void theAdminIsolateReadsBackWhatTheLauncherPassesIt() {
        AdminSettings given = AdminSettings.of(0, "300m", "2g", 90, 30, "16m", 0);

        AdminMain admin = new AdminMain();
        List<String> arguments = new ArrayList<>(List.of("--domains-dir", "d", "--image", "i"));
        arguments.addAll(given.arguments());
        new CommandLine(admin).parseArgs(arguments.toArray(String[]::new));

        assertEquals(given, admin.settingsOptions.settings());
        assertEquals(new Retention(Duration.ofDays(30), 16L << 20), given.retention());
    }

    @Test
    void eachValueOutOfRangeIsRefusedNamingItsOption() {
        assertRefused("--restart-limit must be 0 (never restart a domain) or more, not -1", () -> AdminSettings.of(-1, "256m", "1g", 30, 7, "4m", 2));
        assertRefused("--max-upload-size: not a memory size: 'lots' (expected e.g. 64m, 512k, 2g or a number of bytes)",
                () -> AdminSettings.of(5, "lots", "1g", 30, 7, "4m", 2));
        assertRefused("--max-upload-size must be more than 0, not 0", () -> AdminSettings.of(5, "0", "1g", 30, 7, "4m", 2));
        assertRefused("--max-expanded-size: '9999999999g' is too large", () -> AdminSettings.of(5, "256m", "9999999999g", 30, 7, "4m", 2));
        assertRefused("--console-session-timeout must be a whole number of minutes, 1 or more, not 0",
                () -> AdminSettings.of(5, "256m", "1g", 0, 7, "4m", 2));
        assertRefused("--keep-ended-isolates must be whole days from 1 to 3650, not 0", () -> AdminSettings.of(5, "256m", "1g", 30, 0, "4m", 2));
        assertRefused("--keep-ended-isolates must be whole days from 1 to 3650, not 4000", () -> AdminSettings.of(5, "256m", "1g", 30, 4000, "4m", 2));
        assertRefused("--event-journal-size must be from 64k to 1g, not 1k", () -> AdminSettings.of(5, "256m", "1g", 30, 7, "1k", 2));
        assertRefused("--event-journal-size must be from 64k to 1g, not 2g", () -> AdminSettings.of(5, "256m", "1g", 30, 7, "2g", 2));
        assertRefused("--autodeploy-interval must be whole seconds from 0 (never) to 3600, not -1",
                () -> AdminSettings.of(5, "256m", "1g", 30, 7, "4m", -1));
        assertRefused("--autodeploy-interval must be whole seconds from 0 (never) to 3600, not 3601",
                () -> AdminSettings.of(5, "256m", "1g", 30, 7, "4m", 3601));
        assertRefused("--event-journal-size: not a memory size: 'four' (expected e.g. 64m, 512k, 2g or a number of bytes)",
                () -> AdminSettings.of(5, "256m", "1g", 30, 7, "four", 2));
    }

    @Test
    void theEdgesOfEachRangeAreTaken() {
        AdminSettings smallest = AdminSettings.of(0, "1", "1", 1, 1, "64k", 2);
        AdminSettings largest = AdminSettings.of(Integer.MAX_VALUE, "8g", "64g", 10_080, 3650, "1g", 2);

        assertEquals(Duration.ofMinutes(1), smallest.consoleSessionTimeout());
        assertEquals(64 << 10, smallest.eventJournalSize().bytes());
        assertEquals(Duration.ofDays(3650), largest.keepEndedIsolates());
        assertEquals(1L << 30, largest.retention().eventJournalBytes());
    }

    private static void assertRefused(String message, org.junit.jupiter.api.function.Executable creation) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, creation);
        assertEquals(message, refused.getMessage());
    }

    @Test
    void aChangeNamesSettingsAsTheOptionsAndIsCheckedAsTheyAre() {
        AdminSettings changed = AdminSettings.DEFAULTS.with(java.util.Map.of("restart-limit", "2", "max-upload-size", "512m", "autodeploy-interval", "0"));
        assertEquals(2, changed.restartLimit());
        assertEquals(MemorySize.ofMegabytes(512), changed.maxUploadSize());
        assertEquals(Duration.ZERO, changed.autodeployInterval());
        assertEquals(AdminSettings.DEFAULTS.consoleSessionTimeout(), changed.consoleSessionTimeout(), "what is not named stays");
        assertEquals(AdminSettings.NAMES, List.copyOf(changed.asOptions().keySet()));
        assertEquals("512m", changed.asOptions().get("max-upload-size"));

        assertEquals("'restart' is not a setting of the admin isolate (its settings: restart-limit, max-upload-size, max-expanded-size,"
                + " console-session-timeout, keep-ended-isolates, event-journal-size, autodeploy-interval)",
                assertThrows(IllegalArgumentException.class, () -> AdminSettings.DEFAULTS.with(java.util.Map.of("restart", "2"))).getMessage());
        assertEquals("--restart-limit takes a whole number, not 'two'",
                assertThrows(IllegalArgumentException.class, () -> AdminSettings.DEFAULTS.with(java.util.Map.of("restart-limit", "two"))).getMessage());
        assertEquals("--console-session-timeout must be a whole number of minutes, 1 or more, not 0",
                assertThrows(IllegalArgumentException.class, () -> AdminSettings.DEFAULTS.with(java.util.Map.of("console-session-timeout", "0"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> AdminSettings.DEFAULTS.with(java.util.Map.of("event-journal-size", "1k")));
    }

    @Test
    void aLiveChangeIsKeptThenHandedToEveryPartAndARefusedOneChangesNothing() {
        List<String> events = new ArrayList<>();
        LiveAdminSettings live = new LiveAdminSettings(AdminSettings.DEFAULTS, changes -> events.add("kept " + changes));
        live.onChange(settings -> events.add("supervisor " + settings.restartLimit()));
        live.onChange(settings -> events.add("uploads " + settings.maxUploadSize()));
        live.change(java.util.Map.of("restart-limit", "1"));
        assertEquals(List.of("kept {restart-limit=1}", "supervisor 1", "uploads 256m"), events);
        assertEquals(1, live.current().restartLimit());

        events.clear();
        assertThrows(IllegalArgumentException.class, () -> live.change(java.util.Map.of("restart-limit", "-3")));
        assertEquals(List.of(), events, "neither kept nor handed on");
        assertEquals(1, live.current().restartLimit());

        LiveAdminSettings unkeepable = new LiveAdminSettings(AdminSettings.DEFAULTS, changes -> {
            throw new java.io.UncheckedIOException(new java.io.IOException("disk full"));
        });
        unkeepable.onChange(settings -> events.add("handed on"));
        assertThrows(java.io.UncheckedIOException.class, () -> unkeepable.change(java.util.Map.of("restart-limit", "1")));
        assertEquals(List.of(), events, "a change the next start would not take is not made now");
        assertEquals(5, unkeepable.current().restartLimit());
    }
}

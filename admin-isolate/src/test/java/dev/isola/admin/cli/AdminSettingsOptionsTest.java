package dev.isola.admin.cli;

import dev.isola.admin.AdminSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** {@code bin/appserver start --restart-limit N --keep-ended-isolates DAYS ...}: what start and demo take, and what they refuse before anything starts. */
class AdminSettingsOptionsTest {

    @TempDir
    Path dir;

    @Test
    void startTakesEachSettingAndDefaultsTheRest() {
        AppServerMain.Start start = new AppServerMain.Start();
        new CommandLine(start).parseArgs("--restart-limit", "0", "--keep-ended-isolates", "30", "--event-journal-size", "16m");

        AdminSettings settings = start.limits.settings();

        assertEquals(0, settings.restartLimit());
        assertEquals(Duration.ofDays(30), settings.keepEndedIsolates());
        assertEquals(16L << 20, settings.eventJournalSize().bytes());
        assertEquals(AdminSettings.DEFAULTS.maxUploadSize(), settings.maxUploadSize());
        assertEquals(AdminSettings.DEFAULTS.consoleSessionTimeout(), settings.consoleSessionTimeout());
    }

    @Test
    void demoTakesThemToo() {
        AppServerMain.Demo demo = new AppServerMain.Demo();
        new CommandLine(demo).parseArgs("--max-upload-size", "512m", "--console-session-timeout", "5");

        assertEquals(512L << 20, demo.limits.settings().maxUploadSize().bytes());
        assertEquals(Duration.ofMinutes(5), demo.limits.settings().consoleSessionTimeout());
    }

    @Test
    void aValueOutOfRangeIsOneErrorLineAndNoAdminIsolateIsStarted() {
        StringWriter err = new StringWriter();
        CommandLine cli = AppServerMain.commandLine();
        cli.setErr(new PrintWriter(err, true));

        int status = cli.execute("start", "--domains-dir", dir.resolve("domains").toString(), "--event-journal-size", "1k");

        assertEquals(AppServerMain.FAILED, status);
        assertEquals("error: --event-journal-size must be from 64k to 1g, not 1k", err.toString().strip());
        assertFalse(Files.exists(dir.resolve("domains")), "nothing was set up for an admin isolate");
    }

    @Test
    void aSizeThatIsNotOneIsRefusedNamingTheOption() {
        StringWriter err = new StringWriter();
        CommandLine cli = AppServerMain.commandLine();
        cli.setErr(new PrintWriter(err, true));

        int status = cli.execute("demo", "--domains-dir", dir.resolve("domains").toString(), "--max-upload-size", "big");

        assertEquals(AppServerMain.FAILED, status);
        assertEquals("error: --max-upload-size: not a memory size: 'big' (expected e.g. 64m, 512k, 2g or a number of bytes)", err.toString().strip());
        assertFalse(Files.exists(dir.resolve("domains")));
    }
}

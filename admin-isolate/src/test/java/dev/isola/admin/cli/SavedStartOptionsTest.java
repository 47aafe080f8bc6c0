package dev.isola.admin.cli;

import dev.isola.admin.AdminSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The options {@code bin/appserver start} keeps for the next starts: what is kept, what a start
 * takes from the file, what wins, and how a bad file is reported. No admin isolate is started
 * here ({@code SavedStartOptionsIT} starts real ones).
 */
class SavedStartOptionsTest {

    @TempDir
    Path dir;

    private Path root;
    private Path file;

    @BeforeEach
    void paths() {
        root = dir.resolve("domains");
        file = root.resolve(".admin").resolve("settings.properties");
    }

    /** The start command that {@code args} would run, parsed as bin/appserver parses it, its kept options as defaults. */
    private AppServerMain.Start parsedStart(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "start";
        all[1] = "--domains-dir";
        all[2] = root.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        CommandLine cli = AppServerMain.commandLineFor(all);
        ParseResult parsed = cli.parseArgs(all);
        return (AppServerMain.Start) parsed.subcommand().commandSpec().userObject();
    }

    private static CommandSpec startSpec() {
        return AppServerMain.commandLine().getSubcommands().get("start").getCommandSpec();
    }

    private ParseResult parse(String... args) {
        return new CommandLine(new AppServerMain.Start()).parseArgs(args);
    }

    private void write(String... lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    }

    @Test
    void keepsWhereTheAdminListensItsSparesAndItsSettingsButNotTheRootThePasswordFileOrTheCacheSwitch() {
        List<String> kept = SavedStartOptions.keptOptions(startSpec()).stream().map(o -> o.longestName()).toList();

        assertEquals(List.of("--port", "--host", "--spare-isolates", "--freeze-spares", "--reset-spare-jit-state", "--restart-limit",
                "--max-upload-size", "--max-expanded-size", "--console-session-timeout", "--keep-ended-isolates", "--event-journal-size",
                "--autodeploy-interval"), kept);
        assertEquals(kept, SavedStartOptions.keptOptions(AppServerMain.commandLine().getSubcommands().get("demo").getCommandSpec())
                .stream().map(o -> o.longestName()).toList(), "demo keeps the same options as start");
    }

    @Test
    void theOptionsGivenAreWrittenAndEveryLaterStartTakesThemAsItsDefaults() {
        SavedStartOptions.none(file).with(parse("--port", "4949", "--restart-limit", "2", "--event-journal-size", "8m", "--password-file", "pw"))
                .orElseThrow().write();

        AppServerMain.Start start = parsedStart();

        assertEquals(4949, start.where.port);
        assertEquals(2, start.limits.settings().restartLimit());
        assertEquals(8L << 20, start.limits.settings().eventJournalSize().bytes());
        assertEquals(AdminSettings.DEFAULTS.maxUploadSize(), start.limits.settings().maxUploadSize());
        assertEquals(null, start.where.passwordFile, "a password file's place is not kept");
    }

    @Test
    void anOptionGivenWinsOverTheKeptOneAndReplacesItInTheFileTheOthersStay() throws IOException {
        write("port=4949", "restart-limit=2");
        AppServerMain.Start start = parsedStart("--restart-limit", "7");
        assertEquals(7, start.limits.settings().restartLimit());
        assertEquals(4949, start.where.port);

        SavedStartOptions saved = SavedStartOptions.read(file, startSpec());
        saved.with(start.spec.commandLine().getParseResult()).orElseThrow().write();

        assertEquals(Map.of("--port", "4949", "--restart-limit", "7"), SavedStartOptions.read(file, startSpec()).values());
        assertTrue(Files.readString(file).startsWith("# "), "the file says what it is");
    }

    @Test
    void nothingIsWrittenWhenNoKeptOptionIsGiven() throws IOException {
        assertTrue(SavedStartOptions.none(file).with(parse("--password-file", "pw", "--no-aot-cache")).isEmpty());
        write("port=4949");

        assertTrue(SavedStartOptions.read(file, startSpec()).with(parse()).isEmpty(), "a start without options leaves the file as it is");
    }

    @Test
    void aFlagKeptOnCanBeTurnedOffAgain() throws IOException {
        write("spare-isolates=1", "reset-spare-jit-state=true");
        AppServerMain.Start kept = parsedStart();
        assertTrue(kept.spares.resetJitState);
        assertEquals(1, kept.spares.count);

        AppServerMain.Start off = parsedStart("--reset-spare-jit-state=false");

        assertFalse(off.spares.resetJitState);
        SavedStartOptions.read(file, startSpec()).with(off.spec.commandLine().getParseResult()).orElseThrow().write();
        assertEquals("false", SavedStartOptions.read(file, startSpec()).values().get("--reset-spare-jit-state"));
        assertTrue(parsedStart("--reset-spare-jit-state").spares.resetJitState, "the flag alone still turns it on");
    }

    @Test
    void whatTheStartTookFromTheFileIsNamedForItsOutput() throws IOException {
        write("port=4949", "restart-limit=2");
        AppServerMain.Start start = parsedStart("--restart-limit", "3");

        SavedStartOptions saved = (SavedStartOptions) start.spec.defaultValueProvider();

        assertEquals(List.of("--port 4949"), saved.used(start.spec.commandLine().getParseResult()));
    }

    @Test
    void aLineThatIsNotAKeptOptionIsRefusedNamingTheFileAndWhatItMayHold() throws IOException {
        write("restart-limit=2", "password-file=/etc/secret");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SavedStartOptions.read(file, startSpec()));

        assertTrue(refused.getMessage().startsWith(file + ": 'password-file' is not an option bin/appserver start keeps (it keeps port, host,"),
                refused.getMessage());
    }

    @Test
    void aValueItsOptionDoesNotTakeIsRefusedAsTheFilesNotAsSomethingTyped() throws IOException {
        write("restart-limit=many");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SavedStartOptions.read(file, startSpec()));

        assertTrue(refused.getMessage().startsWith(file + ": Invalid value for option '--restart-limit': 'many' is not an int"), refused.getMessage());
        assertTrue(refused.getMessage().contains("bin/appserver settings --reset"), refused.getMessage());
    }

    @Test
    void aStartWithABadFileIsOneErrorLineAndStartsNothing() throws IOException {
        write("port=not-a-port");

        String line = failure("start", "--domains-dir", root.toString());

        assertTrue(line.startsWith("error: " + file + ": Invalid value for option '--port': 'not-a-port' is not an int"), line);
        assertEquals(1, line.lines().count(), line);
        assertEquals(List.of(".admin"), listing(root), "nothing was set up for an admin isolate");
    }

    @Test
    void aKeptValueOutOfRangeIsBlamedOnTheFile() throws IOException {
        write("event-journal-size=1k");

        String error = failure("start", "--domains-dir", root.toString());

        assertEquals("error: --event-journal-size must be from 64k to 1g, not 1k (--event-journal-size kept in " + file
                + " by an earlier start; give it again to replace it, or bin/appserver settings --reset)", error);
    }

    @Test
    void aKeptFlagThatNeedsAnOptionGivenNowNamesTheFileToo() throws IOException {
        write("spare-isolates=1", "reset-spare-jit-state=true");

        String error = failure("start", "--domains-dir", root.toString(), "--spare-isolates", "0");

        assertTrue(error.contains("--reset-spare-jit-state needs --spare-isolates 1 or more (--reset-spare-jit-state kept in " + file), error);
        assertEquals("1", SavedStartOptions.read(file, startSpec()).values().get("--spare-isolates"), "a refused start keeps nothing it was given");
    }

    @Test
    void settingsShowsWhatIsKeptAndTheDefaultsAndResetForgetsIt() throws IOException {
        write("port=4949", "restart-limit=2");

        String shown = run("settings", "--domains-dir", root.toString());

        assertTrue(shown.startsWith("Kept in " + file + ", taken by bin/appserver start and demo when not given:"), shown);
        assertTrue(shown.contains("  --port                       4949\n  --restart-limit              2\nDefaults for the others:\n"), shown);
        assertTrue(shown.contains("  --host                       127.0.0.1\n"), shown);
        assertTrue(shown.contains("  --freeze-spares              false\n"), shown);
        assertTrue(shown.contains("  --event-journal-size         4m\n"), shown);

        String reset = run("settings", "--domains-dir", root.toString(), "--reset");

        assertTrue(reset.startsWith("Forgot the options kept in " + file), reset);
        assertFalse(Files.exists(file));
        assertTrue(run("settings", "--domains-dir", root.toString()).startsWith("No options are kept for " + root), "nothing kept any more");
        assertEquals(4848, parsedStart().where.port);
    }

    @Test
    void resetForgetsAFileThatAStartWouldRefuse() throws IOException {
        write("no-such-option=1");

        String reset = run("settings", "--domains-dir", root.toString(), "--reset");

        assertTrue(reset.startsWith("Forgot"), reset);
        assertFalse(Files.exists(file));
    }

    @Test
    void settingsOfABadFileIsAnError() throws IOException {
        write("restart-limit=-");

        String error = failure("settings", "--domains-dir", root.toString());

        assertTrue(error.startsWith("error: " + file + ": Invalid value for option '--restart-limit'"), error);
    }

    /** What bin/appserver printed on standard error when {@code args} failed, after checking that it failed. */
    private static String failure(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = AppServerMain.commandLineFor(args);
        cli.setErr(new PrintWriter(err, true));
        assertEquals(AppServerMain.FAILED, cli.execute(args), err.toString());
        return err.toString().strip();
    }

    private static String run(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, AppServerMain.commandLineFor(args).execute(args));
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> listing(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void keptDurationsAndSizesAreTheOnesTheOptionsTake() throws IOException {
        write("console-session-timeout=5", "keep-ended-isolates=30", "max-upload-size=512m", "autodeploy-interval=0");

        AdminSettings settings = parsedStart().limits.settings();

        assertEquals(Duration.ofMinutes(5), settings.consoleSessionTimeout());
        assertEquals(Duration.ofDays(30), settings.keepEndedIsolates());
        assertEquals(512L << 20, settings.maxUploadSize().bytes());
        assertEquals(Duration.ZERO, settings.autodeployInterval());
    }

    @Test
    void whatTheRunningAdminIsolateKeepsIsWhatTheNextStartTakes() throws Exception {
        SavedStartOptions.read(file, startSpec()).with(parsedStart("--port", "4949", "--restart-limit", "7").spec.commandLine().getParseResult())
                .orElseThrow().write();
        dev.isola.admin.KeptSettingsFile.keep(file, Map.of("restart-limit", "2", "max-upload-size", "512m"));
        assertEquals(Map.of("--port", "4949", "--restart-limit", "2", "--max-upload-size", "512m"), SavedStartOptions.read(file, startSpec()).values(),
                "the change replaces its line and keeps the others");
        assertEquals(2, parsedStart().limits.settings().restartLimit(), "a start not given it takes the kept value");
    }
}

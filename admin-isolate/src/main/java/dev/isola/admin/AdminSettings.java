package dev.isola.admin;

import dev.isola.admin.supervise.Retention;
import dev.isola.mvm.isolate.MemorySize;

import java.time.Duration;
import java.util.List;

/**
 * What the admin isolate runs with beyond where it listens and its spare isolates: what it
 * accepts, how often it restarts a failing domain, and how long it keeps what ended isolates and
 * domain events leave behind. {@code bin/appserver start} (and {@code demo}) takes each as an
 * option of the same name, checks it before an admin isolate is started with it (so that a typo
 * is an error on the terminal, not a line in a detached isolate's log), and hands it on as
 * {@link #arguments()}; {@code GET /api/status} shows what runs.
 *
 * @param restartLimit          restarts of a domain within 10 minutes before it is marked failed (0: never restarted)
 * @param maxUploadSize         the largest archive an upload may be
 * @param maxExpandedSize       the most an uploaded archive may expand to, all its entries (nested archives too) together
 * @param consoleSessionTimeout how long a console session lives without a request; whole minutes, as Tomcat counts them
 * @param keepEndedIsolates     how long the run directory of an isolate that ended stays (for {@code bin/mvm ps -a} and its
 *                              standard error after the fact); whole days
 * @param eventJournalSize      the size past which a domain's event journal starts a new file, keeping one before it
 * @param autodeployInterval    how often the domains' {@code autodeploy/} directories are looked at; whole seconds, zero: never
 */
public record AdminSettings(int restartLimit, MemorySize maxUploadSize, MemorySize maxExpandedSize, Duration consoleSessionTimeout,
                            Duration keepEndedIsolates, MemorySize eventJournalSize, Duration autodeployInterval) {

    /** Below this a journal file would hold only a few hundred events: a restart loop would push out the hours before it. */
    static final MemorySize SMALLEST_EVENT_JOURNAL = MemorySize.ofKilobytes(64);
    /** The journal is read from its end, but a rotation copies nothing, so the bound is about disk, not speed. */
    static final MemorySize LARGEST_EVENT_JOURNAL = MemorySize.ofMegabytes(1024);
    static final long LONGEST_KEEP_DAYS = 3650;
    static final long LONGEST_AUTODEPLOY_INTERVAL_SECONDS = 3600;

    // The defaults as the options' text, which picocli's annotations need as constants.
    public static final String DEFAULT_RESTART_LIMIT = "5";
    public static final String DEFAULT_MAX_UPLOAD_SIZE = "256m";
    public static final String DEFAULT_MAX_EXPANDED_SIZE = "1g";
    public static final String DEFAULT_CONSOLE_SESSION_MINUTES = "30";
    public static final String DEFAULT_KEEP_ENDED_ISOLATES_DAYS = "7";
    public static final String DEFAULT_EVENT_JOURNAL_SIZE = "4m";
    /** GlassFish's autodeploy directory is looked at every 2 seconds too. */
    public static final String DEFAULT_AUTODEPLOY_SECONDS = "2";

    public static final AdminSettings DEFAULTS = of(Integer.parseInt(DEFAULT_RESTART_LIMIT), DEFAULT_MAX_UPLOAD_SIZE, DEFAULT_MAX_EXPANDED_SIZE,
            Integer.parseInt(DEFAULT_CONSOLE_SESSION_MINUTES), Integer.parseInt(DEFAULT_KEEP_ENDED_ISOLATES_DAYS), DEFAULT_EVENT_JOURNAL_SIZE,
            Integer.parseInt(DEFAULT_AUTODEPLOY_SECONDS));

    /** @throws IllegalArgumentException naming the option of {@code bin/appserver start} that is out of range */
    public AdminSettings {
        if (restartLimit < 0) {
            throw new IllegalArgumentException("--restart-limit must be 0 (never restart a domain) or more, not " + restartLimit);
        }
        if (maxUploadSize.bytes() <= 0) {
            throw new IllegalArgumentException("--max-upload-size must be more than 0, not " + maxUploadSize);
        }
        if (maxExpandedSize.bytes() <= 0) {
            throw new IllegalArgumentException("--max-expanded-size must be more than 0, not " + maxExpandedSize);
        }
        if (consoleSessionTimeout.toMinutes() < 1 || !consoleSessionTimeout.equals(Duration.ofMinutes(consoleSessionTimeout.toMinutes()))) {
            throw new IllegalArgumentException("--console-session-timeout must be a whole number of minutes, 1 or more, not "
                    + consoleSessionTimeout.toMinutes());
        }
        if (keepEndedIsolates.toDays() < 1 || keepEndedIsolates.toDays() > LONGEST_KEEP_DAYS
                || !keepEndedIsolates.equals(Duration.ofDays(keepEndedIsolates.toDays()))) {
            throw new IllegalArgumentException("--keep-ended-isolates must be whole days from 1 to " + LONGEST_KEEP_DAYS + ", not "
                    + keepEndedIsolates.toDays());
        }
        if (eventJournalSize.compareTo(SMALLEST_EVENT_JOURNAL) < 0 || eventJournalSize.compareTo(LARGEST_EVENT_JOURNAL) > 0) {
            throw new IllegalArgumentException("--event-journal-size must be from " + SMALLEST_EVENT_JOURNAL + " to " + LARGEST_EVENT_JOURNAL
                    + ", not " + eventJournalSize);
        }
        if (autodeployInterval.isNegative() || autodeployInterval.toSeconds() > LONGEST_AUTODEPLOY_INTERVAL_SECONDS
                || !autodeployInterval.equals(Duration.ofSeconds(autodeployInterval.toSeconds()))) {
            throw new IllegalArgumentException("--autodeploy-interval must be whole seconds from 0 (never) to " + LONGEST_AUTODEPLOY_INTERVAL_SECONDS
                    + ", not " + autodeployInterval.toSeconds());
        }
    }

    /**
     * The settings from the options' text, as {@code bin/appserver start} and the admin isolate read them.
     *
     * @throws IllegalArgumentException naming the option whose value is not a size or is out of range
     */
    public static AdminSettings of(int restartLimit, String maxUploadSize, String maxExpandedSize, int consoleSessionMinutes,
                                   int keepEndedIsolatesDays, String eventJournalSize, int autodeploySeconds) {
        return new AdminSettings(restartLimit, size("--max-upload-size", maxUploadSize), size("--max-expanded-size", maxExpandedSize),
                Duration.ofMinutes(consoleSessionMinutes), Duration.ofDays(keepEndedIsolatesDays), size("--event-journal-size", eventJournalSize),
                Duration.ofSeconds(autodeploySeconds));
    }

    private static MemorySize size(String option, String text) {
        try {
            return MemorySize.parse(text);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new IllegalArgumentException(option + ": " + (e instanceof ArithmeticException ? "'" + text + "' is too large" : e.getMessage()));
        }
    }

    /** The settings' names, as the options of {@code bin/appserver start} are named without their dashes and {@code settings.properties} keeps them. */
    public static final List<String> NAMES = List.of("restart-limit", "max-upload-size", "max-expanded-size", "console-session-timeout",
            "keep-ended-isolates", "event-journal-size", "autodeploy-interval");

    /**
     * These settings with {@code changes} made: setting name (see {@link #NAMES}) to its value as the option takes it
     * ({@code "3"}, {@code "512m"}).
     *
     * @throws IllegalArgumentException naming the setting that is not one, or whose value is not a value it takes
     */
    public AdminSettings with(java.util.Map<String, String> changes) {
        java.util.Map<String, String> values = new java.util.LinkedHashMap<>(asOptions());
        for (java.util.Map.Entry<String, String> change : changes.entrySet()) {
            if (!values.containsKey(change.getKey())) {
                throw new IllegalArgumentException("'" + change.getKey() + "' is not a setting of the admin isolate (its settings: "
                        + String.join(", ", NAMES) + ")");
            }
            values.put(change.getKey(), change.getValue() == null ? "" : change.getValue().strip());
        }
        return of(whole("restart-limit", values), values.get("max-upload-size"), values.get("max-expanded-size"),
                whole("console-session-timeout", values), whole("keep-ended-isolates", values), values.get("event-journal-size"),
                whole("autodeploy-interval", values));
    }

    private static int whole(String name, java.util.Map<String, String> values) {
        try {
            return Integer.parseInt(values.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " takes a whole number, not '" + values.get(name) + "'");
        }
    }

    /** Each setting by name ({@link #NAMES}), as its option takes it. */
    public java.util.Map<String, String> asOptions() {
        java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
        List<String> arguments = arguments();
        for (int i = 0; i < arguments.size(); i += 2) {
            options.put(arguments.get(i).substring(2), arguments.get(i + 1));
        }
        return options;
    }

    /** What the supervisor keeps of ended isolates and events. */
    public Retention retention() {
        return new Retention(keepEndedIsolates, eventJournalSize.bytes());
    }

    /** The admin isolate's options that give these settings ({@link AdminMain}). */
    public List<String> arguments() {
        return List.of("--restart-limit", Integer.toString(restartLimit), "--max-upload-size", maxUploadSize.toJvmArgument(),
                "--max-expanded-size", maxExpandedSize.toJvmArgument(), "--console-session-timeout", Long.toString(consoleSessionTimeout.toMinutes()),
                "--keep-ended-isolates", Long.toString(keepEndedIsolates.toDays()), "--event-journal-size", eventJournalSize.toJvmArgument(),
                "--autodeploy-interval", Long.toString(autodeployInterval.toSeconds()));
    }
}

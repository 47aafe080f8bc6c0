package dev.isola.admin;

import picocli.CommandLine.Option;

/**
 * The options that give {@link AdminSettings}, as one picocli mixin: {@code bin/appserver start}
 * and {@code demo} take them from the user (and check them before an admin isolate starts), the
 * admin isolate ({@link AdminMain}) from the launcher, which passes {@link AdminSettings#arguments()}.
 */
public final class AdminSettingsOptions {
    @Option(names = "--restart-limit", defaultValue = AdminSettings.DEFAULT_RESTART_LIMIT,
            description = "restarts of a domain within 10 minutes before it is marked failed; 0: a domain isolate that ends is not restarted"
                    + " (default ${DEFAULT-VALUE})")
    int restartLimit;

    @Option(names = "--max-upload-size", defaultValue = AdminSettings.DEFAULT_MAX_UPLOAD_SIZE,
            description = "the largest archive a deployment may upload (default ${DEFAULT-VALUE})")
    String maxUploadSize;

    @Option(names = "--max-expanded-size", defaultValue = AdminSettings.DEFAULT_MAX_EXPANDED_SIZE,
            description = "the most an uploaded archive may expand to, its nested archives included (default ${DEFAULT-VALUE})")
    String maxExpandedSize;

    @Option(names = "--console-session-timeout", defaultValue = AdminSettings.DEFAULT_CONSOLE_SESSION_MINUTES,
            description = "minutes a web console session lives without a request (default ${DEFAULT-VALUE})")
    int consoleSessionMinutes;

    @Option(names = "--keep-ended-isolates", defaultValue = AdminSettings.DEFAULT_KEEP_ENDED_ISOLATES_DAYS,
            description = "days the run directory of an isolate that ended stays, for bin/mvm ps -a and its output (default ${DEFAULT-VALUE})")
    int keepEndedIsolatesDays;

    @Option(names = "--event-journal-size", defaultValue = AdminSettings.DEFAULT_EVENT_JOURNAL_SIZE,
            description = "size past which a domain's event journal starts a new file, keeping one before it (default ${DEFAULT-VALUE})")
    String eventJournalSize;

    @Option(names = "--autodeploy-interval", defaultValue = AdminSettings.DEFAULT_AUTODEPLOY_SECONDS,
            description = "seconds between looks at each domain's autodeploy directory, where an archive dropped is deployed"
                    + " (0: never; default ${DEFAULT-VALUE})")
    int autodeploySeconds;

    /** @throws IllegalArgumentException naming the option that is not a size or out of range, before any admin isolate starts */
    public AdminSettings settings() {
        return AdminSettings.of(restartLimit, maxUploadSize, maxExpandedSize, consoleSessionMinutes, keepEndedIsolatesDays, eventJournalSize,
                autodeploySeconds);
    }
}

package dev.isola.admin.rest;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /api/status}: the admin isolate and a line per domain.
 *
 * @param version       the server's version
 * @param adminIsolate  the admin isolate's id in the mvm registry
 * @param pid           its process id
 * @param startedAt     when it started
 * @param domainsRoot   the directory of the domains
 * @param domains       each domain's name and state
 * @param spareIsolates the warmed-up isolates combined domains start in: how many are ready (and of those, frozen to disk), how many warming
 *                      up, the processes of those that have one
 * @param settings      what the admin isolate was started with ({@code bin/appserver start --restart-limit} and the like)
 */
public record AdminStatus(String version, String adminIsolate, long pid, Instant startedAt, String domainsRoot, List<DomainLine> domains,
                          Spares spareIsolates, Settings settings) {

    /** {@link dev.isola.admin.AdminSettings}, sizes in bytes. */
    public record Settings(int restartLimit, long maxUploadBytes, long maxExpandedBytes, long consoleSessionTimeoutMinutes,
                           long keepEndedIsolatesDays, long eventJournalBytes, long autodeployIntervalSeconds) {

        static Settings of(dev.isola.admin.AdminSettings settings) {
            return new Settings(settings.restartLimit(), settings.maxUploadSize().bytes(), settings.maxExpandedSize().bytes(),
                    settings.consoleSessionTimeout().toMinutes(), settings.keepEndedIsolates().toDays(), settings.eventJournalSize().bytes(),
                    settings.autodeployInterval().toSeconds());
        }
    }

    public record Spares(int ready, int warming, int frozen, List<Long> pids) {
    }

    public record DomainLine(String name, String mode, String state, String url, int isolates, int applications) {
    }
}

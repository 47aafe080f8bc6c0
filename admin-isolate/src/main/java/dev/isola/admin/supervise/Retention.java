package dev.isola.admin.supervise;

import dev.isola.domains.events.EventJournal;

import java.time.Duration;

/**
 * How much of what the domains leave behind the supervisor keeps: every start, restart and spare
 * leaves a run directory (descriptor, standard output and error), and every operation an event,
 * which a server running for months would otherwise collect without end.
 *
 * @param keepEndedIsolates how long the run directory of an isolate that ended stays, for {@code bin/mvm ps -a} and
 *                          {@code bin/mvm logs} after the fact
 * @param eventJournalBytes the size past which a domain's event journal starts a new file, keeping the one before
 */
public record Retention(Duration keepEndedIsolates, long eventJournalBytes) {

    public static final Retention DEFAULTS = new Retention(Duration.ofDays(7), EventJournal.DEFAULT_MAX_SIZE);

    public Retention {
        if (keepEndedIsolates.isNegative() || eventJournalBytes <= 0) {
            throw new IllegalArgumentException("a retention of " + keepEndedIsolates + " and " + eventJournalBytes + " bytes of events");
        }
    }
}

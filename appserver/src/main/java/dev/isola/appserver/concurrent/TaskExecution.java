package dev.isola.appserver.concurrent;

import jakarta.enterprise.concurrent.LastExecution;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/** What a {@link jakarta.enterprise.concurrent.Trigger} is told of a task's last run. */
record TaskExecution(String identityName, Object result, Instant scheduledStart, Instant runStart, Instant runEnd) implements LastExecution {

    @Override
    public String getIdentityName() {
        return identityName;
    }

    @Override
    public Object getResult() {
        return result;
    }

    @Override
    public ZonedDateTime getScheduledStart(ZoneId zone) {
        return scheduledStart.atZone(zone);
    }

    /** A skipped run did not start: its start and end are those of the skip. */
    @Override
    public ZonedDateTime getRunStart(ZoneId zone) {
        return runStart.atZone(zone);
    }

    @Override
    public ZonedDateTime getRunEnd(ZoneId zone) {
        return runEnd.atZone(zone);
    }
}

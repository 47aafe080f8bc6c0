package dev.isola.appserver.concurrent;

import java.util.concurrent.ScheduledFuture;

/** Where a managed executor's tasks run and wait: threads to run them, and a timer for those not due yet. */
interface TaskThreads {

    /** Runs {@code body} on a task thread of its own. */
    void start(Runnable body);

    /** Starts {@code body} on a task thread in {@code delayNanos} (at once when not positive). */
    ScheduledFuture<?> startLater(Runnable body, long delayNanos);
}

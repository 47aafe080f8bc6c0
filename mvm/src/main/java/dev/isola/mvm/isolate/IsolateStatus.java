package dev.isola.mvm.isolate;

import java.time.Instant;

/**
 * Where an isolate is in its life. Each change is delivered to status listeners as an event,
 * in this order, with none skipped except {@link Exiting} (an isolate that is killed or runs
 * out of memory never gets to run its shutdown hooks):
 *
 * <pre>
 *   Starting ──▶ Started ──▶ Exiting ──▶ Terminated(cause)
 *       └───────────┴────────────────────────▲
 * </pre>
 */
public sealed interface IsolateStatus {

    /** When the isolate entered this state. */
    Instant at();

    /** The process has been spawned; the isolate's main method has not been called yet. */
    record Starting(Instant at) implements IsolateStatus {}

    /** The isolate's main method has been called. */
    record Started(Instant at) implements IsolateStatus {}

    /** The isolate is running its shutdown hooks after an orderly exit. */
    record Exiting(Instant at) implements IsolateStatus {}

    /** The process is gone; {@code cause} says why. */
    record Terminated(Instant at, TerminationCause cause) implements IsolateStatus {}
}

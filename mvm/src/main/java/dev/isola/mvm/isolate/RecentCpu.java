package dev.isola.mvm.isolate;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * How much processor time a process used over its last {@code window}, from readings of its
 * total taken now and then ({@link #add}): the latest reading less the newest one at least a
 * window old, or less the first one while there is none that old yet.
 *
 * <p>Why a window and not the total: {@link SpareJitReset} waits for a domain to be busy. A total
 * would call busy, in the end, a domain that only ever idles (3 ms of CPU a second is 10 s in an
 * hour); so much CPU within one window says the domain works now.
 */
final class RecentCpu {

    private record Reading(long nanos, Duration total) {
    }

    private final long windowNanos;
    private final Deque<Reading> readings = new ArrayDeque<>();

    /** @param first the total at the start, when the window begins */
    RecentCpu(Duration window, long nanos, Duration first) {
        this.windowNanos = window.toNanos();
        readings.add(new Reading(nanos, first));
    }

    /** Adds a reading of the total taken at {@code nanos} ({@link System#nanoTime}) and returns what was used in the window up to it. */
    Duration add(long nanos, Duration total) {
        readings.addLast(new Reading(nanos, total));
        // Keep the newest reading at least a window old as the base: drop those before it.
        while (readings.size() >= 2 && nanos - second().nanos() >= windowNanos) {
            readings.removeFirst();
        }
        return total.minus(readings.getFirst().total());
    }

    private Reading second() {
        Iterator<Reading> oldestFirst = readings.iterator();
        oldestFirst.next();
        return oldestFirst.next();
    }
}

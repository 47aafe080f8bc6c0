package dev.isola.admin.supervise;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;

/**
 * When the supervisor restarts an isolate that ended unasked: after a delay that doubles with
 * each restart of the domain in the window ({@code initialDelay}, 2×, 4×, … up to
 * {@code maxDelay}), and not at all once the domain has been restarted {@code limit} times
 * within {@code window}: then the domain is marked failed, since restarting something that
 * keeps dying only hides the problem.
 */
public record RestartPolicy(Duration initialDelay, Duration maxDelay, int limit, Duration window) {

    public static final RestartPolicy DEFAULTS = new RestartPolicy(Duration.ofSeconds(1), Duration.ofMinutes(1), 5, Duration.ofMinutes(10));

    public RestartPolicy {
        Objects.requireNonNull(initialDelay, "initialDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(window, "window");
        if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("restart delays must satisfy 0 <= initial (" + initialDelay + ") <= max (" + maxDelay + ")");
        }
        if (limit < 0) {
            throw new IllegalArgumentException("the restart limit must be 0 (never restart) or more, not " + limit);
        }
    }

    /** How many of {@code restarts} fall within the window before {@code now}. */
    public int recent(Collection<Instant> restarts, Instant now) {
        Instant since = now.minus(window);
        return (int) restarts.stream().filter(at -> at.isAfter(since)).count();
    }

    /** Whether one more restart is allowed after {@code recent} restarts in the window. */
    public boolean allows(int recent) {
        return recent < limit;
    }

    /** The delay before restart number {@code recent + 1} of the window. */
    public Duration delay(int recent) {
        Duration delay = initialDelay;
        for (int i = 0; i < recent && delay.compareTo(maxDelay) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    }
}

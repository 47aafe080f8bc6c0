package dev.isola.admin.supervise;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RestartPolicyTest {

    private final RestartPolicy policy = new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10), 3, Duration.ofMinutes(10));

    @Test
    void theDelayDoublesUpToTheMaximum() {
        assertEquals(List.of(1L, 2L, 4L, 8L, 10L, 10L), java.util.stream.IntStream.range(0, 6).mapToObj(policy::delay).map(Duration::toSeconds).toList());
    }

    @Test
    void onlyRestartsWithinTheWindowCountTowardsTheLimit() {
        Instant now = Instant.parse("2025-01-01T12:00:00Z");
        List<Instant> restarts = List.of(now.minusSeconds(3600), now.minusSeconds(300), now.minusSeconds(60), now.minusSeconds(1));
        assertEquals(3, policy.recent(restarts, now));
        assertFalse(policy.allows(3));
        assertTrue(policy.allows(2));
    }

    @Test
    void nonsenseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RestartPolicy(Duration.ofSeconds(5), Duration.ofSeconds(1), 3, Duration.ofMinutes(1)));
        assertThrows(IllegalArgumentException.class, () -> new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(1), -1, Duration.ofMinutes(1)));
    }
}

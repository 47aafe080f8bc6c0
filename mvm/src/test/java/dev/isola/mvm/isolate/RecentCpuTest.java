package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a process used over its last window, from readings of its total. */
class RecentCpuTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void beforeAWindowHasPassedEverythingSinceTheStartCounts() {
        RecentCpu recent = new RecentCpu(Duration.ofSeconds(60), 0, Duration.ofSeconds(3));

        assertEquals(Duration.ofSeconds(2), recent.add(10 * SECOND, Duration.ofSeconds(5)));
        assertEquals(Duration.ofSeconds(9), recent.add(59 * SECOND, Duration.ofSeconds(12)));
    }

    @Test
    void onlyTheLastWindowCountsSoAnIdleProcessNeverAddsUp() {
        // 3 ms of CPU a second, read every half second, for two hours: 21.6 s in all, 0.18 s in any minute.
        RecentCpu recent = new RecentCpu(Duration.ofSeconds(60), 0, Duration.ZERO);
        Duration used = Duration.ZERO;
        for (long halfSeconds = 1; halfSeconds <= 2 * 3600 * 2; halfSeconds++) {
            used = recent.add(halfSeconds * SECOND / 2, Duration.ofNanos(halfSeconds * 1_500_000L));
        }

        assertEquals(Duration.ofMillis(180), used);
    }

    @Test
    void aBurstAfterAQuietHourCountsInFull() {
        RecentCpu recent = new RecentCpu(Duration.ofSeconds(60), 0, Duration.ZERO);
        recent.add(3600 * SECOND, Duration.ofSeconds(10));
        recent.add(3650 * SECOND, Duration.ofSeconds(11));

        // From the reading at 3600 s (the newest a window old at 3661 s): 11 s of CPU on top of the quiet hour's 10.
        assertEquals(Duration.ofSeconds(11), recent.add(3661 * SECOND, Duration.ofSeconds(21)));
    }
}

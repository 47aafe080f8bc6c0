package dev.isola.loadtests.throughput;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The interval of a median from order statistics: its coverage, which values bound it, and the verdict it gives a target. */
class MedianIntervalTest {

    @Test
    void coverageIsTheBinomialChanceThatTheMedianLiesBetweenTheKthSmallestAndLargest() {
        assertEquals(1 - 2.0 / 32, MedianInterval.coverage(5, 1), 1e-12);
        // 20 values: P(Binomial(20, 1/2) <= 5) = 21700 / 2^20
        assertEquals(1 - 2 * 21700.0 / (1 << 20), MedianInterval.coverage(20, 6), 1e-12);
        assertEquals(0, MedianInterval.coverage(1, 1), 1e-12);
    }

    @Test
    void fiveRoundsGiveTheirWholeRangeAtLessThanNinetyFivePercent() {
        MedianInterval interval = MedianInterval.of(List.of(1.05, 0.95, 1.18, 0.93, 1.05));
        assertEquals(0.93, interval.low(), 1e-12);
        assertEquals(1.18, interval.high(), 1e-12);
        assertEquals(0.9375, interval.coverage(), 1e-12);
    }

    @Test
    void twentyRoundsLeaveOutTheFiveMostExtremeOnEachSide() {
        List<Double> ratios = IntStream.rangeClosed(1, 20).mapToObj(i -> 0.90 + i / 100.0).toList(); // 0.91 .. 1.10, shuffled below
        List<Double> shuffled = new java.util.ArrayList<>(ratios);
        java.util.Collections.shuffle(shuffled, new java.util.Random(7));
        MedianInterval interval = MedianInterval.of(shuffled);
        assertEquals(0.96, interval.low(), 1e-12);
        assertEquals(1.05, interval.high(), 1e-12);
        assertTrue(interval.coverage() >= MedianInterval.WANTED, "coverage " + interval.coverage());
    }

    @Test
    void noRoundsGiveNoInterval() {
        MedianInterval interval = MedianInterval.of(List.of());
        assertTrue(Double.isNaN(interval.low()) && Double.isNaN(interval.high()));
        assertEquals(0, interval.coverage());
    }

    @Test
    void aTargetIsShownOnlyWhenTheWholeIntervalMeetsIt() {
        MedianInterval above = new MedianInterval(1.01, 1.08, 0.96);
        MedianInterval across = new MedianInterval(0.97, 1.06, 0.96);
        MedianInterval below = new MedianInterval(0.90, 0.98, 0.96);
        assertTrue(above.wholeAtLeast(1.0));
        assertFalse(across.wholeAtLeast(1.0));
        assertEquals("met (the whole interval)", ThroughputReport.verdict(1.04, above, 1.0));
        assertEquals("met by the median, not shown: the interval reaches below", ThroughputReport.verdict(1.02, across, 1.0));
        assertEquals("not met", ThroughputReport.verdict(0.99, across, 1.0));
        assertEquals("not met (the whole interval below)", ThroughputReport.verdict(0.95, below, 1.0));
    }
}

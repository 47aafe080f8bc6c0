package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;

import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.GROW;
import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.SHRINK;
import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.STAY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class YoungGenerationPolicyTest {

    private final YoungGenerationPolicy policy = new YoungGenerationPolicy(0.02, 3, 0.005, 4);

    @Test
    void growsOnlyAfterEnoughBusySamplesInARow() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker();
        assertEquals(STAY, tracker.sample(0.07));
        assertEquals(STAY, tracker.sample(0.07));
        assertEquals(STAY, tracker.sample(0.01), "a quieter second breaks the run");
        assertEquals(STAY, tracker.sample(0.03));
        assertEquals(STAY, tracker.sample(0.02));
        assertEquals(GROW, tracker.sample(0.05));
        assertTrue(tracker.grown());
        assertEquals(STAY, tracker.sample(0.09), "grown already");
    }

    @Test
    void aBurstShorterThanTheWindowDoesNotGrowIt() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker();
        for (int second = 0; second < 20; second++) {
            // two busy seconds (a deployment), then quiet ones, over and over
            assertEquals(STAY, tracker.sample(second % 3 == 2 ? 0.0 : 0.5));
        }
        assertFalse(tracker.grown());
    }

    @Test
    void shrinksAfterEnoughIdleSamplesButNotUnderModerateLoad() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker();
        for (int i = 0; i < 2; i++) {
            tracker.sample(0.1);
        }
        assertEquals(GROW, tracker.sample(0.1));
        for (int second = 0; second < 10; second++) {
            assertEquals(STAY, tracker.sample(0.01), "between the shares: the grown generation serves this load well");
        }
        assertEquals(STAY, tracker.sample(0.0));
        assertEquals(STAY, tracker.sample(0.001));
        assertEquals(STAY, tracker.sample(0.0));
        assertEquals(SHRINK, tracker.sample(0.004));
        assertFalse(tracker.grown());
        assertEquals(STAY, tracker.sample(0.0), "an idle generation does not shrink twice");
    }

    @Test
    void growsAgainWhenTheLoadReturns() {
        YoungGenerationPolicy.Tracker tracker = new YoungGenerationPolicy(0.02, 1, 0.005, 1).tracker();
        assertEquals(GROW, tracker.sample(0.03));
        assertEquals(SHRINK, tracker.sample(0.0));
        assertEquals(GROW, tracker.sample(0.03));
    }

    @Test
    void refusesSharesAndWindowsThatCannotWork() {
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.01, 5, 0.01, 30));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(1.5, 5, 0.01, 30));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.02, 0, 0.005, 30));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.02, 5, 0.005, 0));
    }
}

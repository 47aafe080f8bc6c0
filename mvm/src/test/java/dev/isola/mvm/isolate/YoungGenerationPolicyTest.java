package dev.isola.mvm.isolate;

import org.junit.jupiter.api.Test;

import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.COLLECT;
import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.GROW;
import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.SHRINK;
import static dev.isola.mvm.isolate.YoungGenerationPolicy.Decision.STAY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class YoungGenerationPolicyTest {

    private static final long MB = 1 << 20;

    private final YoungGenerationPolicy policy = new YoungGenerationPolicy(0.02, 3, 0.005, 4, MB);

    @Test
    void growsOnlyAfterEnoughBusySamplesInARow() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(true);
        assertEquals(STAY, tracker.sample(0.07, 0));
        assertEquals(STAY, tracker.sample(0.07, 0));
        assertEquals(STAY, tracker.sample(0.01, 0), "a quieter second breaks the run");
        assertEquals(STAY, tracker.sample(0.03, 0));
        assertEquals(STAY, tracker.sample(0.02, 0));
        assertEquals(GROW, tracker.sample(0.05, 0));
        assertTrue(tracker.grown());
        assertEquals(STAY, tracker.sample(0.09, 0), "grown already");
    }

    @Test
    void aBurstShorterThanTheWindowDoesNotGrowIt() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(true);
        for (int second = 0; second < 20; second++) {
            // two busy seconds (a deployment), then quiet ones, over and over
            assertEquals(STAY, tracker.sample(second % 3 == 2 ? 0.0 : 0.5, 0));
        }
        assertFalse(tracker.grown());
    }

    @Test
    void shrinksAfterEnoughIdleSamplesButNotUnderModerateLoad() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(true);
        for (int i = 0; i < 2; i++) {
            tracker.sample(0.1, 0);
        }
        assertEquals(GROW, tracker.sample(0.1, 0));
        for (int second = 0; second < 10; second++) {
            assertEquals(STAY, tracker.sample(0.01, 0), "between the shares: the grown generation serves this load well");
        }
        assertEquals(STAY, tracker.sample(0.0, 0));
        assertEquals(STAY, tracker.sample(0.001, 0));
        assertEquals(STAY, tracker.sample(0.0, 0));
        assertEquals(SHRINK, tracker.sample(0.004, 0));
        assertFalse(tracker.grown());
        assertEquals(STAY, tracker.sample(0.0, 0), "an idle generation does not shrink twice");
    }

    @Test
    void growsAgainWhenTheLoadReturns() {
        YoungGenerationPolicy.Tracker tracker = new YoungGenerationPolicy(0.02, 1, 0.005, 1, MB).tracker(true);
        assertEquals(GROW, tracker.sample(0.03, 0));
        assertEquals(SHRINK, tracker.sample(0.0, 0));
        assertEquals(GROW, tracker.sample(0.03, 0));
    }

    @Test
    void collectsAnOldGenerationThatFilledUnderALoadTooLightToGrowTheYoungOne() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(true);
        for (int second = 0; second < 10; second++) {
            // below the busy share, so it never grows, while the old generation fills with what the young one promoted
            assertEquals(STAY, tracker.sample(0.015, second * 10 * MB));
        }
        for (int second = 0; second < 3; second++) {
            assertEquals(STAY, tracker.sample(0.0, 100 * MB), "not idle long enough yet");
        }
        assertEquals(COLLECT, tracker.sample(0.0, 100 * MB));
        assertFalse(tracker.grown(), "collecting is not growing");
        for (int second = 0; second < 10; second++) {
            assertEquals(STAY, tracker.sample(0.0, 0), "collected: nothing left to give back");
        }
    }

    @Test
    void leavesAnIdleOldGenerationThatHasNotGrownEnough() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(true);
        for (int second = 0; second < 20; second++) {
            assertEquals(STAY, tracker.sample(0.0, MB - 1));
        }
    }

    @Test
    void aGrownGenerationShrinksRatherThanBeingCollected() {
        YoungGenerationPolicy.Tracker tracker = new YoungGenerationPolicy(0.02, 1, 0.005, 2, MB).tracker(true);
        assertEquals(GROW, tracker.sample(0.05, 0));
        assertEquals(STAY, tracker.sample(0.0, 50 * MB));
        assertEquals(SHRINK, tracker.sample(0.0, 50 * MB), "the shrink's full collection collects the old generation too");
    }

    @Test
    void aFixedYoungGenerationNeverGrowsButItsIdleOldGenerationIsCollected() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(false);
        for (int second = 0; second < 20; second++) {
            assertEquals(STAY, tracker.sample(0.5, second * 5 * MB), "a fixed young generation stays, however busy");
        }
        assertFalse(tracker.grown());
        for (int second = 0; second < 3; second++) {
            assertEquals(STAY, tracker.sample(0.0, 100 * MB), "not idle long enough yet");
        }
        assertEquals(COLLECT, tracker.sample(0.0, 100 * MB));
        assertEquals(STAY, tracker.sample(0.0, 0), "collected once per idle spell");
    }

    @Test
    void aGenerationGrownForTheStartShrinksOnceIdleAndGrowsAgainUnderLoad() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(true);
        tracker.startGrown();
        assertTrue(tracker.grown());
        assertEquals(STAY, tracker.sample(0.5, 0), "still busy: already at the busy size, no second growth");
        for (int second = 0; second < 3; second++) {
            assertEquals(STAY, tracker.sample(0.0, 100 * MB), "not idle long enough yet");
        }
        assertEquals(SHRINK, tracker.sample(0.0, 100 * MB), "shrunk, which collects, rather than collected at the busy size");
        for (int second = 0; second < 2; second++) {
            assertEquals(STAY, tracker.sample(0.5, 0));
        }
        assertEquals(GROW, tracker.sample(0.5, 0));
    }

    @Test
    void aFixedGenerationIsNotGrownForTheStart() {
        YoungGenerationPolicy.Tracker tracker = policy.tracker(false);
        tracker.startGrown();
        assertFalse(tracker.grown());
        for (int second = 0; second < 3; second++) {
            assertEquals(STAY, tracker.sample(0.0, 100 * MB));
        }
        assertEquals(COLLECT, tracker.sample(0.0, 100 * MB), "collected, not shrunk");
    }

    @Test
    void refusesSharesAndWindowsThatCannotWork() {
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.01, 5, 0.01, 30, MB));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(1.5, 5, 0.01, 30, MB));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.02, 0, 0.005, 30, MB));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.02, 5, 0.005, 0, MB));
        assertThrows(IllegalArgumentException.class, () -> new YoungGenerationPolicy(0.02, 5, 0.005, 30, 0));
    }
}

package dev.isola.mvm.isolate;

/**
 * When an elastic young generation ({@link ElasticYoungGeneration}) should grow or shrink,
 * decided from one number per sample: the share of the sampled wall time the isolate spent in
 * young collections. Pure: it is fed samples and answers, so that the decisions are testable
 * without a collector.
 *
 * <p>It grows only after {@code busySamples} samples in a row at or above {@code busyShare}
 * (a burst such as a deployment does not last that long), and shrinks only after
 * {@code idleSamples} samples in a row below {@code idleShare}. Between the two shares it
 * stays as it is, so a load that the grown generation handles well does not make it shrink.
 *
 * <p>An isolate whose generation never grew can still hold garbage worth giving back: under a
 * load too light to grow it, a small young generation promotes short-lived objects that
 * outlive its survivor spaces, and the old generation fills with them (a domain reading from a
 * Derby network server, under 2 % of its time in young collections, grew its old generation from 17
 * to 206 MB before its first full collection). The serial collector only collects an old
 * generation that is full, so an isolate that then goes idle would keep those pages for good.
 * So after the same idle window, an old generation that has grown by {@code idleCollectionBytes}
 * since its last full collection is collected ({@link Decision#COLLECT}), once per idle spell;
 * a grown generation's shrink collects it anyway.
 *
 * @param busyShare           young-collection time per wall time from which a sample counts as busy, e.g. 0.02
 * @param busySamples         busy samples in a row that make it grow
 * @param idleShare           young-collection time per wall time below which a sample counts as idle, e.g. 0.005
 * @param idleSamples         idle samples in a row that make a grown generation shrink, or an old generation with
 *                            garbage be collected
 * @param idleCollectionBytes growth of the old generation since its last full collection that an idle isolate collects
 */
record YoungGenerationPolicy(double busyShare, int busySamples, double idleShare, int idleSamples, long idleCollectionBytes) {

    /**
     * Busy: 2 % of the time in young collections for 5 s; idle: under 0.5 % for 3 minutes (one
     * sample a second). Giving memory back waits as long as OpenJ9's idle tuning does by default
     * (180 s), so that a load with pauses of a minute or two (a batch, a benchmark's rounds) does
     * not pay a shrink and a grow, each a full collection, for every pause. An idle old
     * generation is collected when it has grown by 1 MB since its last full collection: a full
     * collection of tens of milliseconds, at most once per 3 idle minutes, against megabytes
     * resident for as long as the isolate stays idle. The growth understates what a collection
     * gives back (what was live at the last full collection, the ready-time shrink, may have died
     * since): Pet Store domains 200 s after 20 rounds of browsing had grown by less than 4 MB and
     * a full collection gave back 4.5 MB of PSS each (16 MB until the fifteenth session, then 4 MB
     * for one run: docs/results/footprint/idle-young-floor/). The Pet Store's old generation grew
     * by 6 to 21 MB in 90 s of 20 shoppers that did not grow the young one.
     */
    static final YoungGenerationPolicy DEFAULT = new YoungGenerationPolicy(0.02, 5, 0.005, 180, 1L << 20);

    enum Decision {
        STAY,
        GROW,
        SHRINK,
        /** Not grown, idle, and the old generation has grown by {@code idleCollectionBytes}: collect it, sizes as they are. */
        COLLECT
    }

    YoungGenerationPolicy {
        if (!(idleShare >= 0 && idleShare < busyShare && busyShare < 1)) {
            throw new IllegalArgumentException("shares must satisfy 0 <= idle < busy < 1, not idle " + idleShare + " and busy " + busyShare);
        }
        if (busySamples < 1 || idleSamples < 1) {
            throw new IllegalArgumentException("busySamples and idleSamples must be at least 1, not " + busySamples + " and " + idleSamples);
        }
        if (idleCollectionBytes < 1) {
            throw new IllegalArgumentException("idleCollectionBytes must be at least 1, not " + idleCollectionBytes);
        }
    }

    /** The policy's memory of the samples so far; one per isolate. */
    final class Tracker {
        private final boolean elastic;
        private boolean grown;
        private int busyInARow;
        private int idleInARow;

        private Tracker(boolean elastic) {
            this.elastic = elastic;
        }

        /**
         * @param youngCollectionShare young-collection time divided by the wall time of the sample, 0..1
         * @param oldGenerationGrowth  bytes the old generation uses beyond what its last full collection left
         */
        Decision sample(double youngCollectionShare, long oldGenerationGrowth) {
            busyInARow = youngCollectionShare >= busyShare ? busyInARow + 1 : 0;
            idleInARow = youngCollectionShare < idleShare ? idleInARow + 1 : 0;
            if (elastic && !grown && busyInARow >= busySamples) {
                grown = true;
                busyInARow = 0;
                idleInARow = 0;
                return Decision.GROW;
            }
            if (grown && idleInARow >= idleSamples) {
                grown = false;
                busyInARow = 0;
                idleInARow = 0;
                return Decision.SHRINK;
            }
            if (!grown && idleInARow >= idleSamples && oldGenerationGrowth >= idleCollectionBytes) {
                idleInARow = 0;
                return Decision.COLLECT;
            }
            return Decision.STAY;
        }

        /** Grown by other means (for the isolate's start): the idle window shrinks it back. */
        void startGrown() {
            grown = elastic;
            busyInARow = 0;
            idleInARow = 0;
        }

        /** Back to the start: not grown, no samples in a row (the generation was shrunk by other means). */
        void reset() {
            grown = false;
            busyInARow = 0;
            idleInARow = 0;
        }

        boolean grown() {
            return grown;
        }
    }

    /** @param elastic whether the young generation may grow; a fixed one is only ever {@link Decision#COLLECT collected} */
    Tracker tracker(boolean elastic) {
        return new Tracker(elastic);
    }
}

package dev.isola.loadtests.throughput;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A distribution-free confidence interval for the median of per-round ratios, from their order
 * statistics: the median lies between the k-th smallest and the k-th largest of n values with
 * probability 1 − 2·P(Binomial(n, ½) < k), whatever the ratios' distribution. Rounds on a shared
 * machine are neither normal nor symmetric (a neighbour's burst only slows a round down), so a t
 * interval would assume what they are not, and a bootstrap of the median is unreliable with the
 * 5 to 20 rounds a run has.
 *
 * <p>k is the largest that still covers {@link #WANTED} (95 %); with fewer than six rounds no k
 * does, and the interval is the whole range with the coverage it has (five rounds: 93.75 %).
 *
 * @param low      the k-th smallest ratio
 * @param high     the k-th largest ratio
 * @param coverage the probability that the interval holds the median
 */
record MedianInterval(double low, double high, double coverage) {

    static final double WANTED = 0.95;

    /** The interval of {@code values}; empty values give an interval of NaNs. */
    static MedianInterval of(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            return new MedianInterval(Double.NaN, Double.NaN, 0);
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && coverage(n, k + 1) >= WANTED) {
            k++;
        }
        return new MedianInterval(sorted.get(k - 1), sorted.get(n - k), coverage(n, k));
    }

    /** 1 − 2·P(X ≤ k − 1) for X ~ Binomial(n, ½): the chance that the median lies between the k-th smallest and k-th largest. */
    static double coverage(int n, int k) {
        double below = 0;
        double choose = 1; // C(n, 0)
        for (int i = 0; i < k; i++) {
            below += choose;
            choose = choose * (n - i) / (i + 1);
        }
        return Math.max(0, 1 - 2 * below / Math.pow(2, n));
    }

    /** Whether every value in the interval is at least {@code target}. */
    boolean wholeAtLeast(double target) {
        return low >= target;
    }
}

package dev.isola.loadtests.isolates;

import java.util.List;

/** The median, which the benchmarks report because a shared machine's outliers only go one way. */
final class Statistics {

    private Statistics() {
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}

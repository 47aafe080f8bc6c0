package dev.isola.loadtests.evaluation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What every experiment is given: where things are, how many servers, how often, and the
 * command line that produced it (for the README).
 *
 * @param rounds  rounds of {@link PetStoreClient#exercise} each server gets after it started
 * @param settle  the pause before memory is read, so that what the workload left settles
 * @param tunedExtraFlags JVM flags MS-tuned gets besides the domain isolates' (none by default)
 */
record Run(Installation installation, Path work, Path out, int servers, int repetitions, int rounds, Duration settle, List<Setup> setups,
           List<String> tunedExtraFlags, String command) {

    Run {
        if (servers < 1 || repetitions < 1 || rounds < 0) {
            throw new IllegalArgumentException("servers and repetitions must be at least 1 and rounds at least 0 (got " + servers + ", "
                    + repetitions + ", " + rounds + ")");
        }
        setups = List.copyOf(setups);
        tunedExtraFlags = List.copyOf(tunedExtraFlags);
    }

    /** The setups in the order of repetition {@code r}: rotated, so that none always runs first on a cold machine. */
    List<Setup> order(int repetition) {
        List<Setup> order = new ArrayList<>(setups);
        Collections.rotate(order, -(repetition % Math.max(1, order.size())));
        return order;
    }

    /** Opens a fleet of {@code setup} in a fresh directory under {@link #work}. */
    Fleet open(Setup setup, boolean withApplication) throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory(work, setup.name().toLowerCase() + "-");
        return setup.standalone() ? new StandaloneFleet(setup, installation, directory, withApplication, tunedExtraFlags)
                : new AdminFleet(setup, installation, directory, withApplication, servers);
    }

    /** Deletes what the fleets left in {@link #work}. */
    void cleanWork() throws IOException {
        if (!Files.exists(work)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(work)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                if (!path.equals(work)) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    static double megabytes(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }
}

package dev.isola.loadtests.isolates;

/**
 * What one step of a sweep measured: the {@code instances}-th server's time from spawn to its
 * first HTTP 200, and then, after its warm-up, the memory of all {@code instances} servers.
 * Sizes in bytes.
 */
record Sample(int repetition, Configuration configuration, int instances, double startupMillis, long totalPss, long totalRss,
              long totalShared, long totalPrivate, double classesFromCache) {
}

package dev.isola.loadtests.throughput;

/**
 * What one period of constant load measured against one configuration.
 *
 * @param comparison    which comparison it belongs to ("database" or "domains")
 * @param configuration the configuration's label, e.g. "co-located"
 * @param round         the repetition, from 1
 * @param clients       closed-loop clients, in all servers together
 * @param seconds       how long the load was measured
 * @param requests      requests answered correctly
 * @param errors        requests that failed or answered wrongly
 * @param throughput    correct answers per second
 * @param p50Millis     median response time
 * @param p95Millis     95th percentile of the response time
 * @param p99Millis     99th percentile of the response time
 */
record LoadResult(String comparison, String configuration, int round, int clients, double seconds, long requests, long errors,
                  double throughput, double p50Millis, double p95Millis, double p99Millis) {
}

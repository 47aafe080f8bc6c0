package dev.isola.loadtests.isolates;

/**
 * The last step of a sweep, looked at closely: the PSS of all servers by category, and for
 * isolates how much of each one's AOT-cache mapping was shared and private (averages per
 * server). Sizes in bytes.
 */
record SweepDetail(int repetition, Configuration configuration, int instances, long heapPss, long classMetadataPss, long codeCachePss,
                   long otherPss, long cacheMappingShared, long cacheMappingPrivate) {
}

package dev.isola.mvm.isolate;

import java.util.Optional;

/**
 * The collector an isolate's JVM runs. Small isolates do best with {@link #SERIAL}
 * (no GC worker threads, smallest footprint); large, busy ones with {@link #G1}.
 */
public enum GarbageCollector {
    /** Whatever the JVM's ergonomics pick for the machine. */
    JVM_DEFAULT(null),
    SERIAL("-XX:+UseSerialGC"),
    PARALLEL("-XX:+UseParallelGC"),
    G1("-XX:+UseG1GC"),
    Z("-XX:+UseZGC"),
    SHENANDOAH("-XX:+UseShenandoahGC");

    private final String flag;

    GarbageCollector(String flag) {
        this.flag = flag;
    }

    /** The JVM flag that selects this collector, empty for the JVM default. */
    public Optional<String> jvmFlag() {
        return Optional.ofNullable(flag);
    }
}

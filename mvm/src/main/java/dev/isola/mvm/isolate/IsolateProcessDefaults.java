package dev.isola.mvm.isolate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the runtime gives every isolate's process besides its spec ({@link JvmCommandLine}), public
 * so that a JVM that should run like an isolate (the benchmarks' standalone baselines) gets the
 * same, from the same place.
 */
public final class IsolateProcessDefaults {

    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /**
     * Native heap trimming, every second. The JIT compilers (C2 above all) malloc arenas of
     * many megabytes while they compile and free them afterwards; glibc keeps freed memory
     * resident unless it is trimmed. Measured on a domain isolate with the Pet Store: 15% less
     * PSS (about 30 MB), for a periodic {@code malloc_trim} that costs microseconds
     * (docs/results/breakdown/flags/). A spec that sets its own interval keeps it.
     */
    public static final String TRIM_NATIVE_HEAP = "-XX:TrimNativeHeapInterval=1000";

    /** An isolate that runs out of heap is ended rather than left limping; the runtime reports it as OutOfMemory from the message the JVM prints. */
    public static final String EXIT_ON_OUT_OF_MEMORY = "-XX:+ExitOnOutOfMemoryError";

    /**
     * A taken-over spare loads the runtime as a Java agent to drop its warm-up's JIT state
     * ({@link SpareJitReset}); the JDK allows that by default but warns on the isolate's stderr.
     */
    public static final String ALLOW_AGENT_LOADING = "-XX:+EnableDynamicAgentLoading";

    private IsolateProcessDefaults() {
    }

    /**
     * What the java launcher is started under: {@code setsid}, so that each isolate is in a session of its own and a
     * terminal's Ctrl-C aimed at the creator does not reach it. (Where the kernel schedules by session, autogroup,
     * that also makes each isolate a scheduling group of its own.) Nothing where there is no setsid.
     */
    public static List<String> launcherPrefix() {
        return Files.isExecutable(SETSID) ? List.of(SETSID.toString()) : List.of();
    }

    /**
     * Links sleep and wake on a futex through the FFM API; their codec (Apache Fory) reads field offsets through
     * sun.misc.Unsafe. Both would otherwise print warnings.
     */
    public static List<String> accessPermissions() {
        return List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
    }
}

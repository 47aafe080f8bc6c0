package dev.isola.mvm.isolate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command line that turns an {@link IsolateSpec} into a JVM process running
 * {@link IsolateBootstrap}. Kept in one place so that what an isolate runs with is visible
 * at a glance and testable without spawning anything.
 */
final class JvmCommandLine {

    /** Puts each isolate in a session of its own, so a terminal's Ctrl-C aimed at the creator does not reach it. */
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /**
     * Native heap trimming, every second. The JIT compilers (C2 above all) malloc arenas of
     * many megabytes while they compile and free them afterwards; glibc keeps freed memory
     * resident unless it is trimmed. Measured on a domain isolate with the Pet Store: 15% less
     * PSS (about 30 MB), for a periodic {@code malloc_trim} that costs microseconds
     * (docs/results/breakdown/flags/). A spec that sets its own interval keeps it.
     */
    static final String TRIM_NATIVE_HEAP = "-XX:TrimNativeHeapInterval=1000";

    private JvmCommandLine() {
    }

    static List<String> of(IsolateSpec spec, IsolateDirectory directory, Path mvmHome) {
        return of(spec, directory, mvmHome, Optional.empty());
    }

    /**
     * @param aotCache the image's AOT cache, verified by {@link dev.isola.mvm.image.ImageCaches};
     *                 mapped as the image's {@link dev.isola.mvm.image.ArchiveMapping} says
     */
    static List<String> of(IsolateSpec spec, IsolateDirectory directory, Path mvmHome, Optional<Path> aotCache) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            command.add(SETSID.toString());
        }
        command.add(spec.image().javaLauncher().toString());
        spec.maxHeap().ifPresent(size -> command.add("-Xmx" + size.toJvmArgument()));
        spec.youngGeneration().ifPresent(size -> command.add("-Xmn" + size.toJvmArgument()));
        spec.collector().jvmFlag().ifPresent(command::add);
        // An isolate that runs out of heap is ended rather than left limping; the runtime
        // reports it as OutOfMemory from the message the JVM prints.
        command.add("-XX:+ExitOnOutOfMemoryError");
        if (spec.jvmOptions().stream().noneMatch(option -> option.startsWith("-XX:TrimNativeHeapInterval"))) {
            command.add(TRIM_NATIVE_HEAP);
        }
        // Links sleep and wake on a futex through the FFM API; their codec (Apache Fory) reads
        // field offsets through sun.misc.Unsafe. Both would otherwise print warnings.
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("--sun-misc-unsafe-memory-access=allow");
        command.add("-D" + MvmHome.PROPERTY + "=" + mvmHome);
        for (Map.Entry<String, String> property : spec.systemProperties().entrySet()) {
            command.add("-D" + property.getKey() + "=" + property.getValue());
        }
        aotCache.ifPresent(cache -> {
            command.addAll(spec.image().archiveMapping().jvmOptions());
            command.add("-XX:AOTCache=" + cache);
        });
        command.addAll(spec.jvmOptions());
        command.add("-cp");
        command.add(spec.image().classPathArgument());
        command.add(IsolateBootstrap.class.getName());
        command.add(directory.path().toString());
        return command;
    }
}

package dev.isola.loadtests.standalone;

import dev.isola.domains.config.IsolateSettings;
import dev.isola.mvm.isolate.ElasticYoungGeneration;
import dev.isola.mvm.isolate.IsolateProcessDefaults;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM flags a domain isolate runs with, for a plain JVM that should run like one (the
 * MS-tuned baseline of the evaluation and of the throughput benchmark): heap, young generation,
 * collector and options of the isolate's settings, and what the mvm runtime gives every isolate
 * ({@link IsolateProcessDefaults}). No AOT cache: that is what the baseline is without.
 */
public final class IsolateFlags {

    private IsolateFlags() {
    }

    /**
     * A plain JVM's flags.
     *
     * @param extra further flags, last, so that one of them replaces a default of the same flag (the last setting wins)
     */
    public static List<String> of(IsolateSettings settings, List<String> extra) {
        // The flags only: what resizes an elastic young generation runs in isolates (the mvm runtime), not in a plain JVM,
        // whose young generation stays at its floor for its start and under load.
        return flags(settings.withYoungGeneration(settings.youngGenerationNothingResizes()), extra);
    }

    /** The flags an isolate with {@code settings} runs with (for the evaluation's description of its setups). */
    public static List<String> ofIsolate(IsolateSettings settings) {
        return flags(settings, List.of());
    }

    private static List<String> flags(IsolateSettings settings, List<String> extra) {
        List<String> flags = new ArrayList<>();
        flags.add("-Xmx" + settings.heap().toJvmArgument());
        flags.addAll(ElasticYoungGeneration.jvmFlags(settings.youngGeneration(),
                settings.elasticYoungGeneration() ? Optional.of(settings.busyYoungGeneration()) : Optional.empty(), Optional.of(settings.heap()),
                settings.collector()));
        settings.collector().jvmFlag().ifPresent(flags::add);
        flags.add(IsolateProcessDefaults.EXIT_ON_OUT_OF_MEMORY);
        flags.add(IsolateProcessDefaults.ALLOW_AGENT_LOADING);
        flags.add(IsolateProcessDefaults.TRIM_NATIVE_HEAP);
        flags.addAll(settings.jvmOptions());
        flags.addAll(extra);
        return flags;
    }
}

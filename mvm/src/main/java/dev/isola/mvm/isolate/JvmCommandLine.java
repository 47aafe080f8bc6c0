package dev.isola.mvm.isolate;

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
        command.addAll(IsolateProcessDefaults.launcherPrefix());
        command.add(spec.image().javaLauncher().toString());
        spec.maxHeap().ifPresent(size -> command.add("-Xmx" + size.toJvmArgument()));
        spec.youngGeneration().ifPresent(size -> command.addAll(ElasticYoungGeneration.jvmFlags(size, spec.busyYoungGeneration(), spec.maxHeap(),
                spec.collector())));
        spec.collector().jvmFlag().ifPresent(command::add);
        command.add(IsolateProcessDefaults.EXIT_ON_OUT_OF_MEMORY);
        command.add(IsolateProcessDefaults.ALLOW_AGENT_LOADING);
        if (spec.jvmOptions().stream().noneMatch(option -> option.startsWith("-XX:TrimNativeHeapInterval"))) {
            command.add(IsolateProcessDefaults.TRIM_NATIVE_HEAP);
        }
        command.addAll(IsolateProcessDefaults.accessPermissions());
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

package dev.isola.mvm.isolate;

import java.io.IOException;
import java.nio.file.Path;

/** Launches each isolate as a JVM process of its image. */
final class JvmProcessLauncher implements IsolateLauncher {

    @Override
    public Process launch(IsolateSpec spec, IsolateDirectory directory, Path mvmHome) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(JvmCommandLine.of(spec, directory, mvmHome));
        spec.workingDirectory().ifPresent(dir -> builder.directory(dir.toFile()));
        builder.environment().putAll(spec.environment());
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.redirectOutput(ProcessBuilder.Redirect.appendTo(directory.stdout().toFile()));
        builder.redirectError(ProcessBuilder.Redirect.appendTo(directory.stderr().toFile()));
        return builder.start();
    }
}

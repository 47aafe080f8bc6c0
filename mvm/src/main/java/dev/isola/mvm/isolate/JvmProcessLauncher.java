package dev.isola.mvm.isolate;

import dev.isola.mvm.image.ImageCaches;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Launches each isolate as a JVM process of its image, with the image's AOT cache when it
 * has a usable one (looking it up never blocks: see {@link ImageCaches#lookup}).
 */
final class JvmProcessLauncher implements IsolateLauncher {

    @Override
    public Process launch(IsolateSpec spec, IsolateDirectory directory, Path mvmHome) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(JvmCommandLine.of(spec, directory, mvmHome,
                ImageCaches.of(mvmHome).lookup(spec).file()));
        spec.workingDirectory().ifPresent(dir -> builder.directory(dir.toFile()));
        builder.environment().putAll(spec.environment());
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.redirectOutput(ProcessBuilder.Redirect.appendTo(directory.stdout().toFile()));
        builder.redirectError(ProcessBuilder.Redirect.appendTo(directory.stderr().toFile()));
        return builder.start();
    }
}

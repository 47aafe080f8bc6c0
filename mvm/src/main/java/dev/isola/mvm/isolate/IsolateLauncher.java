package dev.isola.mvm.isolate;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Spawns the operating-system process of an isolate. The seam where another way of
 * starting isolates (a pool of pre-started spares, another host) can stand in.
 */
interface IsolateLauncher {

    /**
     * Starts the process for {@code spec}, whose descriptor is already in {@code directory}.
     * The process's output goes to the directory's log files.
     */
    Process launch(IsolateSpec spec, IsolateDirectory directory, Path mvmHome) throws IOException;

    static IsolateLauncher jvmProcesses() {
        return new JvmProcessLauncher();
    }
}

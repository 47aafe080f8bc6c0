package dev.isola.loadtests.standalone;

import dev.isola.domains.isolate.DomainMain;
import dev.isola.domains.logging.LastWordsLogManager;
import dev.isola.mvm.isolate.IsolateProcessDefaults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The MS baselines of the benchmarks: one domain's code as an ordinary {@code java} process, no
 * AOT cache ({@code java [flags] -cp <server image>/* DomainMain --domain-dir D --member server}).
 * It runs the same server code, the same configuration and the same deployed application as an
 * isolate of the domain would. Besides the caller's flags it gets only what changes no
 * behaviour that is measured: the domain isolates' log manager (which keeps the log working
 * during shutdown) and the native-access and Unsafe permissions (without them the JDK prints
 * warnings about the links' FFM calls and Fory's Unsafe).
 *
 * <p>Like every isolate, it runs in a session of its own ({@code setsid}, as the mvm runtime
 * starts isolates and as a service manager starts one JVM per application). Where the kernel
 * groups processes by session for scheduling (autogroup, on by default in Debian's kernels), a
 * server in the benchmark's own session would share one scheduling group with the load
 * generator and the other baselines, while each isolate has a group of its own: the two setups
 * would be scheduled differently, and the measured difference would be that, not the server
 * (docs/results/throughput/autogroup/).
 */
public final class PlainDomainJvm implements AutoCloseable {

    private final Process process;
    private final Path output;

    private PlainDomainJvm(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /**
     * @param jvmFlags the flags of the baseline (none for MS-plain, the isolates' for MS-tuned)
     */
    public static PlainDomainJvm start(Path java, Path imageLibrary, Path domainDirectory, List<String> jvmFlags) throws IOException {
        Path output = domainDirectory.resolve("logs").resolve("stdout.log");
        Files.createDirectories(output.getParent());
        List<String> command = new ArrayList<>();
        command.addAll(IsolateProcessDefaults.launcherPrefix());
        command.add(java.toString());
        command.addAll(jvmFlags);
        command.addAll(IsolateProcessDefaults.accessPermissions());
        command.add("-D" + LastWordsLogManager.PROPERTY + "=" + LastWordsLogManager.class.getName());
        command.addAll(List.of("-cp", imageLibrary.toAbsolutePath() + "/*", DomainMain.class.getName(),
                "--domain-dir", domainDirectory.toString(), "--member", "server"));
        Process process = new ProcessBuilder(command).directory(domainDirectory.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        return new PlainDomainJvm(process, output);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** What the process wrote (the domain's own log is in its logs directory). */
    public String output() {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}

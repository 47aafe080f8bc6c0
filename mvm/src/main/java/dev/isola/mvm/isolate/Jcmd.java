package dev.isola.mvm.isolate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of this JVM's diagnostic commands the way {@code jcmd <pid> <command>} does: the JDK's
 * {@code jcmd}, next to this JVM, in a process of its own that attaches to this one.
 *
 * <p>Why not the {@code DiagnosticCommand} MBean, which runs the same commands from inside: it
 * needs the platform MBean server, which registers every platform MXBean and costs a domain
 * isolate some 20 MB that it would keep for its life (a bare JVM's private memory went from 17 to
 * 38 MB). A {@code jcmd} process costs a second of CPU once, and nothing after it has ended.
 */
final class Jcmd {

    /** What the command printed (standard output and error) and how {@code jcmd} exited. */
    record Result(int exitCode, String output) {
    }

    /** Attaching and running a command takes well under a second; a minute means something hangs. */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Jcmd() {
    }

    /**
     * Runs {@code command} (with its arguments) in this JVM, {@code scratch} holding the output
     * while it runs (it can be large: {@code Compiler.codelist} prints a line per compiled method).
     *
     * @throws IOException when there is no {@code jcmd} beside this JVM (a runtime image without
     *                     the JDK's tools), or it does not end within a minute
     */
    static Result run(Path scratch, String... command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            throw new IOException("there is no jcmd in " + jcmd.getParent() + " (a Java runtime without the JDK's tools)");
        }
        // A small JVM for a short job: jcmd's own JIT and heap would only add to the machine's load.
        List<String> line = new ArrayList<>(List.of(jcmd.toString(), "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC",
                Long.toString(ProcessHandle.current().pid())));
        line.addAll(List.of(command));
        Path output = Files.createTempFile(scratch, "jcmd-", ".out");
        try {
            Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("jcmd " + command[0] + " did not end within " + TIMEOUT.toSeconds() + " s");
            }
            return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }
}

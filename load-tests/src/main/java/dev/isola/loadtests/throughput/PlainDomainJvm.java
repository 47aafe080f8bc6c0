package dev.isola.loadtests.throughput;

import dev.isola.domains.isolate.DomainMain;
import dev.isola.domains.logging.LastWordsLogManager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The MS-plain baseline: one domain's code as an ordinary {@code java} process with the JVM's
 * default flags and no AOT cache ({@code java -cp <server image>/* DomainMain --domain-dir D
 * --member server}). It runs the same server code, the same configuration and the same
 * deployed application as an isolate of the domain would; the only system property it gets
 * is the domain isolates' log manager, which keeps the log working during shutdown.
 */
final class PlainDomainJvm implements AutoCloseable {

    private final Process process;
    private final Path output;

    private PlainDomainJvm(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static PlainDomainJvm start(Path javaHome, Path imageLibrary, Path domainDirectory) throws IOException {
        Path output = domainDirectory.resolve("logs").resolve("plain-jvm.out");
        Files.createDirectories(output.getParent());
        Process process = new ProcessBuilder(List.of(javaHome.resolve("bin/java").toString(),
                "-D" + LastWordsLogManager.PROPERTY + "=" + LastWordsLogManager.class.getName(),
                "-cp", imageLibrary.toAbsolutePath() + "/*", DomainMain.class.getName(),
                "--domain-dir", domainDirectory.toString(), "--member", "server"))
                .directory(domainDirectory.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        return new PlainDomainJvm(process, output);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** What the process wrote (the domain's own log is in its logs directory). */
    String output() {
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

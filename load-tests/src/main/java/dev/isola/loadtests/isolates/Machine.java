package dev.isola.loadtests.isolates;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What BENCHMARKS.md asks every result to name: processors, memory, JDK. */
public final class Machine {

    private Machine() {
    }

    /** {@code nproc}, {@code free -h}, the CPU model and {@code java -version} of {@code javaHome}, as printed. */
    public static String describe(Path javaHome) {
        StringBuilder text = new StringBuilder();
        text.append("$ nproc\n").append(run(List.of("nproc")));
        text.append("$ free -h\n").append(run(List.of("free", "-h")));
        text.append("$ grep -m1 'model name' /proc/cpuinfo\n").append(cpuModel()).append('\n');
        text.append("$ java -version\n").append(run(List.of(javaHome.resolve("bin/java").toString(), "-version")));
        return text.toString();
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor(10, TimeUnit.SECONDS);
            return output;
        } catch (IOException e) {
            return "(" + String.join(" ", command) + " failed: " + e.getMessage() + ")\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)\n";
        }
    }
}

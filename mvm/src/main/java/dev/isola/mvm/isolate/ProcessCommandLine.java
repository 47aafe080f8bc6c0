package dev.isola.mvm.isolate;

import dev.isola.mvm.io.Sha256;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A process's command line as Linux shows it ({@code /proc/<pid>/cmdline}): what tells, with
 * the pid, whether a process is still the one seen before, where start times cannot. CRIU
 * restores a frozen spare in a time namespace of its own (its clocks go on from where they were
 * at the dump), so every start time it reads, from the JDK or from {@code /proc/<pid>/stat},
 * is shifted by the time it spent frozen.
 */
public final class ProcessCommandLine {

    private ProcessCommandLine() {
    }

    /** Empty if the process does not exist, has ended, or its command line cannot be read. */
    public static Optional<String> of(long pid) {
        try {
            byte[] bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            // A zombie's command line is empty: it has ended.
            return bytes.length == 0 ? Optional.empty() : Optional.of(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * 64 bits of the SHA-256 of the command line, as a number to keep beside a pid where only
     * numbers fit (a link's shared header); 0 if there is none to read.
     */
    public static long fingerprint(long pid) {
        return of(pid).map(line -> {
            long value = Long.parseUnsignedLong(Sha256.of(line.getBytes(StandardCharsets.UTF_8)).substring(0, 16), 16);
            return value == 0 ? 1 : value;
        }).orElse(0L);
    }
}

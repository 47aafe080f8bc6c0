package dev.isola.mvm.isolate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CRIU (checkpoint/restore in userspace), the tool that writes a process tree's memory, threads
 * and open files to a directory and later recreates the same processes from it: what
 * {@linkplain Isolate#freeze freezes} a warmed-up spare isolate to disk and thaws it when a
 * domain starts.
 *
 * <p>Version 4 or later is needed: older ones cannot read the vDSO layout of current kernels
 * (Debian 12's 3.17 fails with "vdso: Unexpected rt vDSO area bounds"; {@code bin/install-criu}
 * builds 4.1.1). It runs as root. The binary is the system property {@value #PROPERTY}, else
 * the environment variable {@value #VARIABLE}, else the first {@code criu} found in
 * {@code /usr/local/sbin}, {@code /usr/sbin} and the {@code PATH}.
 */
final class Criu {

    static final String PROPERTY = "mvm.criu";
    static final String VARIABLE = "MVM_CRIU";
    private static final Pattern VERSION = Pattern.compile("Version: (\\d+)\\.(\\d+)");
    private static final int MINIMUM_MAJOR = 4;
    /** Restoring a domain-sized process takes a fraction of a second; a dump under load a few. */
    private static final long TIMEOUT_SECONDS = 60;
    /** How CRIU says it will not write out an open TCP connection (criu/sk-inet.c). */
    private static final String CONNECTED_SOCKET = "Connected TCP socket";

    /** The last one found usable, with where it was looked for: a thaw must not spend a process start on the version check. */
    private static volatile Criu located;

    private final Path binary;

    private Criu(Path binary) {
        this.binary = binary;
    }

    /**
     * A usable CRIU: found, version 4 or later, and this process is root.
     *
     * @throws CheckpointException saying which of those is missing and what to do
     */
    static Criu locate() {
        Criu known = located;
        if (known != null && configured().map(known.binary::equals).orElse(true) && Files.isExecutable(known.binary)) {
            return known;
        }
        Optional<Path> configured = configured();
        List<Path> candidates = configured.map(List::of).orElseGet(Criu::candidates);
        Path found = candidates.stream().filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> new CheckpointException("freezing isolates needs CRIU 4 or later, and no criu was found ("
                        + configured.map(path -> "-D" + PROPERTY + " or $" + VARIABLE + " names " + path + ", which is no executable file")
                                .orElse("looked for /usr/local/sbin/criu, /usr/sbin/criu and criu on the PATH")
                        + "); bin/install-criu builds and installs it"));
        String version;
        try {
            version = run(List.of(found.toString(), "--version"), Optional.empty());
        } catch (CheckpointException e) {
            throw new CheckpointException(found + " does not run: " + e.getMessage());
        }
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            throw new CheckpointException(found + " --version printed no version: " + version.strip());
        }
        if (Integer.parseInt(m.group(1)) < MINIMUM_MAJOR) {
            throw new CheckpointException("freezing isolates needs CRIU 4 or later, and " + found + " is " + m.group(1) + "." + m.group(2)
                    + " (too old for this kernel's vDSO); bin/install-criu builds and installs 4.1.1 in /usr/local/sbin");
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new CheckpointException("freezing isolates needs CRIU to run as root, and this process runs as "
                    + System.getProperty("user.name"));
        }
        located = new Criu(found);
        return located;
    }

    /** An explicit choice, which is then the only candidate: a wrong path must not silently fall back to another criu. */
    private static Optional<Path> configured() {
        String configured = System.getProperty(PROPERTY, System.getenv(VARIABLE));
        return configured == null || configured.isBlank() ? Optional.empty() : Optional.of(Path.of(configured.strip()));
    }

    private static List<Path> candidates() {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("/usr/local/sbin/criu"));
        candidates.add(Path.of("/usr/sbin/criu"));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(":")) {
                if (!dir.isBlank()) {
                    candidates.add(Path.of(dir, "criu"));
                }
            }
        }
        return candidates;
    }

    Path binary() {
        return binary;
    }

    /**
     * Writes process {@code pid} (a session leader with no children, its output in files) to
     * {@code images}, then kills it.
     *
     * @throws CheckpointException with the tail of CRIU's log, and the process's TCP connections
     *                             when CRIU refused one of them; the process then runs on as before
     */
    void dump(long pid, Path images) {
        try {
            run(List.of(binary.toString(), "dump", "--tree", Long.toString(pid), "--images-dir", images.toString(),
                    "--log-file", "dump.log"), Optional.of(images.resolve("dump.log")));
        } catch (CheckpointException e) {
            // CRIU names no connection (criu/sk-inet.c); the process is still there to ask.
            if (e.getMessage().contains(CONNECTED_SOCKET)) {
                List<String> connections = TcpConnections.of(pid);
                throw new CheckpointException(e.getMessage() + "; the process's TCP connections: "
                        + (connections.isEmpty() ? "none left" : String.join(", ", connections)), true);
            }
            throw e;
        }
    }

    /**
     * Recreates the process in {@code images} as a child of this JVM ({@code --restore-sibling}),
     * with its pid and threads' ids as they were, and returns once it runs again.
     *
     * @return its pid
     * @throws CheckpointException with the tail of CRIU's log (a pid in use by now, a file that changed...)
     */
    long restore(Path images) {
        Path pidFile = images.resolve("restored.pid");
        run(List.of(binary.toString(), "restore", "--images-dir", images.toString(), "--restore-detached", "--restore-sibling",
                "--pidfile", pidFile.toString(), "--log-file", "restore.log"), Optional.of(images.resolve("restore.log")));
        try {
            return Long.parseLong(Files.readString(pidFile).strip());
        } catch (IOException | NumberFormatException e) {
            throw new CheckpointException("criu restored " + images + " but left no readable pid in " + pidFile + ": " + e.getMessage());
        }
    }

    private static String run(List<String> command, Optional<Path> log) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        } catch (IOException e) {
            throw new CheckpointException("cannot run " + command.getFirst() + ": " + e.getMessage());
        }
        try {
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new CheckpointException(String.join(" ", command) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            String text = new String(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new CheckpointException("criu " + command.get(1) + " failed (exit " + process.exitValue() + "): "
                        + errors(text + log.map(Criu::read).orElse("")));
            }
            return text;
        } catch (IOException e) {
            throw new CheckpointException("cannot read the output of " + command.getFirst() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CheckpointException("interrupted while running criu " + command.get(1));
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * CRIU's error lines, which say what went wrong, without the one every unprivileged-limit
     * machine prints and that does not matter (it cannot raise its own file limit).
     */
    private static String errors(String log) {
        List<String> lines = log.lines().filter(line -> line.contains("Error") && !line.contains("RLIMIT_NOFILE")).distinct().toList();
        if (lines.isEmpty()) {
            List<String> all = log.lines().toList();
            lines = all.subList(Math.max(0, all.size() - 5), all.size());
        }
        return String.join("; ", lines.subList(Math.max(0, lines.size() - 6), lines.size())).strip();
    }
}

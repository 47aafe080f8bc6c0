package dev.isola.mvm.probe;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs a diagnostic command ({@code jcmd}) in a HotSpot JVM through its attach mechanism,
 * without starting a {@code jcmd} process or loading management classes into the target.
 *
 * <p>The protocol is HotSpot's on Linux: the JVM listens on the Unix socket
 * {@code /tmp/.java_pid<pid>} once its attach listener runs. To start the listener, a client
 * creates the file {@code .attach_pid<pid>} in the JVM's working directory (or {@code /tmp})
 * and sends it SIGQUIT; the JVM sees the file and opens the socket instead of printing a
 * thread dump. A request is the protocol version {@code "1"}, the operation {@code "jcmd"}
 * and three arguments, each ended by a NUL byte; the reply is a status line ({@code 0} for
 * success) followed by the command's output.
 *
 * <p>SIGQUIT ends most processes that are not JVMs, so the listener is only woken in a
 * process that publishes HotSpot perf data or maps {@code libjvm.so}.
 */
public final class DiagnosticCommands {

    private static final Duration LISTENER_START = Duration.ofSeconds(10);

    private DiagnosticCommands() {
    }

    /**
     * Runs {@code command} (e.g. {@code "GC.heap_info"}) in JVM {@code pid} and returns its output.
     *
     * @throws IOException naming the pid and the command when the JVM cannot be attached to
     *                     or the command fails
     */
    public static String execute(long pid, String command) throws IOException {
        Path socket = socketOf(pid);
        if (!Files.exists(socket)) {
            startListener(pid, socket);
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            byte[] request = ("1\0jcmd\0" + command + "\0\0\0").getBytes(StandardCharsets.UTF_8);
            channel.write(ByteBuffer.wrap(request));
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            while (channel.read(buffer) >= 0) {
                reply.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            String text = reply.toString(StandardCharsets.UTF_8);
            int newline = text.indexOf('\n');
            String status = (newline < 0 ? text : text.substring(0, newline)).strip();
            String output = newline < 0 ? "" : text.substring(newline + 1);
            if (!status.equals("0")) {
                throw new IOException("jcmd '" + command + "' in JVM " + pid + " failed (status " + status + "): " + output.strip());
            }
            return output;
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("jcmd '")) {
                throw e;
            }
            throw new IOException("cannot run jcmd '" + command + "' in JVM " + pid + ": " + e.getMessage(), e);
        }
    }

    private static Path socketOf(long pid) {
        Path inItsNamespace = Path.of("/proc", Long.toString(pid), "root", "tmp", ".java_pid" + pid);
        return Files.isDirectory(inItsNamespace.getParent()) ? inItsNamespace : Path.of("/tmp", ".java_pid" + pid);
    }

    private static void startListener(long pid, Path socket) throws IOException {
        if (!isHotSpot(pid)) {
            throw new IOException("process " + pid + " is not a HotSpot JVM (or no longer runs); cannot attach to it");
        }
        Path trigger = Path.of("/proc", Long.toString(pid), "cwd", ".attach_pid" + pid);
        try {
            Files.createFile(trigger);
        } catch (IOException e) {
            trigger = socket.resolveSibling(".attach_pid" + pid);
            Files.deleteIfExists(trigger);
            Files.createFile(trigger);
        }
        try {
            signalQuit(pid);
            long deadline = System.nanoTime() + LISTENER_START.toNanos();
            long pause = 2;
            while (!Files.exists(socket)) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("JVM " + pid + " did not open its attach socket " + socket + " within " + LISTENER_START
                            + " (started with -XX:+DisableAttachMechanism?)");
                }
                Thread.sleep(pause);
                pause = Math.min(50, pause * 2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while attaching to JVM " + pid, e);
        } finally {
            Files.deleteIfExists(trigger);
        }
    }

    private static boolean isHotSpot(long pid) {
        try {
            if (PerfData.of(pid).isPresent()) {
                return true;
            }
            try (var lines = Files.lines(Path.of("/proc", Long.toString(pid), "maps"))) {
                return lines.anyMatch(line -> line.endsWith("/libjvm.so"));
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    /** Java cannot send SIGQUIT itself; {@code kill} can. */
    private static void signalQuit(long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).redirectErrorStream(true).start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            kill.destroyForcibly();
            throw new IOException("cannot send SIGQUIT to JVM " + pid + ": " + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }
}
